import { frozenSupport, userCode } from '../games/registry.js';
import type { OrderedShare } from '../kernels/frozen/frozen-kernel.js';
import { typedTable, type Table, type Width } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import type { SparseState } from '../store/sparse-state.js';
import type { GameRow } from '../store/store.js';
import { nextChunkEnd } from './budget.js';
import type { WorkerPool } from './pool.js';
import type { ChunkOutcome } from './protocol.js';
import { emptySparseStats, SparseRunner, type SparsePhaseStats, type SparseTuning } from './sparse-runner.js';
import type { FrozenTuning } from './frozen-plan.js';
import { emptyPhaseStats, type FrozenPhaseStats } from './frozen-runner.js';
import { FrozenStrategy } from './frozen-strategy.js';
import { SubtractGangRunner, type SubtractGangTuning } from './subtract-gang.js';
import { FrozenGangStrategy } from './frozen-gang.js';

/**
 * One way to compute a chunk of a table. The coordinator asks each strategy of a game in turn
 * whether it takes the chunk at lo, runs the first that does, then stores the chunk (with the
 * strategy's state, in the same transaction) and checks periodicity. It never asks the family.
 */
/** One chunk [lo, hi) to compute into g (values below lo final, the largest maxBefore). */
export interface ChunkRun {
  readonly pool: WorkerPool;
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
  /** The end of the chunk it takes at lo, never past limit. */
  chunkEnd(lo: number, limit: number): number;
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

export type KernelChoice = 'auto' | 'frozen-prefix' | 'plain';

export interface StrategyTuning {
  readonly frozen?: FrozenTuning;
  readonly sparse?: SparseTuning;
  readonly subtract?: SubtractGangTuning;
}

/** The strategies of a game, fastest first; the plain one takes every chunk the others leave. */
export function selectStrategies(
  rules: Rules,
  threads: number,
  kernel: KernelChoice,
  tuning: StrategyTuning,
): Strategies {
  const support = frozenSupport(rules);
  const share: OrderedShare = support && tuning.frozen?.force ? 'linear' : (support?.share ?? 'none');
  const list: ChunkStrategy[] = [];
  const sparseStats = emptySparseStats();
  const sparse = kernel === 'auto' ? SparseRunner.for(rules, threads, tuning.sparse, sparseStats) : null;
  const gang = kernel === 'auto' ? SubtractGangRunner.for(rules, threads, tuning.subtract) : null;
  if (gang) list.push(gang);
  if (sparse) list.push(sparse);
  const stats = emptyPhaseStats();
  // Custom modules stay on pool round trips (docs/parallel.md: their --module-timeout watch).
  const frozen =
    userCode(rules) === null
      ? new FrozenGangStrategy(rules, share, threads, tuning.frozen, stats)
      : new FrozenStrategy(rules, share, threads, tuning.frozen, stats);
  if (!sparse && kernel !== 'plain' && share !== 'none') list.push(frozen);
  list.push(new PlainStrategy(rules, share !== 'none'));
  return { list, frozen: stats, sparse: sparseStats };
}

export interface Strategies {
  readonly list: readonly ChunkStrategy[];
  /** Frozen-prefix chunks run and the wall time of their phases. */
  readonly frozen: FrozenPhaseStats;
  /** Sparse gangs run and how their finishes went (all zero when sparse space does not apply). */
  readonly sparse: SparsePhaseStats;
}

/** The family's plain range kernel, one chunk on one worker: the reference. */
class PlainStrategy implements ChunkStrategy {
  lastWorkers = 0;

  constructor(
    private readonly rules: Rules,
    /** The frozen prefix applies but does not pay yet: grow chunks geometrically so it takes over soon. */
    private readonly frozenAhead: boolean,
  ) {}

  takes(): boolean {
    return true;
  }

  chunkEnd(lo: number, limit: number): number {
    return Math.min(nextChunkEnd(this.rules, lo, limit), this.frozenAhead ? 2 * lo + 64 : Infinity);
  }

  run(chunk: ChunkRun): Promise<ChunkOutcome> {
    const { pool, width, lo, hi, maxBefore, signal } = chunk;
    const g = typedTable(chunk.g);
    this.lastWorkers = 1;
    return pool.run(
      { kind: 'range', rules: this.rules, buffer: g.buffer as SharedArrayBuffer, width, lo, hi, maxBefore },
      signal,
    );
  }
}
