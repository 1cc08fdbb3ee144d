/**
 * grundy-engine's public API: what `import ... from 'grundy-engine'` gives. The CLI calls these
 * same functions; every failure is a GrundyError subclass whose exitCode is the CLI's exit code.
 */
export { ComputeError, GrundyError, InterruptedError, NotComputedError, StoreError, UsageError } from './errors.js';
export { gameKind, parseGame, type GameKind, type GameSpec } from './api/game.js';
export {
  GrundyStore,
  MAX_RANGE,
  openStore,
  type Answer,
  type HeapAnswer,
  type OpenStoreOptions,
  type PositionAnswer,
  type StoredGame,
  type StoredTable,
} from './api/store.js';
/** Two-dimensional games: cells 'x,y', the stored N x N table (GrundyStore.board, .cells). */
export {
  boardBlock,
  boardRowPeriods,
  parseCell,
  type BoardTable,
  type CellAnswer,
} from './api/board.js';
/** Game graphs: vertices by name, outcome counts (GrundyStore.graph, .vertices). */
export {
  answerVertex,
  answerVertexNamed,
  outcomeCounts,
  type GraphTable,
  type VertexAnswer,
} from './api/graph.js';
export { boardSource } from './export/board.js';
export { compute, type ComputeOptions, type ComputeProgress, type ComputeSummary } from './api/compute.js';
export {
  evaluate,
  type EvaluatedPosition,
  type EvaluateOptions,
  type Evaluation,
  type MovesMode,
  type PositionMove,
} from './api/evaluate.js';
export { count, type CountAnswer, type CountOptions } from './api/count.js';
export { query } from './api/query.js';
export { locateStore, type StoreLocation } from './store/location.js';
export type { Periodicity } from './period/detect.js';
export type { RowPeriod } from './board/row-period.js';
export type { GValue, Outcome } from './graph/sums.js';
export type { Rules } from './rules/types.js';
export type { Values } from './kernels/values.js';
