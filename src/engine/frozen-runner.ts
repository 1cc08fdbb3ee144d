import type { Width } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import type { EnginePool } from './tasks.js';
import type { ChunkOutcome, FinishTask, GatherTask } from './protocol.js';
import type { FrozenChunkPlan } from './frozen-plan.js';
import { moduleWatch } from './module-watch.js';

/** The shared row scratch of frozen-prefix chunks, reused across chunks and grown on demand. */
export class RowScratch {
  private buffer: SharedArrayBuffer | null = null;

  /** A buffer of at least `bytes`; gather clears the rows it fills, so reuse needs no zeroing. */
  get(bytes: number): SharedArrayBuffer {
    if (!this.buffer || this.buffer.byteLength < bytes) {
      const size = Math.max(bytes, Math.ceil((this.buffer?.byteLength ?? 0) * 1.5));
      this.buffer = new SharedArrayBuffer(Math.ceil(size / 64) * 64);
    }
    return this.buffer;
  }
}

/**
 * Frozen-prefix chunks run; on the pool, the wall time of their two phases (the finish share is
 * the serial fraction); on a gang, how many stopped because the values outgrew the rows.
 */
export interface FrozenPhaseStats {
  chunks: number;
  gatherMs: number;
  finishMs: number;
  regrows: number;
}

export function emptyPhaseStats(): FrozenPhaseStats {
  return { chunks: 0, gatherMs: 0, finishMs: 0, regrows: 0 };
}

/**
 * Run one frozen-prefix chunk: every gather tile at once on the pool, then one ordered finish
 * task. The main thread only schedules: kernels run on workers.
 */
export async function runFrozenChunk(
  pool: EnginePool,
  rules: Rules,
  values: SharedArrayBuffer,
  width: Width,
  plan: FrozenChunkPlan,
  scratch: RowScratch,
  stats?: FrozenPhaseStats,
  signal?: AbortSignal,
): Promise<ChunkOutcome> {
  const t0 = performance.now();
  const rows = scratch.get((plan.hi - plan.F) * plan.rowWords * 4);
  const label = (lo: number, hi: number): string => `gather [${lo}, ${hi}) of ${rules.key}`;
  const gathered = await Promise.all(
    plan.tiles.map(([lo, hi]) => {
      const task: GatherTask = {
        kind: 'gather',
        rules,
        buffer: values,
        width,
        rows,
        rowWords: plan.rowWords,
        F: plan.F,
        lo,
        hi,
      };
      const watched = moduleWatch(task, pool.moduleTimeoutMs);
      return pool.runOn('frozen', watched.task, signal, label(lo, hi), watched.watch);
    }),
  );
  const deferred: (Int32Array | null)[] = [];
  // A tile that failed part-way (a custom module throwing at heap f) still filled its rows
  // below f: finish [F, f) for the least such f, so those values get stored, then report.
  let failed: { message: string; exitCode: number; next: number } | null = null;
  for (let i = 0; i < gathered.length; i++) {
    const outcome = gathered[i]!;
    if (outcome.kind === 'error') {
      const at = outcome.next ?? plan.tiles[i]![0];
      if (!failed || at < failed.next) failed = { message: outcome.message, exitCode: outcome.exitCode, next: at };
      deferred.push(outcome.deferred ?? null);
    } else {
      deferred.push(outcome.deferred);
    }
  }
  const hi = failed ? failed.next : plan.hi;
  if (failed && hi <= plan.F) return { kind: 'error', message: failed.message, exitCode: failed.exitCode };
  const t1 = performance.now();
  const finish: FinishTask = {
    kind: 'finish',
    rules,
    buffer: values,
    width,
    rows,
    rowWords: plan.rowWords,
    F: plan.F,
    hi,
    deferred,
  };
  const outcome = await pool.runOn('frozen', finish, signal, `finish [${plan.F}, ${hi}) of ${rules.key}`);
  if (stats) {
    stats.chunks++;
    stats.gatherMs += t1 - t0;
    stats.finishMs += performance.now() - t1;
  }
  if (failed && outcome.kind === 'done') {
    return {
      kind: 'error',
      message: failed.message,
      exitCode: failed.exitCode,
      next: outcome.next,
      maxValue: outcome.maxValue,
    };
  }
  return outcome;
}
