import { computeGame } from '../engine/coordinator.js';
import type { ComputeProgress, ComputeSummary } from '../engine/compute-request.js';
import { checkTableFits, MAX_HEAP } from '../engine/planner.js';
import { DEFAULT_MODULE_TIMEOUT_MS, defaultWorkers, WorkerPool } from '../engine/pool.js';
import { keepsWindow } from '../engine/sparse-window.js';
import { UsageError } from '../errors.js';
import { familyOf, parseRules, proofCriterion } from '../games/registry.js';
import type { Rules } from '../rules/types.js';
import { locateStore } from '../store/location.js';
import { Store } from '../store/store.js';
import type { GameSpec } from './game.js';
import type { EngineTasks } from '../engine/tasks.js';

export type { ComputeProgress, ComputeSummary };

/** Without `to`: a plain compute's target. */
export const DEFAULT_TO = 1_000_000;
/** With untilProven and no `to`: how far to go looking for a proof. */
export const DEFAULT_PROOF_LIMIT = 2 ** 28;

export interface ComputeOptions {
  /** The store file (default: as the CLI finds it). */
  readonly db?: string;
  /** Compute g(0..to-1) (default 1e6); with untilProven, the upper limit (default 2^28). */
  readonly to?: number;
  /** Stop as soon as the periodicity is proven (README: Periodicity). */
  readonly untilProven?: boolean;
  /** Worker threads (default: available cores). */
  readonly workers?: number;
  /** For module: rules, the longest options(n) may run per position (default 10 s). */
  readonly moduleTimeoutMs?: number;
  /** For states: modules, the most states the exploration may find (default 4e6). */
  readonly maxStates?: number;
  /** For states: modules, while exploring: states found and expanded so far. */
  readonly onExplore?: (found: number, expanded: number) => void;
  /** Aborting stops the chunk in flight (InterruptedError); every finished chunk is stored. */
  readonly signal?: AbortSignal;
  /** When another process computes the same game: wait for it (default: refuse). */
  readonly wait?: boolean;
  readonly onWait?: (holder: { readonly pid: number }) => void;
  readonly onProgress?: (p: ComputeProgress) => void;
}

/**
 * Compute (or extend) a game's table and store it, resuming from what is stored, under the same
 * per-game lock as `grundy compute`. Throws UsageError (bad game or target), StoreError,
 * ComputeError or InterruptedError, each carrying the CLI's exit code.
 */
export async function compute(game: string | GameSpec, options: ComputeOptions = {}): Promise<ComputeSummary> {
  const rules: Rules = typeof game === 'string' ? parseRules(game) : game.rules;
  const untilProven = options.untilProven === true;
  const canProve = proofCriterion(rules) !== null;
  const to = options.to ?? (untilProven && canProve ? DEFAULT_PROOF_LIMIT : DEFAULT_TO);
  if (!Number.isSafeInteger(to) || to < 1 || to > MAX_HEAP)
    throw new UsageError(`to ${to} must be an integer in [1, ${MAX_HEAP}]`);
  const workers = options.workers ?? defaultWorkers();
  if (!Number.isSafeInteger(workers) || workers < 1 || workers > 256)
    throw new UsageError(`workers ${workers} must be in [1, 256]`);
  // Before the store is opened or created: a table that cannot fit is refused with nothing touched.
  // A game graph's table is as large as its file, whatever `to` says; a windowed one's is small.
  if (!familyOf(rules).explicit && !keepsWindow(rules, to, untilProven)) checkTableFits(to);
  const store = Store.openForWrite(locateStore(options.db).path);
  const pool = new WorkerPool<EngineTasks>(workers, {
    moduleTimeoutMs: options.moduleTimeoutMs ?? DEFAULT_MODULE_TIMEOUT_MS,
  });
  try {
    return await computeGame({
      rules,
      store,
      pool,
      to,
      untilProven,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.maxStates !== undefined ? { maxStates: options.maxStates } : {}),
      ...(options.onExplore ? { onBuildProgress: options.onExplore } : {}),
      lock: { wait: options.wait === true, ...(options.onWait ? { onWait: options.onWait } : {}) },
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  } finally {
    // The threads stop on their own while SQLite checkpoints its log: a gang's two took 20 ms
    // to stop and the close 17-22 ms, one after the other.
    const stopping = pool.destroy();
    try {
      store.close();
    } finally {
      await stopping;
    }
  }
}
