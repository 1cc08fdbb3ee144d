import type { Values } from '../kernels/values.js';
import type { Periodicity } from '../period/detect.js';
import type { SweepGame } from './enumerate.js';

/** One batch of games for workers/sweep.worker.ts; every game is solved inside the worker. */
export interface SweepBatchTask {
  readonly kind: 'sweep-batch';
  readonly games: readonly SweepGame[];
  /** The most values computed per game (--to). */
  readonly limit: number;
  /** true: compute every game to `limit` values; false: stop each game at its proof. */
  readonly fixedLength: boolean;
  /** Return each game's values too, for --keep-tables. */
  readonly keepTables: boolean;
}

/** The outcome for one game, as plain data. */
export interface GameResult {
  readonly ord: number;
  readonly game: string;
  /** null: no period found (not even observed) in `computed` values. */
  readonly periodicity: Periodicity | null;
  readonly maxValue: number;
  readonly computed: number;
  readonly elapsedMs: number;
  /** g(0..computed-1), only with keepTables. */
  readonly values?: Values;
}

export type SweepBatchOutcome =
  | { readonly kind: 'done'; readonly results: readonly GameResult[] }
  | {
      readonly kind: 'error';
      readonly message: string;
      readonly exitCode: number;
      /** Results of the games solved before the failing one: they are still committed. */
      readonly results: readonly GameResult[];
    };
