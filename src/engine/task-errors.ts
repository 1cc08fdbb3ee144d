import { ComputeError } from '../errors.js';

/*
 * How a pool task fails, apart from the pool (engine/pool.ts): code that runs in worker threads
 * names these errors too, and importing them from the pool would load Piscina in every thread.
 */

/** A task stopped by its watch: the worker was terminated while stuck at `position`. */
export class StalledTaskError extends ComputeError {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

/** A task that failed twice: its worker thread died, was replaced, and the retry failed too. */
export class WorkerDeathError extends ComputeError {
  constructor(
    message: string,
    /** The last position the task reported through its heartbeat, when it had one. */
    readonly position: number,
  ) {
    super(message);
  }
}

/** A duration as the --module-timeout flag writes it: '10 s' or '250 ms'. */
export function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
