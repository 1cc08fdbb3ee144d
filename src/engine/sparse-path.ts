/**
 * Which way the next sparse chunk runs: one worker ('seq') or a gang of every pool thread
 * ('gang', engine/sparse-gangs.ts). Neither wins everywhere: Grundy's game runs ~1.9x faster as
 * a gang on two threads, but a code whose rare heaps all sit below the gang's window (octal:0.354)
 * makes nearly every finish rescan, and its gang ran 1.35x slower than one worker. So the
 * choice is measured, not guessed: the faster path by wall time per heap, the median of its
 * latest three chunks (one chunk slowed by a pause, or cut short by a periodicity check, does
 * not flip the choice alone: it did once, for 64 chunks), with the other path probed now and
 * then (costs drift as n grows) on a short chunk, and at once when its last figure beats the
 * current path's. Only a probe switches paths: one that wins takes over, one that loses doubles
 * the wait for the next.
 */
export type SparsePath = 'seq' | 'gang';

/** Chunks between probes of the slower path: at first, and at most after repeated losses. */
export const PROBE_MIN = 8;
export const PROBE_MAX = 256;
/** Chunks per path in the figure (their median). */
const WINDOW = 3;
/**
 * The other path takes over only below this fraction of the current one's cost: a machine
 * whose speed drifts by a third within a minute had made octal:0.354 (gang 1.25x slower) flip
 * to its gang mid-run on one chunk's luck.
 */
const SWITCH = 0.9;
/** A path that costs this many times the current one's is probed only every PROBE_MAX chunks. */
export const FAR = 2;
/**
 * A gang whose last chunk rescanned at least this share of its heaps never takes over. Its
 * finishes then run the sequential kernel's whole scan for nearly every heap, in order, one
 * member at a time: it cannot do much better than one worker, and a figure that says it does
 * is the machine's noise. octal:0.354 (93-96% rescanned, 1.5x one worker's time) once moved to
 * its gang in a slow spell of its one-worker chunks and spent 2.5 s there.
 */
export const RESCAN_VETO = 0.9;
/**
 * The veto of a tile gang that no pipe can follow (engine/sparse-gangs.ts: few rare heaps, or not
 * two members in an arena). With few rare heaps the gather has little to do (step 1 is short),
 * so the finishes' rescans are nearly a whole heap each: octal:0.167 (59 rare heaps) rescanned
 * 74-89% of its heaps and ran 2.3-3.6x one worker's time a heap, and its second trial chunk
 * (its first had rescanned 89%, just under RESCAN_VETO) cost 25 ms of a 1.04 s run. A game
 * whose tiles win rescans far less than this (Officers, 0.014, 0.172, Grundy's game: 7-16%).
 */
export const TILES_ALONE_VETO = 0.7;
/**
 * A new gang kind (renewGang) whose trials cost less than this share of one worker's figure goes
 * on without meeting one worker first. Stricter than SWITCH: that figure is from heaps far
 * smaller (octal:0.034's 1.03 µs a heap before 2^15 read 0.83 past 2^16). The meeting costs a
 * one-worker chunk at 1.3-1.7x the pipe's cost: 0.161 to 2^22 on two workers, eight pairs
 * alternated, 1.49 s mean against 1.56 (bench/NOTES.md).
 */
export const RENEWED_CLEAR = 0.8;
/**
 * A one-worker chunk that ran at least this share of its heaps on the split sums' words
 * (assembly/sparse/planes.ts, values below 64) vetoes the gang: its members mark byte lanes,
 * which took octal:0.167 twice one worker's time a heap there, so two of them could at best tie
 * one worker, and their trial chunk alone cost a tenth of a run to 2^22 (bench/NOTES.md).
 */
export const PLANES_VETO = 0.5;

export class SparsePathChooser {
  private readonly wallUs: Record<SparsePath, number> = { seq: 0, gang: 0 };
  private readonly recent: Record<SparsePath, number[]> = { seq: [], gang: [] };
  private readonly runs: Record<SparsePath, number> = { seq: 0, gang: 0 };
  private sinceProbe = 0;
  private probeEvery = PROBE_MIN;
  /** Did the latest gang chunk rescan at least its veto's share of its heaps (record)? */
  private gangVetoed = false;
  /** Did the latest one-worker chunk run at least PLANES_VETO of its heaps on the words (planes)? */
  private planesVetoed = false;
  /** The path being probed by the chunk in flight, if it is a probe. */
  private probing: SparsePath | null = null;
  /** A gang's trials are over and one worker is probed next, whatever the schedule (record). */
  private compareSoon = false;
  /** The gang's kind changed (renewGang): its trials are measured against RENEWED_CLEAR. */
  private renewed = false;
  /**
   * The path chunks take between probes: the gang's after its two first chunks, until one
   * worker is clearly faster (a loaded machine slows a gang of every thread more than one
   * worker, and a first comparison at such a moment had kept Grundy's game off its gang).
   */
  private current: SparsePath = 'gang';

  /**
   * The path for the next chunk, and whether it is a probe (a probe runs a short chunk). A gang
   * is tried twice before its figure counts: its first chunk pays for compiling its kernel.
   */
  next(): { path: SparsePath; probe: boolean } {
    if (this.runs.gang < 2 && !this.vetoed()) {
      this.probing = 'gang';
      return { path: 'gang', probe: this.runs.gang === 0 };
    }
    if (this.planesVetoed) {
      this.probing = null;
      return { path: 'seq', probe: false };
    }
    if (this.compareSoon) {
      this.compareSoon = false;
      this.sinceProbe = 0;
      this.probing = 'seq';
      return { path: 'seq', probe: true };
    }
    const other: SparsePath = this.current === 'gang' ? 'seq' : 'gang';
    // The other path's figure is as old as its last chunk: measured at smaller heaps (which cost
    // less as they grow), perhaps in a calmer moment of the machine. One that beats the current
    // path calls for a probe now, never a switch: octal:0.354 once moved to its slower gang on a
    // figure from 8 * 10^6 heaps before, and ran 4 * 10^6 heaps there.
    if (++this.sinceProbe >= this.probeEvery || (this.runs[other] > 0 && this.beats(other))) {
      this.sinceProbe = 0;
      this.probing = other;
      return { path: other, probe: true };
    }
    this.probing = null;
    return { path: this.current, probe: false };
  }

  /**
   * Should the gang that ran the last chunk go on with the next (engine/sparse-gangs.ts)? Yes
   * while the gang is the current path (a probing gang that lost is not) and one worker's
   * figure does not beat it: what would otherwise make the next chunk a probe of one worker.
   */
  keepsGang(): boolean {
    if (this.runs.gang < 2 && !this.vetoed()) return true;
    if (this.compareSoon) return false;
    return this.current === 'gang' && !(this.runs.seq > 0 && this.beats('seq'));
  }

  /**
   * The next chunk goes on with the gang that is running: the current path, no probe, and no
   * chunk counted towards the next probe (a gang goes on for a bounded stretch: gangHorizon).
   */
  carryOn(): void {
    this.probing = null;
  }

  /**
   * The gang path changes kernel (engine/sparse-gangs.ts: tile gangs give way to pipes): its
   * figures say nothing of the new one, which gets the trials a first gang gets (its first chunk
   * compiles its code, and ran at half speed), then meets one worker at once unless it costs less
   * than RENEWED_CLEAR of one worker's figure: that figure may be from heaps far smaller, and a
   * gang goes on for many chunks before the next probe (octal:0.167's pipe, its marker idle for
   * want of far pairs, ran 10-20% slower than one worker to 2^22 without the meeting).
   */
  renewGang(): void {
    this.runs.gang = 0;
    this.recent.gang.length = 0;
    this.wallUs.gang = 0;
    this.gangVetoed = false;
    this.current = 'gang';
    this.compareSoon = false;
    this.renewed = true;
  }

  /**
   * The latest gang chunk's veto no longer holds: it was TILES_ALONE_VETO's, for want of rare
   * heaps for a pipe, and the rare heaps have come (engine/sparse-gangs.ts). The gang is probed
   * again soon, where its tiles may now give way to a pipe.
   */
  reopenGang(): void {
    if (!this.gangVetoed) return;
    this.gangVetoed = false;
    this.probeEvery = PROBE_MIN;
  }

  /**
   * The latest one-worker chunk of `heaps` heaps ran `planes` of them on the split sums' words:
   * from PLANES_VETO of them on, no gang runs (one running gives way); once fewer do (values
   * have passed 63), the gang gets its trials soon, as a first gang does.
   */
  planes(heaps: number, planes: number): void {
    if (heaps <= 0) return;
    const was = this.planesVetoed;
    this.planesVetoed = planes >= PLANES_VETO * heaps;
    if (this.planesVetoed && this.current === 'gang') this.current = 'seq';
    if (was && !this.planesVetoed) this.probeEvery = PROBE_MIN;
  }

  /**
   * A chunk of `heaps` heaps ran on `path` in `wallMs` (a gang's: `rescans` of them rescanned,
   * and vetoed from the share `veto`: RESCAN_VETO, or TILES_ALONE_VETO for tiles no pipe can follow).
   */
  record(path: SparsePath, heaps: number, wallMs: number, rescans = 0, veto = RESCAN_VETO): void {
    if (heaps <= 0) return;
    if (path === 'gang') {
      this.gangVetoed = rescans >= veto * heaps;
      // A gang past the veto gives way at once, whatever its figure says: one worker's only
      // figure may be from the small chunks at the start, whose heaps cost more (octal:0.167
      // stayed on a gang rescanning 92% of its heaps, 1.2x one worker's time, for a whole run).
      // Its first chunk too: compiling the kernel spoils its time, not its rescans (octal:0.167
      // and 0.354 rescan 98-100% there, and their second trial chunk ran at half speed).
      if (this.vetoed() && this.current === 'gang') this.current = 'seq';
      // Nor is a vetoed gang probed soon: its rescans come from scans shorter than its window
      // and stay as n grows, and each probe runs a chunk at about half speed (octal:0.167 to
      // 2^22 on two workers: 100 ms of its 1.1 s).
      if (this.vetoed()) this.probeEvery = PROBE_MAX;
    }
    const other: SparsePath = path === 'gang' ? 'seq' : 'gang';
    // A gang's first chunk compiles its kernel: it says nothing about its speed.
    if (path === 'seq' || this.runs.gang > 0) {
      const recent = this.recent[path];
      if (this.probing === path) recent.length = 0;
      recent.push((wallMs * 1000) / heaps);
      if (recent.length > WINDOW) recent.shift();
      const sorted = [...recent].sort((a, b) => a - b);
      this.wallUs[path] = sorted[(sorted.length - 1) >> 1]!;
      if (this.probing === path && this.runs[other] > 0) {
        // A probe that wins takes over (and the path it beat is probed again soon); one that
        // loses doubles the wait for the next. A path at half the other's cost or less waits
        // longest: drift does not close such a gap in a few chunks, and each probe of the
        // slower one costs a chunk's time (octal:0.167's gang, 2.3-3.6x one worker's cost,
        // probed every 8 and 16 chunks: 50-135 ms each of a 1.1 s run).
        const won = path !== this.current && this.beats(path);
        if (won) this.current = path;
        const slower: SparsePath = this.current === 'gang' ? 'seq' : 'gang';
        if (this.wallUs[slower] >= this.wallUs[this.current] * FAR) this.probeEvery = PROBE_MAX;
        else this.probeEvery = won ? PROBE_MIN : Math.min(PROBE_MAX, this.probeEvery * 2);
      }
    }
    this.runs[path]++;
    // A gang whose trials do not clearly beat one worker meets one worker at once: one worker's
    // figure is then from the small chunks at the start, and noisy (octal:4.6's 0.13 µs a heap
    // once read 0.23, and its gang, 1.3x slower, ran the whole run). A new gang kind must beat
    // it by more (RENEWED_CLEAR).
    if (path === 'gang' && this.runs.gang === 2) {
      const renewed = this.renewed;
      this.renewed = false;
      if (this.current === 'gang' && !this.beats('gang', renewed ? RENEWED_CLEAR : SWITCH)) this.compareSoon = true;
    }
  }

  /** Is the gang vetoed: by its latest chunk's rescans, or by one worker's planes? */
  private vetoed(): boolean {
    return this.gangVetoed || this.planesVetoed;
  }

  /** Is `path` clearly faster than the other (below `margin` of its cost; a gang, not vetoed)? */
  private beats(path: SparsePath, margin = SWITCH): boolean {
    if (path === 'gang' && this.vetoed()) return false;
    return this.wallUs[path] < this.wallUs[path === 'gang' ? 'seq' : 'gang'] * margin;
  }

  /** Wall µs per heap of the latest chunk on each path (0: never ran). */
  get figures(): Readonly<Record<SparsePath, number>> {
    return this.wallUs;
  }
}
