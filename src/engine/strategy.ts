import type { Table, Width } from '../kernels/values.js';
import type { SparseState } from '../store/sparse-state.js';
import type { GameRow } from '../store/store.js';
import type { ChunkOutcome } from './protocol.js';
import type { EnginePool } from './tasks.js';

/**
 * One way to compute a chunk of a table. The coordinator asks each strategy of a game in turn
 * whether it takes the chunk at lo, runs the first that does, then stores the chunk (with the
 * strategy's state, in the same transaction) and checks periodicity. It never asks the family.
 */
/** One chunk [lo, hi) to compute into g (values below lo final, the largest maxBefore). */
export interface ChunkRun {
  readonly pool: EnginePool;
  readonly g: Table;
  readonly width: Width;
  readonly lo: number;
  readonly hi: number;
  readonly maxBefore: number;
  readonly signal?: AbortSignal;
}

export interface ChunkStrategy {
  /** Does it take the chunk starting at lo (values below lo final, none past `limit`)? */
  takes(lo: number, limit: number, maxValue: number, capacity: number): boolean;
  /**
   * The end of the chunk it takes at lo, never past limit. `last`: the run ends at limit, with
   * no periodicity check point before it (a chunk that passes one ends on it).
   */
  chunkEnd(lo: number, limit: number, last?: boolean): number;
  run(chunk: ChunkRun): Promise<ChunkOutcome>;
  /** Pool threads the last chunk kept busy. */
  readonly lastWorkers: number;
  /** Pick up what is stored for g[0, computed) (sparse space's mask and rare list). */
  resume?(game: GameRow, g: Table, computed: number, stored: StoredState): void;
  /** What to store with the chunk that ends at hi, in its transaction: null clears it. */
  stateAt?(hi: number): SparseState | null;
  /**
   * What a progress line and a summary show of the strategy's own state, as names and values
   * the coordinator passes on unread (sparse space: the mask and the rare heaps).
   */
  facts?(): StrategyFacts | null;
  /** The run is over (done, stopped or failed): stop any work still running past the last chunk. */
  close?(): Promise<void>;
  /**
   * A table of at least `width` and `capacity` values for the run (never more than `limit`),
   * holding the first `count` values of `from`, where the strategy keeps it (sparse space:
   * inside the shared memory its WebAssembly kernels import), or null for a SharedArrayBuffer
   * of the coordinator's. It may be wider than asked.
   */
  table?(width: Width, capacity: number, limit: number, from?: Table, count?: number): Table | null;
}

/** A strategy's state for people and scripts: short names, each a number or a short text. */
export type StrategyFacts = Readonly<Record<string, string | number>>;

/** Read access to what a strategy keeps in the store beside the table. */
export interface StoredState {
  sparseState(game: GameRow): SparseState | undefined;
}
