import { splitSupport } from '../games/registry.js';
import type { OrderedShare } from '../kernels/split/split-kernel.js';
import type { Values, Width } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import type { SparseState } from '../store/sparse-state.js';
import type { GameRow } from '../store/store.js';
import { nextChunkEnd } from './budget.js';
import type { WorkerPool } from './pool.js';
import type { ChunkOutcome } from './protocol.js';
import { SparseRunner, type SparseTuning } from './sparse-runner.js';
import { planSplitChunk, type SplitChunkPlan, type SplitTuning } from './split-plan.js';
import { emptyPhaseStats, RowScratch, runSplitChunk, type SplitPhaseStats } from './split-runner.js';
import { SubtractGangRunner, type SubtractGangTuning } from './subtract-gang.js';

/**
 * One way to compute a chunk of a table. The coordinator asks each strategy of a game in turn
 * whether it takes the chunk at lo, runs the first that does, then stores the chunk (with the
 * strategy's state, in the same transaction) and checks periodicity. It never asks the family.
 */
export interface ChunkStrategy {
  /** Does it take the chunk starting at lo (values below lo final, none past `limit`)? */
  takes(lo: number, limit: number, maxValue: number, capacity: number): boolean;
  /** The end of the chunk it takes at lo, never past limit. */
  chunkEnd(lo: number, limit: number): number;
  run(
    pool: WorkerPool,
    g: Values,
    width: Width,
    lo: number,
    hi: number,
    maxBefore: number,
    signal?: AbortSignal,
  ): Promise<ChunkOutcome>;
  /** Pool threads the last chunk kept busy. */
  readonly lastWorkers: number;
  /** Pick up what is stored for g[0, computed) (sparse space's mask and rare list). */
  resume?(game: GameRow, g: Values, computed: number, stored: StoredState): void;
  /** What to store with the chunk that ends at hi, in its transaction: null clears it. */
  stateAt?(hi: number): SparseState | null;
}

/** Read access to what a strategy keeps in the store beside the table. */
export interface StoredState {
  sparseState(game: GameRow): SparseState | undefined;
}

export type KernelChoice = 'auto' | 'frozen-prefix' | 'plain';

export interface StrategyTuning {
  readonly split?: SplitTuning;
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
  const support = splitSupport(rules);
  const share: OrderedShare = support && tuning.split?.force ? 'linear' : (support?.share ?? 'none');
  const list: ChunkStrategy[] = [];
  const sparse = kernel === 'auto' ? SparseRunner.for(rules, threads, tuning.sparse) : null;
  const gang = kernel === 'auto' ? SubtractGangRunner.for(rules, threads, tuning.subtract) : null;
  if (gang) list.push(gang);
  if (sparse) list.push(sparse);
  const split = new SplitStrategy(rules, share, threads, tuning.split);
  if (!sparse && kernel !== 'plain' && share !== 'none') list.push(split);
  list.push(new PlainStrategy(rules, share !== 'none'));
  return { list, split: split.stats, sparse };
}

export interface Strategies {
  readonly list: readonly ChunkStrategy[];
  /** Frozen-prefix chunks run and the wall time of their phases. */
  readonly split: SplitPhaseStats;
  readonly sparse: SparseRunner | null;
}

/** The family's plain range kernel, one chunk on one worker: the reference. */
class PlainStrategy implements ChunkStrategy {
  lastWorkers = 0;

  constructor(
    private readonly rules: Rules,
    /** The split applies but does not pay yet: grow chunks geometrically so it takes over soon. */
    private readonly splitAhead: boolean,
  ) {}

  takes(): boolean {
    return true;
  }

  chunkEnd(lo: number, limit: number): number {
    return Math.min(nextChunkEnd(this.rules, lo, limit), this.splitAhead ? 2 * lo + 64 : Infinity);
  }

  run(
    pool: WorkerPool,
    g: Values,
    width: Width,
    lo: number,
    hi: number,
    maxBefore: number,
    signal?: AbortSignal,
  ): Promise<ChunkOutcome> {
    this.lastWorkers = 1;
    return pool.run(
      { kind: 'range', rules: this.rules, buffer: g.buffer as SharedArrayBuffer, width, lo, hi, maxBefore },
      signal,
    );
  }
}

/** The frozen-prefix split: a parallel gather of the options below the chunk, an ordered finish. */
class SplitStrategy implements ChunkStrategy {
  lastWorkers = 0;
  readonly stats = emptyPhaseStats();
  private plan: SplitChunkPlan | null = null;
  private readonly scratch = new RowScratch();

  constructor(
    private readonly rules: Rules,
    private readonly share: OrderedShare,
    private readonly threads: number,
    private readonly tuning: SplitTuning | undefined,
  ) {}

  takes(lo: number, limit: number, maxValue: number): boolean {
    this.plan = planSplitChunk(this.rules, this.share, lo, limit, this.threads, maxValue, this.tuning);
    return this.plan !== null;
  }

  chunkEnd(lo: number, limit: number): number {
    return Math.min(limit, this.plan?.a === lo ? this.plan.b : lo);
  }

  run(
    pool: WorkerPool,
    g: Values,
    width: Width,
    lo: number,
    _hi: number,
    _maxBefore: number,
    signal?: AbortSignal,
  ): Promise<ChunkOutcome> {
    const plan = this.plan;
    if (!plan || plan.a !== lo) throw new Error(`no frozen-prefix plan for the chunk at ${lo} of ${this.rules.key}`);
    this.lastWorkers = Math.min(this.threads, plan.slices.length);
    return runSplitChunk(
      pool,
      this.rules,
      g.buffer as SharedArrayBuffer,
      width,
      plan,
      this.scratch,
      this.stats,
      signal,
    );
  }
}
