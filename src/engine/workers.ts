import type { ExpandOutcome, ExpandTask } from '../states/protocol.js';
import type { BatchOutcome, BatchTask } from '../play/batch-protocol.js';
import type { BoardOutcome, BoardTask } from './board-protocol.js';
import type { SweepBatchOutcome, SweepBatchTask } from '../sweep/protocol.js';
import type { ChunkOutcome, ChunkTask, FinishTask, GatherOutcome, GatherTask } from './protocol.js';
import type {
  SparseGangOutcome,
  SparseGangTask,
  SparseOutcome,
  SparseReadyOutcome,
  SparseReadyTask,
  SparseTask,
} from './sparse-protocol.js';
import type { SubtractGangOutcome, SubtractGangTask } from './subtract-gang.js';
import type { FrozenGangOutcome, FrozenGangTask } from './frozen-gang.js';

/**
 * Every worker entry file (workers/<name>.worker.ts) with the tasks it takes and the outcomes
 * it returns: `WorkerPool.runOn` is typed by this map, so a wrong name or task does not compile.
 */
export interface WorkerTasks {
  chunk: { task: ChunkTask; outcome: ChunkOutcome };
  frozen: { task: GatherTask; outcome: GatherOutcome } | { task: FinishTask; outcome: ChunkOutcome };
  sparse:
    | { task: SparseTask; outcome: SparseOutcome }
    | { task: SparseGangTask; outcome: SparseGangOutcome }
    | { task: SparseReadyTask; outcome: SparseReadyOutcome };
  gang: { task: SubtractGangTask; outcome: SubtractGangOutcome } | { task: FrozenGangTask; outcome: FrozenGangOutcome };
  sweep: { task: SweepBatchTask; outcome: SweepBatchOutcome };
  eval: { task: BatchTask; outcome: BatchOutcome };
  board: { task: BoardTask; outcome: BoardOutcome };
  states: { task: ExpandTask; outcome: ExpandOutcome };
}

export type WorkerName = keyof WorkerTasks;
export type TaskOf<W extends WorkerName> = WorkerTasks[W]['task'];
/** The outcome of task T on worker W (a worker with several task kinds answers each in kind). */
export type OutcomeOf<W extends WorkerName, T extends TaskOf<W>> = Extract<
  WorkerTasks[W],
  { task: T }
>['outcome'] extends never
  ? WorkerTasks[W]['outcome']
  : Extract<WorkerTasks[W], { task: T }>['outcome'];
