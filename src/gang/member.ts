import {
  GANG,
  MEMBER,
  memberSlot,
  publishFinished,
  spinBudget,
  stopGangAt,
  waitFinished,
  type DeathHook,
} from '../kernels/gang-control.js';

/**
 * The phases of one kernel in a gang. The member loop (runMember) owns the schedule, the waits
 * and the control block; a phase kernel only computes.
 */
export interface PhaseKernel {
  /**
   * Gather tile [s, e) from the final values below F (never waits). False stops the gang
   * at s: the kernel's rows can no longer hold the values (the main thread starts a new gang).
   */
  gather(s: number, e: number, F: number): boolean;
  /**
   * Finish [s, e) in heap order (every value below s is final) and publish what it found
   * besides values (max, rare heaps). Returns the end of what is final: e, or the heap whose
   * value did not fit, with that value.
   */
  /**
   * Finish [s, e): `next` < e stops the gang there, for a value too wide for the table
   * (`overflow`), a heap the kernel leaves to the main thread (`miss`), or a reason of the
   * kernel's own (neither).
   */
  finish(s: number, e: number, F: number): { readonly next: number; readonly overflow: number; readonly miss?: true };
  /** Test hook: leave garbage over [s, e) before the thread dies. */
  scribble(s: number, e: number): void;
}

/** Where one member stands in its gang's chunk. */
export interface MemberSchedule {
  readonly lo: number;
  readonly hi: number;
  /** Heaps a tile at most (the rows hold this many); a slower member takes shorter ones. */
  readonly tile: number;
  /**
   * When set, a tile's thread time at the fastest member's pace (ns), and the fewest heaps a
   * tile so sized takes: tiles shrink below `tile` as heaps grow costlier along a long gang
   * (engine/sparse-gangs.ts gangHorizon).
   */
  readonly timed?: { readonly ns: number; readonly min: number };
  /**
   * Tiles longer than this are a multiple of it (default 1): the sparse kernels mark 16 heaps
   * at a time, and a tile's last heaps short of a block ran one at a time, each at two to three
   * times a block heap's cost (1% of Officers' heaps on two workers).
   */
  readonly align?: number;
  readonly members: number;
  readonly member: number;
}

/** However slow a member, its tiles are at least tile / MAX_SLOWDOWN heaps: hand-overs cost too. */
const MAX_SLOWDOWN = 4;

/**
 * The length of a member's next tile: `tile` for the fastest member (or before any pace is
 * known; given `timed`, what the fastest does in its time, at most `tile`), shorter in
 * proportion for a slower one, so that every tile takes about as long
 * whoever holds it. Tiles are finished in order, so a member that held tiles of the same
 * length as a slower one waited for it at every tile: with two members and one core 20-30%
 * slower than the other (this VM's usual state when both are busy), the faster waited a
 * quarter of its time.
 */
export function tileFor(
  tile: number,
  pace: number,
  fastest: number,
  timed?: MemberSchedule['timed'],
  align = 1,
): number {
  if (!(pace > 0 && fastest > 0)) return tile;
  const base = timed ? Math.min(tile, Math.max(timed.min, Math.round(timed.ns / fastest))) : tile;
  const share = Math.max(1 / MAX_SLOWDOWN, Math.min(1, fastest / pace));
  const length = Math.max(1, Math.round(base * share));
  return length > align ? length - (length % align) : length;
}

/** The smallest pace published by the gang's members (0: none yet). */
function fastestPace(ctl: Int32Array, members: number): number {
  let fastest = 0;
  for (let t = 0; t < members; t++) {
    const pace = Atomics.load(ctl, memberSlot(t, MEMBER.PACE));
    if (pace > 0 && (fastest === 0 || pace < fastest)) fastest = pace;
  }
  return fastest;
}

/**
 * One member's share of a gang run, in a worker thread; it blocks in Atomics.wait while it waits.
 * A member claims the chunk's next tile [s, e) from NEXT (tile heaps, fewer when it is slower
 * than the others: tileFor) and records it in its own words of the control block, then
 *   1. gathers with the frozen bound F = FINISHED as it starts: every heap below is final, so
 *      the gather never waits, while the members holding the tiles between F and s finish them;
 *   2. waits until every heap below s is finished, then finishes [s, e) in order, publishes it,
 *      and claims the next.
 * At most members - 1 tiles lie between F and s, each held by another member. A member
 * restarted after its thread died first redoes the tile it held: nothing it half-wrote was
 * published, and nobody else will do it.
 */
export function runMember(ctl: Int32Array, m: MemberSchedule, kernel: PhaseKernel, shouldDie: DeathHook): void {
  const spin = spinBudget(m.members);
  const startSlot = memberSlot(m.member, MEMBER.START);
  const endSlot = memberSlot(m.member, MEMBER.END);
  const paceSlot = memberSlot(m.member, MEMBER.PACE);
  let s = Atomics.load(ctl, startSlot);
  let e = Atomics.load(ctl, endSlot);
  // A tile is published whole (an overflow stops the gang), so one not begun is one not published.
  let held = e > s && Atomics.load(ctl, GANG.FINISHED) <= s;
  let pace = 0;
  for (;;) {
    if (!held) {
      // Its pace as published, whole ns, like the others': a fastest member compared its exact
      // pace with its own rounded one and took a heap less now and then.
      const ns = m.timed ? Atomics.load(ctl, GANG.TILE_NS) : 0;
      const timed = m.timed && ns > 0 ? { ns, min: m.timed.min } : m.timed;
      const length = tileFor(m.tile, Atomics.load(ctl, paceSlot), fastestPace(ctl, m.members), timed, m.align);
      // Nothing between the claim and its record can end the thread (no allocation, no call
      // out): a thread dies at the test hook below, or when the pool stops an aborted gang.
      s = m.lo + Atomics.add(ctl, GANG.NEXT, length);
      if (s >= m.hi) return;
      e = Math.min(m.hi, s + length);
      Atomics.store(ctl, startSlot, s);
      Atomics.store(ctl, endSlot, e);
    }
    held = false;
    if (Atomics.load(ctl, GANG.ABORT) !== 0 || s >= Atomics.load(ctl, GANG.STOP)) return;
    const F = Atomics.load(ctl, GANG.FINISHED);
    const started = performance.now();
    if (!kernel.gather(s, e, F)) {
      stopGangAt(ctl, s);
      return;
    }
    let waited = 0;
    if (Atomics.load(ctl, GANG.FINISHED) < s) {
      const since = performance.now();
      if (!waitFinished(ctl, s, spin)) return;
      waited = performance.now() - since;
    }
    if (s >= Atomics.load(ctl, GANG.STOP)) return;
    if (shouldDie(s, e)) {
      // Test hook (src/testing/faults.ts): scribble over the tile, then take the thread down.
      kernel.scribble(s, e);
      process.exit(70);
    }
    const out = kernel.finish(s, e, F);
    // Gather and finish a heap, in ns, averaged with the tiles before: what tileFor compares.
    const measured = ((performance.now() - started - waited) * 1e6) / (e - s);
    pace = pace > 0 ? (pace + measured) / 2 : measured;
    Atomics.store(ctl, paceSlot, Math.min(0x7fffffff, Math.max(1, Math.round(pace))));
    // A value too wide for the table, or a heap for the main thread: every member stops there.
    if (!publishFinished(ctl, e, out)) return;
  }
}
