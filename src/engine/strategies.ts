import { frozenSupport, sparseShape, userCode } from '../games/registry.js';
import type { OrderedShare } from '../kernels/frozen/frozen-kernel.js';
import { typedTable } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import { nextChunkEnd } from './budget.js';
import type { ChunkOutcome } from './protocol.js';
import { emptySparseStats, SparseRunner, type SparsePhaseStats, type SparseTuning } from './sparse-runner.js';
import type { FrozenTuning } from './frozen-plan.js';
import { emptyPhaseStats, type FrozenPhaseStats } from './frozen-runner.js';
import { FrozenStrategy } from './frozen-strategy.js';
import { SubtractGangRunner, type SubtractGangTuning } from './subtract-gang.js';
import { FrozenGangStrategy } from './frozen-gang.js';
import { runChunk } from './module-watch.js';
import type { ChunkRun, ChunkStrategy } from './strategy.js';
import type { EngineTasks } from './tasks.js';

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

/**
 * The worker entry the first chunk of `rules` runs on, where that is known before the store is
 * open: sparse space takes every chunk, on the sparse entry. Which strategy takes the first chunk
 * of the others depends on what is stored; they load their entry with their first task.
 */
export function firstEntry(rules: Rules): keyof EngineTasks | null {
  return sparseShape(rules) ? 'sparse' : null;
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
    return runChunk(
      pool,
      { kind: 'range', rules: this.rules, buffer: g.buffer as SharedArrayBuffer, width, lo, hi, maxBefore },
      signal,
    );
  }
}
