/**
 * grundy-engine's public API: what `import ... from 'grundy-engine'` gives. The CLI calls these
 * same functions; every failure is a GrundyError subclass whose exitCode is the CLI's exit code.
 */
export { ComputeError, GrundyError, InterruptedError, NotComputedError, StoreError, UsageError } from './errors.js';
export { parseGame, type GameSpec } from './api/game.js';
export { GrundyStore, MAX_RANGE, openStore, type Answer, type OpenStoreOptions, type StoredGame } from './api/store.js';
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
export type { Rules } from './rules/types.js';
export type { Values } from './kernels/values.js';
