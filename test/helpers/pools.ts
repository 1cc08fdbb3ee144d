import { afterAll, beforeAll } from 'vitest';
import { WorkerPool } from '../../src/engine/pool.js';

/**
 * One pool per worker count for the enclosing suite (or file): started before its tests,
 * destroyed after them. Returns the pool of a given count.
 */
export function poolsByWorkers(counts: readonly number[]): (workers: number) => WorkerPool {
  const pools = new Map<number, WorkerPool>();
  beforeAll(() => {
    for (const k of counts) pools.set(k, new WorkerPool(k));
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
