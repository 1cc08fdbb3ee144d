import { ComputeError } from '../errors.js';

/*
 * How a pool task fails, kept apart from the pool (engine/pool.ts): states/explore.ts names these
 * too, and it is in every worker's imports through the games registry, where importing the pool
 * loaded Piscina into each thread (15-20 ms of its start).
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
