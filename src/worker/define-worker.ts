import { errorText, GrundyError } from '../errors.js';

/** A failure as data: error classes do not survive the thread boundary. */
export interface ErrorOutcome {
  readonly kind: 'error';
  readonly message: string;
  readonly exitCode: number;
}

/** The one error-to-outcome conversion: a GrundyError keeps its exit code, anything else is 5. */
export function errorOutcome(err: unknown): ErrorOutcome {
  if (err instanceof GrundyError) return { kind: 'error', message: errorText(err), exitCode: err.exitCode };
  return { kind: 'error', message: err instanceof Error ? err.message : String(err), exitCode: 5 };
}

/** The task WorkerPool.warm sends: the entry file is loaded, and nothing runs. */
export const WARM = { kind: 'warm' } as const;

function isWarm(task: unknown): boolean {
  return (task as { kind?: unknown } | null)?.kind === WARM.kind;
}

/**
 * A worker entry point: `handle` runs the task; whatever it throws becomes an error outcome
 * (`failed` may add what the task got done, or release others waiting for it). Synchronous
 * handlers stay synchronous: gang members block their thread on purpose. `prepare` is what a
 * WARM task does besides loading the file (compile a kernel, say); its failure is left for the
 * first real task to meet and report.
 */
export function defineWorker<T, O>(
  handle: (task: T) => O | Promise<O>,
  failed?: (task: T, error: ErrorOutcome, cause: unknown) => O | ErrorOutcome,
  prepare?: () => void,
): (task: T) => O | ErrorOutcome | Promise<O | ErrorOutcome> {
  const fail = (task: T, err: unknown): O | ErrorOutcome =>
    failed ? failed(task, errorOutcome(err), err) : errorOutcome(err);
  return (task) => {
    if (isWarm(task)) {
      try {
        prepare?.();
      } catch {
        // The first real task meets the same failure, and reports it.
      }
      return WARM as unknown as O;
    }
    try {
      const out = handle(task);
      return out instanceof Promise ? out.catch((err: unknown) => fail(task, err)) : out;
    } catch (err) {
      return fail(task, err);
    }
  };
}
