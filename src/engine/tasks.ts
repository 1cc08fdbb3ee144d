import type { WorkerPool } from './pool.js';
import type { ExpandOutcome, ExpandTask } from '../states/protocol.js';
import type { BoardOutcome, BoardTask } from './board-protocol.js';
import type { FrozenGangOutcome, FrozenGangTask, SubtractGangOutcome, SubtractGangTask } from './gang-protocol.js';
import type { ChunkOutcome, ChunkTask, FinishTask, GatherOutcome, GatherTask } from './protocol.js';
import type {
  SparseGangOutcome,
  SparseGangTask,
  SparseOutcome,
  SparseReadyOutcome,
  SparseReadyTask,
  SparseTask,
} from './sparse-protocol.js';

/**
 * The worker entry files (workers/<name>.worker.ts) the engine runs, with the tasks each takes
 * and the outcomes it returns. The pool is typed by a map of this shape (engine/pool.ts); the
 * features above add theirs, and workers/tasks.ts joins them all.
 */
export type EngineTasks = {
  chunk: { task: ChunkTask; outcome: ChunkOutcome };
  frozen: { task: GatherTask; outcome: GatherOutcome } | { task: FinishTask; outcome: ChunkOutcome };
  sparse:
    | { task: SparseTask; outcome: SparseOutcome }
    | { task: SparseGangTask; outcome: SparseGangOutcome }
    | { task: SparseReadyTask; outcome: SparseReadyOutcome };
  gang: { task: SubtractGangTask; outcome: SubtractGangOutcome } | { task: FrozenGangTask; outcome: FrozenGangOutcome };
  board: { task: BoardTask; outcome: BoardOutcome };
  states: { task: ExpandTask; outcome: ExpandOutcome };
};

/** The engine's pool: what its strategies, gangs and graph builds run on. */
export type EnginePool = WorkerPool<EngineTasks>;
