import { GrundyError } from '../errors.js';
import type { OutcomeOf, TaskOf } from '../engine/pool.js';
import type { EnginePool, EngineTasks } from '../engine/tasks.js';
import type { ChunkOutcome } from '../engine/protocol.js';
import { abortGang, GANG } from '../kernels/gang-control.js';

/** A gang run's members once every one has returned (runGangTasks). */
export interface GangSettled<O> {
  readonly settled: PromiseSettledResult<O>[];
  /** The first member failure: an error outcome (first to arrive), else a GrundyError rejection. */
  readonly failure: { readonly message: string; readonly exitCode: number } | null;
  /** A rejection the caller must rethrow: any when the run was cancelled, else one not a GrundyError. */
  readonly fatal: { readonly error: unknown } | null;
}

/** How a gang ended, read from its control block once every member has returned (gangEnd). */
export interface GangEnd {
  /** Every heap below this is final, however the gang stopped. */
  readonly next: number;
  /** The value too wide for the table the members write, which stopped the gang at `next` (0: none). */
  readonly overflow: number;
  /** A windowed sparse table stopped the gang at `next`: the main thread computes that heap. */
  readonly miss: boolean;
  /** A member stopped the gang because its rows could no longer hold the values. */
  readonly regrow: boolean;
}

/**
 * The end of a gang whose members have all returned, for every gang strategy: a rejection to
 * rethrow is thrown, a member's failure is the chunk's error outcome (the heaps below FINISHED
 * final all the same, for the coordinator to store), else how it stopped.
 */
export function gangEnd<O>(
  ctl: Int32Array,
  result: GangSettled<O>,
): GangEnd | Extract<ChunkOutcome, { kind: 'error' }> {
  const next = Atomics.load(ctl, GANG.FINISHED);
  if (result.fatal) throw result.fatal.error;
  if (result.failure)
    return { kind: 'error', message: result.failure.message, exitCode: result.failure.exitCode, next };
  return {
    next,
    overflow: Atomics.load(ctl, GANG.OVERFLOW),
    miss: Atomics.load(ctl, GANG.MISS) !== 0,
    regrow: Atomics.load(ctl, GANG.REGROW) !== 0,
  };
}

/**
 * Start one pool task per member on `worker` and wait for all of them. The first member to fail
 * (an error outcome or a rejected task) aborts the gang, so the others stop waiting for it;
 * `abort` does that (abortGang, and whatever else the members wait on).
 */
export async function runGangTasks<W extends 'gang' | 'sparse', T extends TaskOf<EngineTasks, W>>(
  pool: EnginePool,
  worker: W,
  members: readonly { readonly task: T; readonly label: string }[],
  ctl: Int32Array,
  signal?: AbortSignal,
  abort: () => void = () => abortGang(ctl),
): Promise<GangSettled<OutcomeOf<EngineTasks, W, T>>> {
  type O = OutcomeOf<EngineTasks, W, T>;
  let failure: GangSettled<O>['failure'] = null;
  const tasks = members.map(({ task, label }) =>
    pool.runOn(worker, task, signal, label).then(
      (outcome: O) => {
        if (outcome.kind === 'error') {
          const { message, exitCode } = outcome;
          failure ??= { message, exitCode };
          abort();
        }
        return outcome;
      },
      (err: unknown) => {
        abort();
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
