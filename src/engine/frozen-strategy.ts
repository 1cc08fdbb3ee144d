import type { OrderedShare } from '../kernels/frozen/frozen-kernel.js';
import type { Rules } from '../rules/types.js';
import { planFrozenChunk, type FrozenChunkPlan, type FrozenTuning } from './frozen-plan.js';
import { RowScratch, runFrozenChunk, type FrozenPhaseStats } from './frozen-runner.js';
import type { ChunkOutcome } from './protocol.js';
import type { ChunkRun, ChunkStrategy } from './strategy.js';
import { typedTable } from '../kernels/values.js';

/**
 * The chunk choice both frozen-prefix runtimes share: `takes` plans the chunk at lo (or declines
 * it), `chunkEnd` ends the chunk where the plan does, `run` finds the plan again.
 */
export abstract class FrozenPlanned<P extends { readonly hi: number }> implements ChunkStrategy {
  lastWorkers = 0;
  private planned: { readonly lo: number; readonly plan: P } | null = null;

  constructor(
    protected readonly rules: Rules,
    protected readonly share: OrderedShare,
    protected readonly threads: number,
    protected readonly tuning: FrozenTuning | undefined,
    protected readonly stats: FrozenPhaseStats,
  ) {}

  /** The plan of the chunk starting at lo and ending at or before limit, or null. */
  protected abstract makePlan(lo: number, limit: number, maxValue: number): P | null;

  abstract run(chunk: ChunkRun): Promise<ChunkOutcome>;

  takes(lo: number, limit: number, maxValue: number): boolean {
    const plan = this.makePlan(lo, limit, maxValue);
    this.planned = plan ? { lo, plan } : null;
    return plan !== null;
  }

  chunkEnd(lo: number, limit: number): number {
    return Math.min(limit, this.planned?.lo === lo ? this.planned.plan.hi : lo);
  }

  protected planAt(lo: number): P {
    if (this.planned?.lo !== lo) throw new Error(`no frozen-prefix plan for the chunk at ${lo} of ${this.rules.key}`);
    return this.planned.plan;
  }
}

/** The frozen prefix on pool round trips (custom modules): parallel gather tasks, one ordered finish. */
export class FrozenStrategy extends FrozenPlanned<FrozenChunkPlan> {
  private readonly scratch = new RowScratch();

  protected makePlan(lo: number, limit: number, maxValue: number): FrozenChunkPlan | null {
    return planFrozenChunk(this.rules, this.share, lo, limit, this.threads, maxValue, this.tuning);
  }

  run(chunk: ChunkRun): Promise<ChunkOutcome> {
    const { pool, width, lo, signal } = chunk;
    const g = typedTable(chunk.g);
    const plan = this.planAt(lo);
    this.lastWorkers = Math.min(this.threads, plan.tiles.length);
    return runFrozenChunk(
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
