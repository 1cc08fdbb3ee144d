import { frozenBound, GANG, spinBudget, stopGangAt, tileRange, waitFinished, type DeathHook } from './control.js';

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
  finish(s: number, e: number, F: number): { readonly next: number; readonly overflow: number };
  /** Test hook: leave garbage over [s, e) before the thread dies. */
  scribble(s: number, e: number): void;
}

/** Where one member stands in its gang's chunk. */
export interface MemberSchedule {
  readonly lo: number;
  readonly hi: number;
  /** Heaps a tile. */
  readonly tile: number;
  readonly members: number;
  readonly member: number;
}

/**
 * One member's share of a gang run, in a worker thread; it blocks in Atomics.wait while it waits.
 * The chunk is cut into tiles S_j = [lo + j * tile, ...) and member t owns those with
 * j = t (mod members). For its S_j a member
 *   1. gathers with the frozen bound F_j = start of S_(j - members + 1): everything below it was
 *      finished before this member's own previous tile, so the gather never waits, while
 *      the other members finish the tiles in between;
 *   2. waits until S_(j - 1) is finished, then finishes S_j in order and publishes it.
 * A member restarted after its thread died resumes at its first tile not yet finished:
 * nothing it half-wrote was published.
 */
export function runMember(ctl: Int32Array, m: MemberSchedule, kernel: PhaseKernel, shouldDie: DeathHook): void {
  const spin = spinBudget(m.members);
  for (let j = m.member; m.lo + j * m.tile < m.hi; j += m.members) {
    const [s, e] = tileRange(m.lo, m.hi, m.tile, j);
    if (Atomics.load(ctl, GANG.ABORT) !== 0 || s >= Atomics.load(ctl, GANG.STOP)) return;
    if (Atomics.load(ctl, GANG.FINISHED) >= e) continue;
    const F = frozenBound(m.lo, m.tile, m.members, j);
    if (!waitFinished(ctl, F, spin)) return;
    if (!kernel.gather(s, e, F)) {
      stopGangAt(ctl, s);
      return;
    }
    if (!waitFinished(ctl, s, spin) || s >= Atomics.load(ctl, GANG.STOP)) return;
    if (shouldDie(s, e)) {
      // Test hook (src/testing/faults.ts): scribble over the tile, then take the thread down.
      kernel.scribble(s, e);
      process.exit(70);
    }
    const out = kernel.finish(s, e, F);
    if (out.next < e) {
      // A value too wide for the table (or the rows): every member stops there.
      Atomics.store(ctl, GANG.OVERFLOW, out.overflow);
      Atomics.store(ctl, GANG.FINISHED, out.next);
      stopGangAt(ctl, out.next);
      return;
    }
    Atomics.store(ctl, GANG.FINISHED, e);
    Atomics.notify(ctl, GANG.FINISHED);
  }
}
