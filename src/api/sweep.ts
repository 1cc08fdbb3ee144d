import { defaultWorkers, WorkerPool } from '../engine/pool.js';
import { UsageError } from '../errors.js';
import { locateStore } from '../store/location.js';
import { Store } from '../store/store.js';
import { SWEEP_SORTS, type SweepSort } from '../store/sweeps.js';
import { defaultSweepName, describeSpec, isCodeSweep, type SweepSpec } from '../sweep/enumerate.js';
import type { SweepTasks } from '../sweep/protocol.js';
import { buildReport, type SweepReport } from '../sweep/report.js';
import { runSweep, type SweepBackend, type SweepProgress, type SweepSummary } from '../sweep/run-sweep.js';

export { SWEEP_SORTS, type SweepSort } from '../store/sweeps.js';
export {
  isCodeSweep,
  sweepFamilies,
  sweepKind,
  type CodeSweepSpec,
  type SetSweepSpec,
  type SkipCounts,
  type SweepSpec,
} from '../sweep/enumerate.js';
export type { ReportEntry, SweepReport } from '../sweep/report.js';
export type { SweepBackend, SweepProgress, SweepSummary };

/** Per-game value limits without `to`: every finite subtraction set proves long before. */
export const DEFAULT_SWEEP_LIMITS: Readonly<Record<'sub' | 'allbut' | 'octal' | 'hex', number>> = {
  sub: 2 ** 26,
  allbut: 2 ** 14,
  octal: 2 ** 13,
  // Three-heap moves cost O(n^2) per value.
  hex: 2 ** 10,
};
/** The largest `to` a sweep takes. */
export const MAX_SWEEP_LIMIT = 2 ** 30;

/** What names a sweep run and what it computes: the options `sweepPlan` resolves. */
export interface SweepPlanOptions {
  /** The sweep's name (default from the spec, e.g. sub-size3-max60); a rerun of a name resumes it. */
  readonly name?: string;
  /** The most values per game (default DEFAULT_SWEEP_LIMITS of the family; at most MAX_SWEEP_LIMIT). */
  readonly to?: number;
  /** Stop each game at its proven period (default true); false computes every game to `to`, which is then required. */
  readonly untilProven?: boolean;
}

/** A sweep's name, limit and stopping rule, defaults filled in. */
export interface SweepPlan {
  readonly spec: SweepSpec;
  readonly name: string;
  readonly limit: number;
  readonly untilProven: boolean;
  /** The sweep in words ('subtraction sets of 3 elements up to 60'). */
  readonly description: string;
}

export interface SweepOptions extends SweepPlanOptions {
  readonly db?: string;
  /** Worker threads of the local pool (default: available cores). */
  readonly workers?: number;
  /** Also store every game's values as a table, as compute would (default false). */
  readonly keepTables?: boolean;
  /** Solve the batches here instead of on a local pool (e.g. the job queue of src/queue); the caller closes it. */
  readonly backend?: SweepBackend;
  /** Aborting stops after the batches in flight (InterruptedError); every committed batch is kept. */
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: SweepProgress) => void;
}

/** The name, limit and stopping rule a sweep of `spec` runs with; UsageError for a bad name or limit. */
export function sweepPlan(spec: SweepSpec, options: SweepPlanOptions = {}): SweepPlan {
  const untilProven = options.untilProven !== false;
  if (!untilProven && options.to === undefined)
    throw new UsageError('untilProven false computes every game to `to` values: give to');
  const fallback = DEFAULT_SWEEP_LIMITS[isCodeSweep(spec) && spec.base === 16 ? 'hex' : (spec.family as 'sub')];
  const limit = options.to ?? fallback ?? DEFAULT_SWEEP_LIMITS.octal;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_SWEEP_LIMIT)
    throw new UsageError(`to ${limit} must be an integer in [1, ${MAX_SWEEP_LIMIT}]`);
  const name = options.name ?? defaultSweepName(spec);
  if (!/^[\w.@+-]{1,100}$/.test(name)) {
    throw new UsageError(`sweep name '${name}' must be 1-100 letters, digits or . _ - + @ (e.g. --name my-sweep)`);
  }
  return { spec, name, limit, untilProven, description: describeSpec(spec) };
}

/**
 * Solve every game of a family (subtraction sets, octal codes, all-but sets), each to its proven
 * period or `to` values, storing one result a game under the sweep's name. A rerun of the name
 * resumes it: only games without a result are solved. Results: sweepReport(name).
 */
export async function sweep(spec: SweepSpec, options: SweepOptions = {}): Promise<SweepSummary & SweepPlan> {
  const plan = sweepPlan(spec, options);
  const workers = options.workers ?? defaultWorkers();
  if (!Number.isSafeInteger(workers) || workers < 1 || workers > 256)
    throw new UsageError(`workers ${workers} must be in [1, 256]`);
  const pool = options.backend ?? new WorkerPool<SweepTasks>(workers);
  try {
    const store = Store.openForWrite(locateStore(options.db).path);
    try {
      const summary = await runSweep({
        spec,
        name: plan.name,
        limit: plan.limit,
        fixedLength: !plan.untilProven,
        keepTables: options.keepTables === true,
        store,
        pool,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      });
      return { ...plan, ...summary };
    } finally {
      store.close();
    }
  } finally {
    if (pool instanceof WorkerPool) await pool.destroy();
  }
}

export interface SweepReportOptions {
  readonly db?: string;
  /** Rank by 'period' (default, longest first), 'preperiod' or 'maxValue'. */
  readonly sort?: SweepSort;
  /** How many ranked results (default 20; 0: all). */
  readonly top?: number;
}

/**
 * The ranked results of the stored sweep `name`: counts, the longest period, the top results
 * and the games not proven. NotComputedError when no sweep has that name.
 */
export function sweepReport(name: string, options: SweepReportOptions = {}): SweepReport {
  const sort = options.sort ?? 'period';
  if (!SWEEP_SORTS.includes(sort)) throw new UsageError(`sort ${sort} is not one of ${SWEEP_SORTS.join(', ')}`);
  const top = options.top ?? 20;
  if (!Number.isSafeInteger(top) || top < 0) throw new UsageError(`top ${top} must be an integer >= 0`);
  const store = Store.openForRead(locateStore(options.db).path);
  if (!store)
    throw new UsageError(
      `no store at this path yet, so no sweep named '${name}'; run one first, e.g. grundy sweep sub ` +
        `--size 3 --max 60`,
    );
  try {
    return buildReport(store, name, sort, top);
  } finally {
    store.close();
  }
}
