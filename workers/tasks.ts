import type { EngineTasks } from '../src/engine/tasks.js';
import type { QuotientTasks } from '../src/misere/quotient-task.js';
import type { WorkerPool } from '../src/engine/pool.js';
import type { EvalTasks } from '../src/play/batch-protocol.js';
import type { SweepTasks } from '../src/sweep/protocol.js';

/**
 * Every worker entry file in this folder with the tasks it takes and the outcomes it returns,
 * joined from the maps each layer declares: a pool of this map runs everything, and
 * `WorkerPool.runOn` is typed by it, so a wrong name or task does not compile.
 */
export type WorkerTasks = EngineTasks & EvalTasks & SweepTasks & QuotientTasks;

/** A pool that runs every task kind: the CLI's, the server's and the queue worker's. */
export type FullPool = WorkerPool<WorkerTasks>;
