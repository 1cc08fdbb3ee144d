import { afterAll, beforeAll } from 'vitest';
import { WorkerPool } from '../../src/engine/pool.js';
import type { WorkerTasks } from '../../workers/tasks.js';

/**
 * One pool per worker count for the enclosing suite (or file): started before its tests,
 * destroyed after them. Returns the pool of a given count.
 */
export function poolsByWorkers(counts: readonly number[]): (workers: number) => WorkerPool<WorkerTasks> {
  const pools = new Map<number, WorkerPool<WorkerTasks>>();
  beforeAll(() => {
    for (const k of counts) pools.set(k, new WorkerPool<WorkerTasks>(k));
  });
  afterAll(async () => {
    for (const p of pools.values()) await p.destroy();
  });
  return (workers) => {
    const pool = pools.get(workers);
    if (!pool) throw new Error(`this suite has no pool of ${workers} workers (only ${counts.join(', ')})`);
    return pool;
  };
}
