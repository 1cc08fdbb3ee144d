import { userCode } from '../games/registry.js';
import type { Rules } from '../rules/types.js';
import { Heartbeat, LOADING } from '../kernels/heartbeat.js';
import type { TaskWatch } from './pool.js';
import type { ChunkOutcome, ChunkTask } from './protocol.js';
import type { EnginePool } from './tasks.js';
import { formatMs, StalledTaskError, WorkerDeathError } from './task-errors.js';

/**
 * The watch for a task that calls a custom module's options(n) one position at a time (range
 * chunks and frozen-prefix gathers): a fresh heartbeat in the task, the --module-timeout. Null,
 * and the task unchanged, for a game without user code.
 */
export function moduleWatch<T extends { readonly rules: Rules }>(
  task: T,
  timeoutMs: number,
): { task: T; watch: TaskWatch | undefined } {
  const code = userCode(task.rules);
  if (code === null) return { task, watch: undefined };
  const heartbeat = new Heartbeat();
  return {
    task: { ...task, heartbeat: heartbeat.buffer },
    watch: {
      heartbeat,
      timeoutMs,
      name: code,
      describe: (position) =>
        position === LOADING
          ? `${code} did not finish loading within the --module-timeout of ${formatMs(timeoutMs)}`
          : `${code}: options(${position}) ran longer than the --module-timeout of ${formatMs(timeoutMs)} ` +
            `and was stopped`,
    },
  };
}

/**
 * Run one range chunk of a game's table (workers/chunk.worker.ts). A custom module that
 * stalls or kills its worker becomes an error outcome whose `next` says how far the chunk's
 * values are final, so the coordinator stores them.
 */
export async function runChunk(pool: EnginePool, chunk: ChunkTask, signal?: AbortSignal): Promise<ChunkOutcome> {
  const label = `chunk [${chunk.lo}, ${chunk.hi}) of ${chunk.rules.key}`;
  const { task, watch } = moduleWatch(chunk, pool.moduleTimeoutMs);
  try {
    return await pool.runOn('chunk', task, signal, label, watch);
  } catch (err) {
    if ((err instanceof StalledTaskError || err instanceof WorkerDeathError) && watch !== undefined) {
      return { kind: 'error', message: err.message, exitCode: err.exitCode, next: Math.max(chunk.lo, err.position) };
    }
    throw err;
  }
}
