import type { BatchGames, BatchResults } from './batch.js';

/** One batch of games for workers/sweep.worker.ts; every game is solved inside the worker. */
export interface SweepBatchTask {
  readonly kind: 'sweep-batch';
  readonly games: BatchGames;
  /** The most values computed per game (--to). */
  readonly limit: number;
  /** true: compute every game to `limit` values; false: stop each game at its proof. */
  readonly fixedLength: boolean;
  /** Return each game's values too, for --keep-tables. */
  readonly keepTables: boolean;
}

/** Outcomes are plain data (typed arrays): error classes do not survive the thread boundary. */
export type SweepBatchOutcome =
  | { readonly kind: 'done'; readonly results: BatchResults }
  | {
      readonly kind: 'error';
      readonly message: string;
      readonly exitCode: number;
      /** Results of the games solved before the failing one: they are still committed. */
      readonly results: BatchResults;
    };

/** The tasks a sweep sends to the pool (workers/sweep.worker.ts). */
export type SweepTasks = { sweep: { task: SweepBatchTask; outcome: SweepBatchOutcome } };
