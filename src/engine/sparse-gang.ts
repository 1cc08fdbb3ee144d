import { availableParallelism } from 'node:os';
import { RareList } from '../kernels/sparse.js';
import { valueCeiling, type SparseSplitKernel } from '../kernels/sparse-split.js';
import type { WasmSparseSplitKernel } from '../kernels/wasm/sparse-wasm.js';
import type { Values } from '../kernels/values.js';
import { GrundyError } from '../errors.js';
import type { WorkerPool } from './pool.js';
import type { OutcomeOf, TaskOf } from './workers.js';

/**
 * Parallel sparse space as a gang (DESIGN.md "Runtimes"): one long task per pool
 * thread for a whole chunk [lo, hi), the members handing sub-chunks to each other through
 * Atomics on a shared control block instead of a pool round trip per sub-chunk.
 *
 * The chunk is cut into sub-chunks S_j = [lo + j * sub, ...) and member t owns the S_j with
 * j = t (mod members). For its S_j a member
 *   1. gathers with the frozen bound F_j = start of S_(j - members + 1): everything below it
 *      was finished before this member's own previous sub-chunk S_(j - members), so the gather
 *      never waits; meanwhile the other members finish the sub-chunks in between;
 *   2. waits until S_(j - 1) is finished (FINISHED >= start of S_j), then finishes S_j in
 *      order (the options touching [F_j, n) are in the finish's window) and publishes it.
 * The finishes run in heap order one after the other, each overlapping the other members'
 * gathers, so with m members a sub-chunk costs about (gather + finish) / m of wall time.
 *
 * Control block (Int32, GANG_SLOTS words): the slots below. Values, rare heaps and MAX written
 * before FINISHED is stored are visible to any member that loads FINISHED afterwards (Atomics
 * are sequentially consistent).
 */
export const GANG = {
  /** Every heap below this is final. */
  FINISHED: 0,
  /** Rare heaps published in the shared rare list (those below FINISHED). */
  RARE_COUNT: 1,
  /** No sub-chunk at or past this heap is started (hi, or lower after an overflow or a stop). */
  STOP: 2,
  /** Set by the main thread when a member failed or the run was cancelled. */
  ABORT: 3,
  /** The value that did not fit the table's width (0: none). */
  OVERFLOW: 4,
  /** max g[0, FINISHED). */
  MAX: 5,
  /** Finishes that scanned every pair / continued an exhausted frozen scan (benchmarks). */
  RESCANS: 6,
  CONTINUED: 7,
  /** 1 when a member stopped the gang because its rows could no longer hold the values. */
  REGROW: 8,
} as const;
export const GANG_SLOTS = 16;

/** The heaps [start, end) of sub-chunk j of the chunk [lo, hi). */
export function subChunk(lo: number, hi: number, sub: number, j: number): [number, number] {
  const s = lo + j * sub;
  return [s, Math.min(hi, s + sub)];
}

/** The frozen bound of sub-chunk j: the start of S_(j - members + 1), or lo for the first ones. */
export function frozenBound(lo: number, sub: number, members: number, j: number): number {
  return j - members + 1 <= 0 ? lo : lo + (j - members + 1) * sub;
}

export interface GangMember {
  readonly lo: number;
  readonly hi: number;
  readonly sub: number;
  readonly members: number;
  readonly member: number;
  readonly rowWords: number;
}

/** A gang run's members once every one has returned (runGangTasks). */
export interface GangSettled<O> {
  readonly settled: PromiseSettledResult<O>[];
  /** The first member failure: an error outcome (first to arrive), else a GrundyError rejection. */
  readonly failure: { readonly message: string; readonly exitCode: number } | null;
  /** A rejection the caller must rethrow: any when the run was cancelled, else one not a GrundyError. */
  readonly fatal: { readonly error: unknown } | null;
}

/**
 * Start one pool task per member on `worker` and wait for all of them. The first member to fail
 * (an error outcome or a rejected task) aborts the gang, so the others stop waiting for it.
 */
export async function runGangTasks<W extends 'sparse-gang' | 'subtract-gang'>(
  pool: WorkerPool,
  worker: W,
  members: readonly { readonly task: TaskOf<W>; readonly label: string }[],
  ctl: Int32Array,
  signal?: AbortSignal,
): Promise<GangSettled<OutcomeOf<W, TaskOf<W>>>> {
  type O = OutcomeOf<W, TaskOf<W>>;
  let failure: GangSettled<O>['failure'] = null;
  const tasks = members.map(({ task, label }) =>
    pool.runOn(worker, task, signal, label).then(
      (outcome: O) => {
        if (outcome.kind === 'error') {
          const { message, exitCode } = outcome;
          failure ??= { message, exitCode };
          abortGang(ctl);
        }
        return outcome;
      },
      (err: unknown) => {
        abortGang(ctl);
        throw err;
      },
    ),
  );
  const settled = await Promise.allSettled(tasks);
  let fatal: GangSettled<O>['fatal'] = null;
  for (const result of settled) {
    if (result.status === 'fulfilled') continue;
    const err = result.reason as unknown;
    if (signal?.aborted || !(err instanceof GrundyError)) {
      fatal = { error: err };
      break;
    }
    failure ??= { message: err.message, exitCode: err.exitCode };
  }
  return { settled, failure, fatal };
}

/** Test hook: called before each finish; true makes the member's thread die there. */
export type DeathHook = (lo: number, hi: number) => boolean;

/** Lower STOP to `at` (never raise it) and wake every waiting member to look. */
export function stopGangAt(ctl: Int32Array, at: number): void {
  for (;;) {
    const cur = Atomics.load(ctl, GANG.STOP);
    if (cur <= at || Atomics.compareExchange(ctl, GANG.STOP, cur, at) === cur) break;
  }
  Atomics.notify(ctl, GANG.FINISHED);
}

/** Stop every member at its next check (a member failed, or the run was cancelled). */
export function abortGang(ctl: Int32Array): void {
  Atomics.store(ctl, GANG.ABORT, 1);
  Atomics.notify(ctl, GANG.FINISHED);
}

/**
 * How long a member watches FINISHED before it sleeps, in ms. Waking a thread from
 * Atomics.wait took tens of microseconds here (a system call on each side and a reschedule):
 * sub:powers2 to 2 * 10^7 on 2 workers, whose 192-heap tiles are ~5 us of work, ran 5.9 s
 * sleeping at every wait and 1.2 s watching for 50 us first. Long tiles (squares) seldom wait.
 */
export const SPIN_MS = 0.05;

/**
 * Members that may watch FINISHED before sleeping: only when each can have a core, or the
 * watching would take the core the member it waits for needs.
 */
export function spinBudget(members: number): number {
  return members <= availableParallelism() ? SPIN_MS : 0;
}

/**
 * Block until FINISHED >= target, watching it for up to spinMs before sleeping. False when that
 * can no longer happen: the gang was aborted or stopped below target. The sleep's timeout only
 * bounds how long a missed wake-up could cost.
 */
export function waitFinished(ctl: Int32Array, target: number, spinMs = 0): boolean {
  const since = spinMs > 0 ? performance.now() : 0;
  for (;;) {
    const finished = Atomics.load(ctl, GANG.FINISHED);
    if (finished >= target) return true;
    if (Atomics.load(ctl, GANG.ABORT) !== 0 || target > Atomics.load(ctl, GANG.STOP)) return false;
    if (spinMs > 0 && performance.now() - since < spinMs) continue;
    Atomics.wait(ctl, GANG.FINISHED, finished, 100);
  }
}

/**
 * One member's share of the gang (runs in a worker thread; blocks it in Atomics.wait while it
 * waits for the sub-chunk before its own). A member restarted after its thread died resumes at
 * its first sub-chunk not yet finished: nothing it half-wrote was published.
 */
export function runGangMember(
  m: GangMember,
  kernel: SparseSplitKernel | WasmSparseSplitKernel,
  g: Values,
  ctl: Int32Array,
  rarePos: Int32Array,
  rareVal: Int32Array,
  rows: Int32Array,
  shouldDie: DeathHook,
): void {
  // The kernel works on a plain copy of the shared rare list: given SharedArrayBuffer-backed
  // arrays, its helpers (shared with the one-worker kernel in the same thread) went polymorphic
  // and later one-worker chunks ran 1.5x slower.
  const rare = new RareList(rarePos.length);
  // Every entry this member holds is published (each finish publishes its own), so catching up
  // is copying the tail the others published since.
  const sync = (): void => {
    const published = Atomics.load(ctl, GANG.RARE_COUNT);
    for (let i = rare.count; i < published; i++) rare.push(rarePos[i]!, rareVal[i]!);
  };
  const spin = spinBudget(m.members);
  for (let j = m.member; m.lo + j * m.sub < m.hi; j += m.members) {
    const [s, e] = subChunk(m.lo, m.hi, m.sub, j);
    if (Atomics.load(ctl, GANG.ABORT) !== 0 || s >= Atomics.load(ctl, GANG.STOP)) return;
    if (Atomics.load(ctl, GANG.FINISHED) >= e) continue;
    const F = frozenBound(m.lo, m.sub, m.members, j);
    if (!waitFinished(ctl, F, spin)) return;
    sync();
    const maxNow = Atomics.load(ctl, GANG.MAX);
    if (valueCeiling(maxNow) > m.rowWords * 32) {
      // The rows were sized for the values at the start; the main thread starts a new gang here.
      Atomics.store(ctl, GANG.REGROW, 1);
      stopGangAt(ctl, s);
      return;
    }
    kernel.gather(g, F, s, e, maxNow, rare, rows, m.rowWords, s);
    if (!waitFinished(ctl, s, spin) || s >= Atomics.load(ctl, GANG.STOP)) return;
    if (shouldDie(s, e)) {
      // Test hook (src/testing/faults.ts): scribble over the sub-chunk, then take the thread down.
      g.fill(0xffffffff, s, e);
      process.exit(70);
    }
    sync();
    const published = rare.count;
    const rescans = kernel.rescans;
    const continued = kernel.continued;
    const maxBefore = Atomics.load(ctl, GANG.MAX);
    const out = kernel.finish(g, F, s, e, maxBefore, rare, rows, m.rowWords, s);
    Atomics.add(ctl, GANG.RESCANS, kernel.rescans - rescans);
    Atomics.add(ctl, GANG.CONTINUED, kernel.continued - continued);
    if (out.maxValue > maxBefore) Atomics.store(ctl, GANG.MAX, out.maxValue);
    rarePos.set(rare.pos.subarray(published, rare.count), published);
    rareVal.set(rare.val.subarray(published, rare.count), published);
    Atomics.store(ctl, GANG.RARE_COUNT, rare.count);
    if (out.overflowValue !== undefined) {
      Atomics.store(ctl, GANG.OVERFLOW, out.overflowValue);
      Atomics.store(ctl, GANG.FINISHED, out.next);
      stopGangAt(ctl, out.next);
      return;
    }
    Atomics.store(ctl, GANG.FINISHED, e);
    Atomics.notify(ctl, GANG.FINISHED);
  }
}
