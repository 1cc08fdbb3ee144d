import { chooseSize, computeBoard, MAX_BOARD } from '../engine/board-compute.js';
import { computeGame } from '../engine/coordinator.js';
import type { ComputeProgress, ComputeSummary } from '../engine/compute-request.js';
import { checkTableFits, MAX_HEAP } from '../engine/planner.js';
import { DEFAULT_MODULE_TIMEOUT_MS, defaultWorkers, WorkerPool } from '../engine/pool.js';
import { keepsWindow } from '../engine/sparse-window.js';
import { firstEntry } from '../engine/strategies.js';
import { UsageError } from '../errors.js';
import { parseRules, proofCriterion, tableFamily } from '../games/registry.js';
import type { GameFamily } from '../games/family.js';
import type { Rules } from '../rules/types.js';
import { locateStore } from '../store/location.js';
import { Store } from '../store/store.js';
import type { GameSpec } from './game.js';
import type { EngineTasks } from '../engine/tasks.js';
import { emptyPhaseStats } from '../engine/frozen-runner.js';
import { emptySparseStats } from '../engine/sparse-runner.js';

export type { ComputeProgress, ComputeSummary };
export type { StrategyFacts } from '../engine/strategy.js';
export { DEFAULT_MODULE_TIMEOUT_MS, MAX_BOARD, MAX_HEAP };
export { DEFAULT_MAX_STATES } from '../states/explore.js';

/** Without `to`: a plain compute's target. */
export const DEFAULT_TO = 1_000_000;
/** With untilProven and no `to`: how far to go looking for a proof. */
export const DEFAULT_PROOF_LIMIT = 2 ** 28;
/** Threads for a board game's table: 1, because 2 pipelined workers did not pay (bench/NOTES.md). */
export const DEFAULT_BOARD_WORKERS = 1;

export interface ComputeOptions {
  /** The store file (default: as the CLI finds it). */
  readonly db?: string;
  /** A heap game: compute g(0..to-1) (default 1e6); with untilProven, the upper limit (default 2^28). */
  readonly to?: number;
  /** A board game: the side N of its N x N table (a game played on its own board may leave it out). */
  readonly size?: number;
  /** Stop as soon as the periodicity is proven (README: Periodicity). */
  readonly untilProven?: boolean;
  /** Worker threads (default: available cores; 1 for a board game). */
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
  /** A board game made of heap games (a product): told before a factor's table is computed. */
  readonly onFactor?: (key: string, to: number) => void;
}

/**
 * Compute (or extend) a game's table and store it, whatever its kind: a heap game to `to` (or
 * until its period is proven), a game graph whole, a board game's N x N table. Resumes from what
 * is stored, under the same per-game lock as `grundy compute`. The kind of the game is decided
 * here, once; options that do not fit it are refused. Throws UsageError (bad game or option),
 * StoreError, ComputeError or InterruptedError, each carrying the CLI's exit code.
 */
export async function compute(game: string | GameSpec, options: ComputeOptions = {}): Promise<ComputeSummary> {
  const rules: Rules = typeof game === 'string' ? parseRules(game) : game.rules;
  const family = tableFamily(rules); // a theorem game is refused: it has no table
  checkOptions(family, rules, options);
  const workers = options.workers ?? (family.kind === 'board' ? DEFAULT_BOARD_WORKERS : defaultWorkers());
  if (!Number.isSafeInteger(workers) || workers < 1 || workers > 256)
    throw new UsageError(`workers ${workers} must be in [1, 256]`);
  if (family.kind === 'board') return computeBoardTable(rules, workers, options);
  const untilProven = options.untilProven === true;
  const to = options.to ?? (untilProven && proofCriterion(rules) !== null ? DEFAULT_PROOF_LIMIT : DEFAULT_TO);
  if (!Number.isSafeInteger(to) || to < 1 || to > MAX_HEAP)
    throw new UsageError(`to ${to} must be an integer in [1, ${MAX_HEAP}]`);
  // Before the store is opened or created: a table that cannot fit is refused with nothing touched.
  // A game graph's table is as large as its file, whatever `to` says; a windowed one's is small.
  if (family.kind === 'heap' && !keepsWindow(rules, to, untilProven)) checkTableFits(to);
  const pool = new WorkerPool<EngineTasks>(workers, {
    moduleTimeoutMs: options.moduleTimeoutMs ?? DEFAULT_MODULE_TIMEOUT_MS,
  });
  // The first chunk's entry file loads on every thread while the store opens.
  const entry = firstEntry(rules);
  if (entry) pool.warm(entry, workers);
  let store: Store | null = null;
  try {
    store = Store.openForWrite(locateStore(options.db).path);
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
      store?.close();
    } finally {
      await stopping;
    }
  }
}

/** Options that do not fit the kind of game, refused before anything is opened. */
function checkOptions(family: GameFamily, rules: Rules, options: ComputeOptions): void {
  const length = options.to !== undefined || options.untilProven === true;
  if (family.kind === 'board' && length) {
    throw new UsageError(
      `${rules.key} is a two-dimensional game: give --size N for its N x N table, not --to or --until-proven`,
    );
  }
  if (family.kind === 'graph' && length) {
    throw new UsageError(`${rules.key} is a game graph: its table is computed whole, so drop --to and --until-proven`);
  }
  if (family.kind !== 'board' && options.size !== undefined) {
    throw new UsageError(`--size is the side of a two-dimensional game's table; ${rules.key} is not one: give --to N`);
  }
  if (options.maxStates !== undefined && !(family.kind === 'graph' && family.explicit.explores)) {
    throw new UsageError(`--max-states bounds a states: module's exploration; ${rules.key} has no states to explore`);
  }
}

/** A board game's N x N table, stored whole, reported in the summary every kind shares. */
async function computeBoardTable(rules: Rules, workers: number, options: ComputeOptions): Promise<ComputeSummary> {
  if (
    options.size !== undefined &&
    (!Number.isSafeInteger(options.size) || options.size < 1 || options.size > MAX_BOARD)
  )
    throw new UsageError(`size ${options.size} must be an integer in [1, ${MAX_BOARD}]`);
  // Checked before the store is opened or created: a bad size touches nothing.
  const size = chooseSize(rules, options.size ?? null);
  const store = Store.openForWrite(locateStore(options.db).path);
  const pool = new WorkerPool<EngineTasks>(Math.min(workers, defaultWorkers() * 4));
  try {
    const s = await computeBoard({
      rules,
      store,
      pool,
      size,
      workers: pool.threads,
      ...(options.onFactor ? { onFactor: options.onFactor } : {}),
    });
    return {
      game: s.game,
      kind: 'board',
      computed: s.size * s.size,
      newlyComputed: s.newlyComputed,
      maxValue: s.maxValue,
      periodicity: null,
      elapsedMs: s.elapsedMs,
      statesPerSecond: s.statesPerSecond,
      workers: s.workers,
      kernel: s.kernel,
      frozen: emptyPhaseStats(),
      sparse: emptySparseStats(),
      facts: null,
      stop: s.stop === 'done' ? 'target' : 'already-computed',
      board: { size: s.size },
    };
  } finally {
    await pool.destroy();
    store.close();
  }
}
