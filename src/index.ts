/**
 * grundy-engine's public API: what `import ... from 'grundy-engine'` gives. The CLI calls these
 * same functions; every failure is a GrundyError subclass whose exitCode is the CLI's exit code.
 */
export {
  ComputeError,
  computeCommand,
  errorText,
  exportCommand,
  GrundyError,
  InterruptedError,
  NotComputedError,
  StoreError,
  UsageError,
  type ComputeHint,
  type ExportHint,
} from './errors.js';
export { gameKind, parseGame, type GameKind, type GameSpec } from './api/game.js';
export {
  GrundyStore,
  locateStore,
  MAX_RANGE,
  openStore,
  type Answer,
  type FrequencyOptions,
  type FrequencyTable,
  type HeapAnswer,
  type OpenStoreOptions,
  type PositionAnswer,
  type RunRecord,
  type StoredGame,
  type StoredTable,
  type StoreLocation,
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
  formatVertexValue,
  outcomeCounts,
  vertexJson,
  type GraphTable,
  type VertexAnswer,
} from './api/graph.js';
export { boardSource } from './export/board.js';
export { compute, type ComputeOptions, type ComputeProgress, type ComputeSummary } from './api/compute.js';
export {
  BatchLinesFailedError,
  batchFormat,
  evaluate,
  evaluateBatch,
  evaluatePosition,
  type BatchBackend,
  type BatchFormat,
  type BatchSummary,
  type EvaluateBatchOptions,
  type EvaluatedPosition,
  type EvaluateOptions,
  type Evaluation,
  type LineError,
  type LoopyComponent,
  type LoopyEvaluation,
  type LoopyMove,
  type LoopyOutcome,
  type LoopyValue,
  type MovesMode,
  type OutcomeOnly,
  type PositionEvaluation,
  type PositionMove,
} from './api/evaluate.js';
export { count, type CountAnswer, type CountOptions } from './api/count.js';
/** Misère quotients of take-and-break games (grundy quotient; docs/misere-quotients.md). */
export {
  computeQuotient,
  evaluateMisereSum,
  type MisereQuotientReader,
  type MisereSumAnswer,
  openQuotient,
  type QuotientOptions,
  type QuotientSummary,
  readQuotient,
} from './api/quotient.js';
/** Misère play: outcomes, genus, tame and Anti-SG rules, sums (docs/misere.md). */
export {
  computeMisere,
  eachMisereLine,
  evaluateMisere,
  evaluateMisereBatch,
  misereExportSource,
  queryMisere,
  type MisereAnswer,
  type MisereComputeOptions,
  type MisereComputeSummary,
  type MisereEvaluated,
  type MisereEvaluateOptions,
  type MisereEvaluation,
  type MisereLine,
  type MisereMethod,
  type MisereMove,
  type MisereQueryOptions,
} from './api/misere.js';
export { query } from './api/query.js';
export {
  DEFAULT_SWEEP_LIMITS,
  MAX_SWEEP_LIMIT,
  SWEEP_SORTS,
  sweep,
  sweepFamilies,
  sweepPlan,
  sweepReport,
  type ReportEntry,
  type SweepBackend,
  type SweepOptions,
  type SweepPlan,
  type SweepPlanOptions,
  type SweepProgress,
  type SweepReport,
  type SweepReportOptions,
  type SweepSort,
  type SweepSpec,
  type SweepSummary,
} from './api/sweep.js';
/** Store management: what `grundy store`, `rm`, `vacuum`, `sweeps` and `bench --history` do. */
export {
  benchHistory,
  listSweeps,
  openBenchRecorder,
  removeGame,
  removeSweep,
  storeInfo,
  vacuum,
  type BenchRun,
  type ManageOptions,
  type RemovedGame,
  type RemovedSweep,
  type StoreInfo,
  type StoreOrigin,
  type StoreSize,
  type StoreTable,
  type StoredSweep,
  type SweepStatus,
} from './api/manage.js';
export type { Periodicity } from './period/detect.js';
export type { RowPeriod } from './board/row-period.js';
export type { GValue, Outcome } from './graph/sums.js';
export type { Rules } from './rules/types.js';
export type { Values } from './kernels/values.js';
/**
 * Nimber arithmetic below 2^64 (the field GF(2^64)) on BigInts: nim-sum (xor), product, powers,
 * inverse, square root (every nimber has exactly one), multiplicative order (a divisor of
 * 2^64 - 1 = 3 * 5 * 17 * 257 * 641 * 65537 * 6700417), and discrete logarithms. nimGenerator()
 * is the standard base of nimLog: the least generator of the multiplicative group, 2^32 + 6.
 * nimLogBase(g) keeps the tables of one base (10-20 ms to build) for many logarithms.
 */
export { NIMBER_LIMIT, nimAdd, nimInv, nimMul, nimPow, nimSqrt } from './nimber/arith.js';
export { GROUP_PRIMES, nimGenerator, nimOrder } from './nimber/order.js';
export { NimLogBase, nimLog, nimLogBase } from './nimber/log.js';
