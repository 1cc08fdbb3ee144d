import { Bench } from 'tinybench';
import { WorkerPool } from '../src/engine/pool.js';
import { seededRandom, type PooledContext, type RunOutcome, type TimedContext, type Workload } from './workload.js';
import type { WorkerTasks } from '../workers/tasks.js';

export type Mode = 'plain' | 'pool';

/** One measured configuration: a workload run in one mode with a number of workers. */
export interface Measurement {
  readonly workload: string;
  readonly suite: string;
  readonly mode: Mode | 'anchor';
  /** 1 for the plain single-thread baseline. */
  readonly workers: number;
  /** The workload size (states per run). */
  readonly size: number;
  /** States handled per run (as reported by the run). */
  readonly states: number;
  readonly iterations: number;
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  /** (max - min) / median over the measured runs. */
  readonly spread: number;
  /** states / median time. */
  readonly statesPerSecond: number;
  readonly checksum: string;
}

export interface PlanItem {
  readonly workload: Workload;
  readonly mode: Mode;
  readonly workers: number;
}

export interface RunOptions {
  readonly quick: boolean;
  /** Overrides each workload's own size (for tiny smoke runs and experiments). */
  readonly size?: number;
  /** Measured runs per configuration (after one warm-up run). */
  readonly iterations?: number;
  /** Worker counts for pooled runs; default: 1..cores for scaling workloads, else the workload's own. */
  readonly workers?: readonly number[];
  readonly cores: number;
  readonly signal?: AbortSignal;
}

export const FULL_ITERATIONS = 5;
export const QUICK_ITERATIONS = 3;

export function sizeOf(workload: Workload, options: Pick<RunOptions, 'quick' | 'size'>): number {
  return options.size ?? (options.quick ? workload.size.quick : workload.size.full);
}

/** The configurations to measure: the plain baseline first, then the pool at each worker count. */
export function planFor(workloads: readonly Workload[], options: Pick<RunOptions, 'workers' | 'cores'>): PlanItem[] {
  const plan: PlanItem[] = [];
  for (const workload of workloads) {
    plan.push({ workload, mode: 'plain', workers: 1 });
    if (!workload.pooled) continue;
    const counts =
      options.workers ??
      (workload.scaling ? Array.from({ length: options.cores }, (_, i) => i + 1) : (workload.workers ?? [1]));
    for (const workers of counts) plan.push({ workload, mode: 'pool', workers });
  }
  return plan;
}

class Stopwatch implements TimedContext {
  elapsed = 0;
  timed<T>(work: () => T): T {
    const t0 = performance.now();
    try {
      return work();
    } finally {
      this.elapsed += performance.now() - t0;
    }
  }
  async timedAsync<T>(work: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      this.elapsed += performance.now() - t0;
    }
  }
}

/** A run whose checksum differs between iterations is a kernel bug, never noise. */
export class UnstableChecksumError extends Error {}

/**
 * Measure one configuration with tinybench: one warm-up run, then `iterations` runs; each
 * sample is the time spent inside the workload's `timed` sections only.
 */
export async function measure(item: PlanItem, options: RunOptions): Promise<Measurement> {
  const { workload, mode, workers } = item;
  const size = sizeOf(workload, options);
  const input = workload.setup ? await workload.setup(size, seededRandom(workload.seed ?? 1)) : size;
  const pool = mode === 'pool' ? new WorkerPool<WorkerTasks>(workers) : null;
  const iterations = options.iterations ?? (options.quick ? QUICK_ITERATIONS : FULL_ITERATIONS);
  let last: RunOutcome | undefined;
  const once = async (): Promise<{ overriddenDuration: number }> => {
    const watch = new Stopwatch();
    let outcome: RunOutcome;
    if (pool) {
      if (!workload.pooled) throw new Error(`${workload.name} has no pooled run`);
      const ctx: PooledContext = {
        pool,
        workers,
        timed: (w) => watch.timed(w),
        timedAsync: (w) => watch.timedAsync(w),
      };
      outcome = await workload.pooled(input, ctx);
    } else {
      outcome = await workload.plain(input, watch);
    }
    if (last && last.checksum !== outcome.checksum) {
      throw new UnstableChecksumError(
        `${workload.name} (${mode}, ${workers} worker${workers > 1 ? 's' : ''}) gave checksum ` +
          `${outcome.checksum} after ${last.checksum} on the same input`,
      );
    }
    last = outcome;
    return { overriddenDuration: watch.elapsed };
  };
  try {
    const bench = new Bench({
      iterations,
      time: 0,
      warmup: true,
      warmupIterations: 1,
      warmupTime: 0,
      throws: true,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    bench.add(`${workload.name}/${mode}/${workers}`, once);
    await bench.run();
    const result = bench.tasks[0]?.result;
    if (!result || (result.state !== 'completed' && result.state !== 'aborted-with-statistics')) {
      if (result?.state === 'errored') throw result.error;
      throw new Error(`${workload.name} did not complete (${result?.state ?? 'no result'})`);
    }
    if (!last) throw new Error(`${workload.name} produced no run`);
    const { p50, min, max, samplesCount } = result.latency;
    return {
      workload: workload.name,
      suite: workload.suite,
      mode,
      workers,
      size,
      states: last.states,
      iterations: samplesCount,
      medianMs: p50,
      minMs: min,
      maxMs: max,
      spread: p50 > 0 ? (max - min) / p50 : 0,
      statesPerSecond: p50 > 0 ? last.states / (p50 / 1000) : 0,
      checksum: last.checksum.toString(),
    };
  } finally {
    await pool?.destroy();
  }
}
