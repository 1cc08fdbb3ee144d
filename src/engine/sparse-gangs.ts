import { ComputeError, UsageError } from '../errors.js';
import { abortGang, controlBytes, finishedAt, GANG, startGang } from '../kernels/gang-control.js';
import { gangEnd, runGangTasks, type GangEnd, type GangSettled } from '../gang/launch.js';
import type { SparseShape } from '../kernels/sparse.js';
import { SPARSE_GANG_KERNEL, sparseRowStride } from '../kernels/sparse-frozen.js';
import { rowWordsFor } from '../kernels/frozen/frozen-kernel.js';
import { tableBuffer, tableMax, type Table } from '../kernels/values.js';
import { placeRare, WASM_SPARSE_GANG_KERNEL, wasmRowStride } from '../kernels/wasm/sparse-wasm.js';
import {
  haltPipe,
  PIPE,
  PIPE_BYTES,
  pipeControl,
  pipeFits,
  startPipe,
  WASM_SPARSE_PIPE_KERNEL,
} from '../kernels/wasm/sparse-pipe.js';
import type { Rules } from '../rules/types.js';
import { RowScratch } from './frozen-runner.js';
import type { EnginePool } from './tasks.js';
import type { ChunkOutcome } from './protocol.js';
import type { SparseArena } from './sparse-arena.js';
import { RESCAN_VETO, TILES_ALONE_VETO, type SparsePathChooser } from './sparse-path.js';
import type { SparseGangOutcome, SparseGangTask, SparseReadyTask } from './sparse-protocol.js';
import type { SparseSpace } from './sparse-space.js';
import type { ReadyWindow, SparseWindow } from './sparse-window.js';
import type { ChunkRun } from './strategy.js';

/**
 * Length of a gang's tile: about GANG_TILE_US of work, at least GANG_TILE heaps. A finish
 * must rescan a heap when a pair with a small rare heap and a heap of its window [F, n) (up to
 * members * tile long) marks the gather's guess for c, and rare heaps crowd the small sizes, so
 * that rate grows with the window (Grundy's game near 3e5: 1% of heaps at a window of 256, 3%
 * at 512), each rescan costing about one heap of the sequential kernel: hence short
 * tiles. But every tile is a hand-over (an Atomics wake-up and a cold start of the
 * finish), which cheap heaps do not pay for: octal:0.354 (~1 µs a heap) ran 34 s on two
 * workers with 256-heap tiles against 26 s on one. A gang's first tiles are sized by the chunks
 * before it; then the members size them by their own pace (gang/member.ts tileFor), as heaps
 * grow costlier along the gang. Grundy's game to 2 * 10^6 on two workers, the members' time
 * a heap over 2,000 / 1,600 / 1,300 / 1,000 µs tiles: 1.10 / 1.06 / 1.07 / 1.08 µs (fewer
 * rescans against more hand-overs and waits). With faster kernels the balance moved: whole
 * commands on two workers, 800 µs against 1,600 (pairs alternated), Grundy's game to 10^7 and
 * Officers to 2^22 3-4% faster, 0.034 3%, 0.172 even, 0.014 2.5% slower (bench/NOTES.md).
 */
const GANG_TILE = 256;
const GANG_TILE_MAX = 16384;
const GANG_TILE_US = 800;
/** Tiles are whole blocks of the kernels' 16 heaps (gang/member.ts MemberSchedule.align). */
const TILE_ALIGN = 16;
/**
 * The tiles of a run whose gang rescans at least RESCAN_SHORT of a chunk's heaps take
 * SHORT_TILE_US from then on, the running gang's too (GANG.TILE_NS). Its scans are short
 * against the window, so most of them read the window's pairs: octal:0.161 (861 pairs a scan,
 * rare heaps up to 23,784) rescanned 57-76% of its heaps over 800 µs tiles, and to 2^22 on two
 * workers ran 1.78 s over them, 1.48 s over 400 µs, 1.40 s over 300 and 1.34 s over 150.
 * Officers, 0.014, 0.172 and Grundy's game (rescanning 7-16%) ran 0-2% slower over 300-400 µs
 * tiles, and keep 800; 0.034 (31-40%) ran even either way.
 */
const SHORT_TILE_US = 300;
const RESCAN_SHORT = 0.5;
/**
 * Once a tile gang's chunk rescans this share of its heaps (but less than RESCAN_VETO), the
 * gangs that follow are pipes where a pipe can run (two members over the arena, one split sum
 * or two sharing lanes: assembly/sparse/pipe.ts).
 * A pipe does one worker's work on two threads and guesses nothing, but its threads hand over
 * every block: whole commands to 2^22 on two workers against the tile gang, pairs alternated
 * (bench/NOTES.md): octal:0.161 (rescans 42-76%) 1.08-1.17 s against 1.30-1.39, 0.034 (15-40%)
 * 1.67-1.75 against 1.79-1.88, Officers, 0.172 and Grundy's game (7-16%) even, 0.014 (~7%)
 * 3.47-3.58 against 3.24-3.33. A gang vetoed for its rescans (sparse-path.ts RESCAN_VETO) has scans that
 * lie inside its window: the near pairs are most of the work, and the pipe's closer does those
 * itself (octal:0.167 0.86-1.02 s against 0.82 on one worker, 0.354 1.18-1.20 against 1.11-1.13).
 * A fifth, not a quarter: 0.034's tile chunks rescan 15-27% of their heaps to 2^22 (one run of
 * four kept its tiles to the end, 2.94 s against 2.55 with its pipe), while the games whose
 * tiles win or tie stay at 12% or less all the way (Grundy's game to 10^7, Officers to 2^22).
 */
const PIPE_RESCANS = 0.2;
/**
 * Nor with fewer rare heaps than this: the marker's share is step 1's bulk and the far pairs,
 * and with few rare heaps the closer does nearly all of every block while the marker waits
 * (octal:0.167 has 59, 47 of them from 64 on, but its front is 16-32 pairs, all below the 64 a
 * closer keeps, and its short scans are the closer's too). 0.167's pipe, between its tile
 * gang's trial and the probe of one worker, ran its first chunk at a fifth of one worker's
 * speed; whole commands to 2^22 on two workers, pairs alternated: 0.83-0.86 s without it
 * against 0.84-0.88. The games the pipe helps have hundreds (0.161: 488 rare heaps when the
 * choice is made, 0.034: 1,077).
 */
const PIPE_RARE = 256;

/**
 * GRUNDY_SPARSE_GANG=pipe makes every two-member gang a pipe where one can run, =tiles never
 * (to compare the two); unset, the rescans decide (PIPE_RESCANS). A runner reads it as it starts.
 */
export function sparseGangChoice(): boolean | undefined {
  const value = process.env.GRUNDY_SPARSE_GANG;
  if (value === undefined || value === '') return undefined;
  if (value === 'pipe' || value === 'tiles') return value === 'pipe';
  throw new UsageError(
    `GRUNDY_SPARSE_GANG must be pipe or tiles, not ${JSON.stringify(value)} (or unset it: the gangs' rescans decide)`,
  );
}

/** The tile time after a gang chunk of `heaps` heaps rescanned `rescanned` of them. */
export function tileUsAfter(tileUs: number, heaps: number, rescanned: number): number {
  return heaps > 0 && rescanned >= RESCAN_SHORT * heaps ? Math.min(tileUs, SHORT_TILE_US) : tileUs;
}
/**
 * A gang's first chunk holds this many times the work of a sequential one (times the members),
 * and sets how far the gang goes on (gangHorizon); the chunks it goes on with hold a sequential
 * one's wall time (times the members), as they cost no start. Before gangs went on, every
 * chunk was a gang's, each start and end a few ms in which a member idled: Grundy's game to
 * 2 * 10^6 on 2 workers, 4 against 8, five alternated pairs: 2.79-2.85 against 2.77-2.82 s.
 */
export const GANG_CHUNK_FACTOR = 8;
/** A gang member's rows when they live in its arena place. */
const NO_ROWS = new SharedArrayBuffer(0);
/**
 * A gang runs on for this many chunks of its first chunk's length, at most MAX_GANG_SPAN heaps
 * (its rare list has room for every one: address space, taken only where written). Every gang
 * start and end costs a few ms in which a member idles: Grundy's game to 2 * 10^6 on two
 * workers started six gangs, one per chunk, and lost 40-60 ms between them. The first gang's
 * first chunk is short (2^15 heaps, the prefix is young), so at 64 it ended at 2^21 and a second
 * gang took the rest of a run to 2^22: Officers, 0.014 and 0.172 ran 1-3% faster as one gang.
 */
const GANG_SPAN = 128;
const MAX_GANG_SPAN = 1 << 23;

/** Where a gang started for the chunk [lo, hi) stops, in an arena table with room for `reserve` values. */
export function gangHorizon(lo: number, hi: number, reserve: number): number {
  return Math.max(hi, Math.min(reserve, lo + Math.min(MAX_GANG_SPAN, GANG_SPAN * (hi - lo))));
}

/** A gang that may still be running, and what of it the chunks have reported. */
interface LiveGang {
  /** The control block, its heaps in the gang's frame: heap n is n - shift there. */
  readonly ctl: Int32Array;
  /** A windowed run's frame past 2^31 heaps (SparseWindow.ready): 0 below. */
  readonly shift: number;
  readonly lo: number;
  readonly members: number;
  /** The arena its members work in (null: the JavaScript kernel's SharedArrayBuffer). */
  readonly arena: SparseArena | null;
  /** The shared rare list: the runner's first `known` entries, then those the members found (in the frame). */
  readonly rarePos: Int32Array;
  readonly rareVal: Int32Array;
  readonly known: number;
  /** Entries of the shared rare list already in the runner's. */
  taken: number;
  /** Heaps below this are in a chunk's outcome. */
  reported: number;
  /** When the last chunk's outcome was made (ms, performance.now). */
  reportedAt: number;
  /** The control block's counters as of the last chunk's outcome. */
  counted: { readonly rescans: number; readonly continued: number };
  /** Every member has returned. */
  readonly settled: Promise<GangSettled<SparseGangOutcome>>;
  /** The phase kernel its members run: the WebAssembly one in an arena, or the pipe. */
  readonly kernel: string;
  /** Stop its members wherever they are (abortGang, and a pipe's own STOP). */
  readonly abort: () => void;
  /** A pipe's control block: its arena's memory and where it lies. */
  readonly pipe: { readonly memory: WebAssembly.Memory; readonly at: number } | null;
}

/** Heaps per gang tile for heaps costing `usPerHeap` µs of thread time each (0: unknown). */
export function tileLength(usPerHeap: number, tileUs = GANG_TILE_US): number {
  if (!(usPerHeap > 0)) return GANG_TILE;
  const heaps = Math.round(tileUs / usPerHeap / TILE_ALIGN) * TILE_ALIGN;
  return Math.min(GANG_TILE_MAX, Math.max(GANG_TILE, heaps));
}

/** Parallel sparse chunks run, and how often the gather's guess fell short. */
export interface SparsePhaseStats {
  chunks: number;
  /** Gangs started: one goes on for many chunks (gangHorizon). */
  gangs: number;
  /** Heaps whose finish scanned every pair because the true c exceeded the gather's c_spec. */
  rescans: number;
  /** Heaps whose finish scanned the window's pairs after an exhausted frozen scan. */
  continued: number;
  /** Gangs stopped early because the values outgrew their rows (a new gang goes on). */
  regrows: number;
}

/** What the gangs read and write of the run they serve (engine/sparse-runner.ts). */
export interface SparseGangHost {
  readonly rules: Rules;
  readonly shape: SparseShape;
  readonly threads: number;
  readonly tuning: { readonly chunk?: number; readonly tightRows?: boolean; readonly pipe?: boolean };
  readonly space: SparseSpace;
  readonly chooser: SparsePathChooser;
  readonly stats: SparsePhaseStats;
  /** The newest arena, and the run's window if it keeps one. */
  readonly arena: SparseArena | null;
  readonly window: SparseWindow | null;
  /** Thread time per heap of the last chunk, in µs (0 before the first): sizes gang tiles. */
  usPerHeap: number;
  /** Pool threads the last chunk kept busy. */
  lastWorkers: number;
  /** The arena that holds g, if any; a window made ready for a gang may have a new one. */
  arenaOf(g: Table): SparseArena | null;
  /** A windowed run's heap whose scan left the window: computed on this thread (its value). */
  finishMiss(win: SparseWindow, n: number): number;
  /** A windowed run made its window ready for [lo, end): the place's window, the arena now the window's. */
  readyWindow(win: SparseWindow, lo: number, end: number): ReadyWindow;
}

/**
 * The gangs of a sparse run (docs/sparse.md): a chunk on every pool thread at once, tiles
 * handed over through shared memory, a gang going on past its chunk to its horizon.
 */
export class SparseGangs {
  private readonly rowScratch: RowScratch[] = [];
  private readonly controlScratch = new RowScratch();
  private readonly rarePosScratch = new RowScratch();
  private readonly rareValScratch = new RowScratch();
  /** The ready tasks (warm) still running: a gang waits for them. */
  private readying: Promise<void> | null = null;
  /** The gang running on past the last chunk's end, if any (run). */
  private live: LiveGang | null = null;
  /** A timed tile's thread time, in µs: GANG_TILE_US, or SHORT_TILE_US once rescans call for it. */
  private tileUs = GANG_TILE_US;
  /** The closer's share of the bulk where the last pipe left it (assembly/sparse/pipe.ts TAKE). */
  private pipeTake = 0;
  /** A tile gang rescanned PIPE_RESCANS of a chunk: the next gangs are pipes where one can run. */
  private pipeWins = false;
  /**
   * The latest tile chunk was vetoed from TILES_ALONE_VETO only for want of PIPE_RARE rare heaps
   * (a pipe could run otherwise): the veto is lifted once they have come (recheckVeto).
   */
  private vetoedForRare = false;

  constructor(private readonly host: SparseGangHost) {}

  /** Is a gang running (on past the last chunk)? */
  get running(): boolean {
    return this.live !== null;
  }

  /**
   * The threads the gangs will need get ready while one worker runs the chunks below them: in an
   * arena, each sets up its instance over a member's place (members 1 and up: the first chunks
   * take member 0's); else they load this entry. Fire and forget: a failure shows up again, and
   * is reported, in the gang.
   */
  warm(pool: EnginePool, arena: SparseArena | null, capacity: number): void {
    if (!arena) {
      pool.warm('sparse', this.host.threads - 1);
      return;
    }
    // No room asked for rare heaps or rows: the places of the chunk running keep their addresses.
    const places = arena.places(this.host.threads, this.host.window?.capacity ?? capacity, 0, 0);
    const readying: Promise<unknown>[] = [];
    for (let member = 1; member < this.host.threads; member++) {
      const task: SparseReadyTask = {
        kind: 'sparse-ready',
        rules: this.host.rules,
        shape: this.host.shape,
        mask: this.host.space.mask!,
        arena: { memory: arena.memory, id: arena.id, place: places[member]! },
      };
      readying.push(pool.runOn('sparse', task, undefined, `sparse member ${member + 1} getting ready`).catch(() => {}));
    }
    // A member's slot may go to any thread, not the one that readied it: no gang starts while a
    // ready task still writes a slot's scratch. (One did, with three threads on two busy cores:
    // the member's scratch was reset under it, and its values were wrong.)
    const ready = Promise.all(readying).then(() => {
      if (this.readying === ready) this.readying = null;
    });
    this.readying = ready;
  }

  /**
   * A chunk [lo, hi) on a gang of every pool thread (engine/sparse-gangs.ts): one task per
   * thread, tiles handed over through shared memory, the main thread only waiting. A gang goes
   * on past its first chunk to its horizon (gangHorizon): the chunks after it only wait for
   * FINISHED to pass their end, so the members never stop between chunks. The gang can stop
   * early (a value too wide for the table, rows too narrow for the values, a failed member):
   * every heap below the control block's FINISHED is final all the same, so the outcome says
   * how far it got and the coordinator stores that much.
   */
  async run(chunk: ChunkRun): Promise<ChunkOutcome> {
    const { lo, hi, signal } = chunk;
    // Only when they still run: an await here would post the tasks after the last chunk's commit.
    if (this.live === null && this.readying) await this.readying;
    const started = performance.now();
    const gang = this.live ?? this.start(chunk);
    // The chunk that started the gang stops its tasks when cancelled; a later one stops the members.
    const cancel = (): void => gang.abort();
    if (gang.lo !== lo) signal?.addEventListener('abort', cancel, { once: true });
    const { ctl, shift } = gang;
    try {
      await finishedAt(ctl, hi - shift, gang.settled);
    } finally {
      signal?.removeEventListener('abort', cancel);
    }
    const next = Math.min(hi, Atomics.load(ctl, GANG.FINISHED) + shift);
    // Only the rare heaps below next: those past it belong to later chunks (or, past FINISHED,
    // to a member that died before publishing its tile). The members' own are in the frame.
    const found = Atomics.load(ctl, GANG.RARE_COUNT);
    let taken = gang.taken;
    for (; taken < found; taken++) {
      const r = gang.rarePos[taken]! + (taken >= gang.known ? shift : 0);
      if (r >= next) break;
      this.host.space.rare.push(r, gang.rareVal[taken]!);
    }
    gang.taken = taken;
    gang.reported = next;
    if (gang.pipe) this.pipeTake = Atomics.load(pipeControl(gang.pipe.memory, gang.pipe.at), PIPE.TAKE);
    const counts = { rescans: Atomics.load(ctl, GANG.RESCANS), continued: Atomics.load(ctl, GANG.CONTINUED) };
    const rescanned = counts.rescans - gang.counted.rescans;
    const share = next > lo ? rescanned / (next - lo) : 0;
    // A tile gang a pipe could follow, given PIPE_RARE rare heaps.
    const pipeable = !gang.pipe && this.pipeRuns(gang.arena !== null);
    const fewRare = this.host.space.rare.count < PIPE_RARE;
    const pipeCould = pipeable && !fewRare;
    const toPipe = !this.pipeWins && share >= PIPE_RESCANS && share < RESCAN_VETO && pipeCould;
    const tileUs = tileUsAfter(this.tileUs, next - lo, rescanned);
    if (tileUs !== this.tileUs && this.host.tuning.chunk === undefined) {
      this.tileUs = tileUs;
      Atomics.store(ctl, GANG.TILE_NS, tileUs * 1000);
    }
    if (next > lo) {
      const ms = performance.now() - Math.max(started, gang.reportedAt);
      // The first gang loads the gang's worker code in every thread: its time per heap (3-10x
      // the next ones') would size the next chunk and its tiles far too small.
      if (this.host.stats.chunks > 0) this.host.usPerHeap = (ms * 1000 * gang.members) / (next - lo);
      const veto = gang.pipe || pipeCould ? RESCAN_VETO : TILES_ALONE_VETO;
      this.host.chooser.record('gang', next - lo, ms, rescanned, veto);
      this.vetoedForRare = pipeable && fewRare && share >= TILES_ALONE_VETO && share < RESCAN_VETO;
    }
    if (toPipe) {
      this.pipeWins = true;
      this.host.chooser.renewGang();
    }
    gang.reportedAt = performance.now();
    this.host.stats.chunks++;
    this.host.stats.rescans += rescanned;
    this.host.stats.continued += counts.continued - gang.counted.continued;
    gang.counted = counts;
    this.host.space.upto = next;
    this.host.lastWorkers = gang.members;
    const chunkMax = tableMax(chunk.g, lo, next);
    const result = next < hi ? await gang.settled : null;
    if (result) {
      // The gang is over: what stopped it short of hi is this chunk's outcome.
      this.live = null;
      if (result.fatal) throw result.fatal.error;
      if (signal?.aborted) throw new ComputeError(`the sparse gang chunk [${lo}, ${hi}) was cancelled`);
      const end = framed(gangEnd(ctl, result), shift);
      if ('kind' in end) return { ...end, next };
      if (end.regrow) this.host.stats.regrows++;
      // A stop reason is this chunk's only when the gang stopped inside it (next is FINISHED).
      if (end.overflow !== 0 && next === end.next)
        return { kind: 'overflow', next, maxValue: chunkMax, value: end.overflow, kernel: gang.kernel };
      if (end.miss && next === end.next && this.host.window) {
        // A heap whose scan leaves the window: computed here, then the next chunk starts a gang after it.
        const v = this.host.finishMiss(this.host.window, next);
        if (v > 0xffff) return { kind: 'overflow', next, maxValue: chunkMax, value: v, kernel: gang.kernel };
        return { kind: 'done', next: next + 1, maxValue: Math.max(chunkMax, v), kernel: gang.kernel };
      }
      // A gang that went on from an earlier chunk may stop right at lo (its rows to regrow):
      // a new one takes the chunk.
      if (next === lo && gang.lo < lo) return this.run(chunk);
      if (next === lo)
        throw new Error(`the sparse gang on [${lo}, ${hi}) of ${this.host.rules.key} stopped before its first tile`);
      return { kind: 'done', next, maxValue: chunkMax, kernel: gang.kernel };
    }
    return { kind: 'done', next, maxValue: chunkMax, kernel: gang.kernel };
  }

  /** Start a gang at the chunk's lo: its members run to its horizon unless stopped. */
  private start(chunk: ChunkRun): LiveGang {
    const { pool, g, width, lo, hi, maxBefore, signal } = chunk;
    const members = this.host.threads;
    const win = this.host.window !== null && g === this.host.window.g ? this.host.window : null;
    // A probe's gang goes on too, for as long as the chooser keeps it (pathAt); in a window, no
    // further than the tail holds (it does not move while the gang runs).
    const end = win
      ? Math.max(hi, Math.min(gangHorizon(lo, hi, Infinity), lo + win.maxChunk))
      : this.host.arena && this.host.arenaOf(g)
        ? gangHorizon(lo, hi, this.host.arena.reserve)
        : hi;
    const ready = win ? this.host.readyWindow(win, lo, end) : undefined;
    const shift = ready?.shift ?? 0;
    const known = this.host.space.rare.count;
    const arena = this.host.arenaOf(g);
    const tile = Math.max(1, this.host.tuning.chunk ?? tileLength(this.host.usPerHeap, this.tileUs));
    // Room for the values to double within the chunk before the rows must grow.
    const rowWords = rowWordsFor(this.host.tuning.tightRows ? maxBefore : 2 * maxBefore + 1);
    // The control block and rare list are reused gang after gang (one gang at a time: a new one
    // starts once the last one's members have returned): a buffer sent to the workers is
    // freed only when every thread has collected it, and idle workers rarely do (new buffers
    // for every chunk had grown Grundy's game to 10^7 by 90 MB).
    const bytes = controlBytes(members);
    const control = this.controlScratch.get(bytes);
    const ctl = new Int32Array(control, 0, bytes / 4);
    startGang(ctl, lo - shift, end - shift, maxBefore, members);
    ctl[GANG.RARE_COUNT] = known;
    // Room for every heap of the gang to be rare: the members never reallocate the list. Pages
    // are taken only once written.
    const rarePos = this.rarePosScratch.get((known + (end - lo)) * 4);
    const rareVal = this.rareValScratch.get((known + (end - lo)) * 4);
    new Int32Array(rarePos).set(this.host.space.rare.pos.subarray(0, known));
    new Int32Array(rareVal).set(this.host.space.rare.val.subarray(0, known));
    const base = {
      kind: 'sparse-gang' as const,
      rules: this.host.rules,
      shape: this.host.shape,
      buffer: tableBuffer(g),
      width,
      mask: this.host.space.mask!,
      control,
      rarePos,
      rareVal,
      rowWords,
      lo: lo - shift,
      hi: end - shift,
      tile,
      // A fixed tile (tests) stays fixed; else tiles follow the heaps' cost along the gang.
      ...(this.host.tuning.chunk === undefined
        ? { timed: { ns: this.tileUs * 1000, min: GANG_TILE }, align: TILE_ALIGN }
        : {}),
      members,
    };
    // Two members over an arena, a shape it fits: the pipe (assembly/sparse/pipe.ts), whose rows
    // are its control block and ring, in the closer's place.
    const piped = this.pipeRuns(arena !== null) && (this.pipeWins || this.host.tuning.pipe === true);
    // In an arena the rows are in each member's place, whose table reaches the horizon (the
    // arena's table has room up to its reserve); the JavaScript kernel's rows are buffers.
    const rowBytes = piped ? PIPE_BYTES : tile * (arena ? wasmRowStride(rowWords) : sparseRowStride(rowWords)) * 4;
    const places = win
      ? win.arena.places(members, win.capacity, known + (end - lo), rowBytes, ready?.place)
      : arena?.places(members, Math.max(g.length, end), known + (end - lo), rowBytes);
    const pipe = piped && arena && places ? { memory: arena.memory, at: places[0]!.rowsAt } : null;
    if (pipe) {
      const rare = this.host.space.rare;
      placeRare(pipe.memory, places![0]!, rare.pos, rare.val, 0, known);
      startPipe(pipe.memory, pipe.at, lo - shift, known, maxBefore, this.pipeTake);
    }
    const tasks = [];
    for (let member = 0; member < members; member++) {
      let place = places?.[member];
      // The marker reads the closer's rare list, which the closer's finds extend.
      if (pipe && place && member > 0) {
        const { rpAt, rvAt, rqAt } = places![0]!;
        place = { ...place, rpAt, rvAt, rqAt };
      }
      const task: SparseGangTask =
        arena && place
          ? {
              ...base,
              member,
              rows: NO_ROWS,
              arena: { memory: arena.memory, id: arena.id, place },
              ...(pipe ? { pipe: { at: pipe.at } } : {}),
            }
          : { ...base, member, rows: (this.rowScratch[member] ??= new RowScratch()).get(rowBytes) };
      const role = pipe ? (member === 0 ? 'closer' : 'marker') : `member ${member + 1}/${members}`;
      tasks.push({
        task,
        label: `sparse ${pipe ? 'pipe' : 'gang'} ${role} on [${lo}, ${end}) of ${this.host.rules.key}`,
      });
    }
    const abort = (): void => {
      abortGang(ctl);
      if (pipe) haltPipe(pipe.memory, pipe.at);
    };
    const gang: LiveGang = {
      ctl,
      shift,
      lo,
      members,
      arena,
      rarePos: new Int32Array(rarePos),
      rareVal: new Int32Array(rareVal),
      known,
      taken: known,
      reported: lo,
      reportedAt: 0,
      counted: { rescans: 0, continued: 0 },
      settled: runGangTasks(pool, 'sparse', tasks, ctl, signal, abort),
      // Known before any member reports: the chunks a gang goes on with end before its members do.
      kernel: pipe ? WASM_SPARSE_PIPE_KERNEL : arena ? WASM_SPARSE_GANG_KERNEL : SPARSE_GANG_KERNEL,
      abort,
      pipe,
    };
    this.live = gang;
    this.host.stats.gangs++;
    return gang;
  }

  /**
   * After a one-worker chunk: a tile gang vetoed only for want of rare heaps for a pipe is probed
   * again once they have come (a game whose rare heaps pass PIPE_RARE after its first gang).
   */
  recheckVeto(): void {
    if (!this.vetoedForRare || this.host.space.rare.count < PIPE_RARE) return;
    this.vetoedForRare = false;
    this.host.chooser.reopenGang();
  }

  /** Could a gang be a pipe: two members over the arena, a shape it fits, the tuning allowing it? */
  private pipeRuns(inArena: boolean): boolean {
    return inArena && this.host.threads === 2 && pipeFits(this.host.shape) && this.host.tuning.pipe !== false;
  }

  /** Does the live gang go on with the chunk at lo over g? */
  continues(lo: number, g?: Table): boolean {
    const gang = this.live;
    if (gang === null || gang.reported !== lo) return false;
    // A tile gang gives way to a pipe once its rescans call for one.
    if (gang.pipe === null && this.pipeWins && this.pipeRuns(gang.arena !== null)) return false;
    if (g !== undefined && this.host.arenaOf(g) !== gang.arena) return false;
    // Stopped at lo (its horizon, or rows to regrow), it has nothing more to give.
    return Atomics.load(gang.ctl, GANG.STOP) + gang.shift > lo && Atomics.load(gang.ctl, GANG.ABORT) === 0;
  }

  /**
   * Stop the live gang (if it still runs) and wait until its members have returned: its
   * control block and rare list are the next gang's. A failure of its members is the outcome
   * of the chunk at lo, the first it did not report.
   */
  async endAt(lo: number): Promise<ChunkOutcome | null> {
    const gang = this.live;
    if (gang === null) return null;
    this.live = null;
    // Members that have returned do not look again: stopping them is only for those still running.
    gang.abort();
    const result = await gang.settled;
    const end = gangEnd(gang.ctl, result);
    return 'kind' in end ? { ...end, next: lo } : null;
  }

  /** Stop a gang still running (the run is over): the pool's threads are free after. */
  async close(): Promise<void> {
    const gang = this.live;
    this.live = null;
    if (gang === null) return;
    gang.abort();
    await gang.settled;
  }
}

/** A gang's end with its heap moved out of the gang's frame (the control block's heaps are n - shift). */
function framed(
  end: GangEnd | Extract<ChunkOutcome, { kind: 'error' }>,
  shift: number,
): GangEnd | Extract<ChunkOutcome, { kind: 'error' }> {
  return end.next === undefined ? end : { ...end, next: end.next + shift };
}
