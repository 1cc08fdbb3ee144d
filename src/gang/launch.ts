import { GrundyError } from '../errors.js';
import type { WorkerPool } from '../engine/pool.js';
import type { OutcomeOf, TaskOf } from '../engine/workers.js';
import { abortGang } from './control.js';

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
export async function runGangTasks<W extends 'gang' | 'sparse', T extends TaskOf<W>>(
  pool: WorkerPool,
  worker: W,
  members: readonly { readonly task: T; readonly label: string }[],
  ctl: Int32Array,
  signal?: AbortSignal,
): Promise<GangSettled<OutcomeOf<W, T>>> {
  type O = OutcomeOf<W, T>;
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
