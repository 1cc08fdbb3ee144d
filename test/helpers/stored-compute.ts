import { join } from 'node:path';
import { computeGame } from '../../src/engine/coordinator.js';
import type { ComputeRequest } from '../../src/engine/compute-request.js';
import type { WorkerPool } from '../../src/engine/pool.js';
import { parseRules } from '../../src/games/registry.js';
import { Store } from '../../src/store/store.js';
import type { WorkerTasks } from '../../workers/tasks.js';

/** What a test sets of a compute besides the game, the store, the pool and the target. */
export type ComputeOptions = Omit<Partial<ComputeRequest>, 'rules' | 'store' | 'pool' | 'to'>;

/**
 * The engine tests' one driver: computeGame on `poolOf(workers)` into a store of its own in
 * `dir` (or the store at `db`), then the stored values. Module specs resolve against `dir`.
 */
export function storedComputer(dir: string, poolOf: (workers: number) => WorkerPool<WorkerTasks>) {
  let count = 0;
  return async (spec: string, to: number, workers: number, options: ComputeOptions = {}, db?: string) => {
    const store = Store.openForWrite(db ?? join(dir, `t${count++}.db`));
    try {
      const rules = parseRules(spec, dir);
      const pool = poolOf(workers);
      const summary = await computeGame({ untilProven: false, ...options, rules, store, pool, to });
      const game = store.getGame(rules.key)!;
      return { summary, values: Array.from(store.readValues(game)), width: game.width };
    } finally {
      store.close();
    }
  };
}
