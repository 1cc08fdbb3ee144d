import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { ComputeError } from '../errors.js';
import { projectRoot } from '../project-root.js';
import type { ChunkOutcome, ChunkTask } from './protocol.js';

/**
 * A compiled worker entry point, dist/workers/<name>.worker.js (Node 20 worker threads cannot
 * run TypeScript). Each kind of task has its own entry file; one pool runs them all.
 */
export function workerFile(name: string): string {
  return join(projectRoot(), 'dist', 'workers', `${name}.worker.js`);
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/** One Piscina pool with a fixed number of threads; the only way kernels run in the CLI. */
export class WorkerPool {
  private readonly piscina: Piscina;

  constructor(readonly threads: number) {
    this.piscina = new Piscina({
      filename: WorkerPool.entry('chunk'),
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: 60_000,
    });
  }

  private static entry(name: string): string {
    const file = workerFile(name);
    if (!existsSync(file)) throw new ComputeError(`worker file ${file} is missing; run 'npm run build' first`);
    return pathToFileURL(file).href;
  }

  /** Run one range chunk of a game's table (workers/chunk.worker.ts). */
  run(task: ChunkTask, signal?: AbortSignal): Promise<ChunkOutcome> {
    return this.runOn<ChunkTask, ChunkOutcome>('chunk', task, signal, `chunk [${task.lo}, ${task.hi}) of ${task.rules.key}`);
  }

  /** Run a task on the entry file dist/workers/<worker>.worker.js; its default export handles it. */
  async runOn<TTask, TOutcome>(worker: string, task: TTask, signal?: AbortSignal, label = `${worker} task`): Promise<TOutcome> {
    const filename = WorkerPool.entry(worker);
    try {
      return (await this.piscina.run(task, signal ? { filename, signal } : { filename })) as TOutcome;
    } catch (err) {
      throw new ComputeError(`worker failed on ${label}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async destroy(): Promise<void> {
    await this.piscina.destroy();
  }
}
