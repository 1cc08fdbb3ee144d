import { defaultWorkers, WorkerPool } from '../engine/pool.js';
import { UsageError } from '../errors.js';
import { type BatchBackend, type BatchSummary, evaluateFile, formatForOut } from '../play/batch.js';
import type { BatchFormat, EvalTasks, LineError } from '../play/batch-protocol.js';
import { outcomeOnly, type OutcomeOnly } from '../play/board-outcome.js';
import { evaluate as evaluateSum, type Evaluation, type MovesMode, type ResolvedComponent } from '../play/evaluate.js';
import { evaluateLoopy, type LoopyComponent, type LoopyEvaluation } from '../play/loopy.js';
import { hasGraphComponent, resolveLoopy } from '../play/loopy-resolve.js';
import { formatPosition, parsePosition, splitPosition, type PositionComponent } from '../play/position.js';
import { resolvePosition } from '../play/prepare.js';
import { evaluateWithTheorems, theoremComponents, theoremRules, type TheoremOutcome } from '../play/theorem-sum.js';
import { locateStore } from '../store/location.js';
import { parseGameWithoutFiles } from './game.js';

export type { Evaluation, MovesMode, PositionMove, ResolvedComponent } from '../play/evaluate.js';
export type { LoopyComponent, LoopyEvaluation, LoopyMove, LoopyOutcome, LoopyValue } from '../play/loopy.js';
export type { OutcomeOnly } from '../play/board-outcome.js';
export type { TheoremOutcome } from '../play/theorem-sum.js';
export type { BatchBackend, BatchFormat, BatchSummary, LineError };
export { BatchLinesFailedError } from '../play/batch.js';
export { POSITION_HELP } from '../play/position.js';

export interface EvaluateOptions {
  readonly db?: string;
  /** Which winning moves to list: 'one' (default), 'all' or 'none'. */
  readonly moves?: MovesMode;
  /** With moves 'all': at most this many (default 100). */
  readonly limit?: number;
  /** Worker threads for a table computed on the fly (default: available cores). */
  readonly workers?: number;
  /**
   * Compute a missing table of heaps up to 1e6 on the fly and store it, as grundy eval does
   * (default true). False: only what is stored (or a closed form) answers; else NotComputedError.
   */
  readonly computeMissing?: boolean;
  /** 'no-files': refuse components whose spec names a file (module:), for servers. */
  readonly specs?: 'any' | 'no-files';
  readonly onCompute?: (key: string, to: number, untilProven?: boolean) => void;
}

/** An evaluated position: its canonical text, its components with their games, the evaluation. */
export interface EvaluatedPosition {
  /** The position written canonically ('octal:0.77@10 + nim@5'). */
  readonly position: string;
  readonly components: readonly ResolvedComponent[];
  readonly evaluation: Evaluation;
}

/**
 * Evaluate a sum of games ('kayles@10 + nim@3'): every heap's value, the nim-sum, the outcome
 * (P or N) and the winning moves. Throws UsageError for a malformed position, NotComputedError
 * when a heap is beyond what is stored (and not computed on the fly).
 */
export async function evaluate(position: string, options: EvaluateOptions = {}): Promise<EvaluatedPosition> {
  const { mode, limit } = checkPosition(position, options, 'one');
  const written = splitPosition(position);
  const theorems = theoremRules(written);
  if (theorems.some((r) => r !== null)) {
    const r = await evaluateWithTheorems(written, theorems, mode, limit, (rest) => resolveParsed(rest, mode, options));
    if (r.kind === 'theorem-outcome') {
      throw new UsageError(`${r.outcome.game} has no Grundy value theorem; evaluatePosition gives its outcome`);
    }
    return { position: r.position, components: r.components, evaluation: r.evaluation };
  }
  const parsed: PositionComponent[] = parsePosition(position);
  if (options.specs === 'no-files') for (const c of parsed) parseGameWithoutFiles(c.spec);
  return evaluateParsed(parsed, mode, limit, options);
}

/** Any position evaluated, by what it holds (PositionEvaluation.kind). */
export type PositionEvaluation =
  /** Heaps, cells and tables: values, their nim-sum, outcome P or N (as evaluate). */
  | ({ readonly kind: 'sum' } & EvaluatedPosition)
  /** Tokens on game graphs (and heaps): values may be infinite, outcomes P, N or D (Smith's sum rules). */
  | {
      readonly kind: 'loopy';
      /** The position as written, components joined by ' + '. */
      readonly position: string;
      readonly components: readonly LoopyComponent[];
      readonly evaluation: LoopyEvaluation;
    }
  /** A lone Wythoff-like cell beyond any table: its outcome (N) and winning moves from the P-position formula. */
  | { readonly kind: 'outcome'; readonly outcome: OutcomeOnly }
  /** A lone position of a game whose theorem gives outcomes only (Moore's Nim_k): P or N and a winning move. */
  | { readonly kind: 'theorem-outcome'; readonly outcome: TheoremOutcome };

/**
 * Evaluate any position as `grundy eval POSITION` does: a sum with game-graph components as a
 * loopy sum (values may be infinite, outcomes P, N or D), a lone Wythoff-like cell beyond any
 * table by its formula (outcome only), anything else as evaluate() does. Defaults and errors as
 * evaluate's; specs 'no-files' is not supported here (game graphs name files).
 */
export async function evaluatePosition(
  position: string,
  options: Omit<EvaluateOptions, 'specs'> = {},
): Promise<PositionEvaluation> {
  const { mode, limit } = checkPosition(position, options, 'one');
  const written = splitPosition(position);
  const theorems = theoremRules(written);
  const graphs = hasGraphComponent(written);
  if (theorems.some((r) => r !== null) && !graphs) {
    return evaluateWithTheorems(written, theorems, mode, limit, (rest) => resolveParsed(rest, mode, options));
  }
  if (graphs) {
    const components = await resolveLoopy(
      written,
      { ...prepareOptions(options), needOptions: mode !== 'none' },
      theoremComponents(written, theorems, limit),
    );
    return {
      kind: 'loopy',
      position: written.map((c) => `${c.spec}@${c.tokens.join(',')}`).join(' + '),
      components,
      evaluation: evaluateLoopy(components, mode, limit),
    };
  }
  const parsed = parsePosition(position);
  const outcome = outcomeOnly(parsed);
  if (outcome) return { kind: 'outcome', outcome };
  return { kind: 'sum', ...(await evaluateParsed(parsed, mode, limit, options)) };
}

export interface EvaluateBatchOptions {
  readonly db?: string;
  /** Which winning moves to list: 'none' (default), 'one' or 'all'. */
  readonly moves?: MovesMode;
  /** With moves 'all': at most this many a position (default 100). */
  readonly limit?: number;
  /** Worker threads of the local pool, also for tables computed on the fly (default: available cores). */
  readonly workers?: number;
  /** Write the results to this file (.jsonl or .csv) instead of standard output. */
  readonly out?: string;
  /** 'jsonl', 'csv' or 'text' (default: the format `out` names, else 'text'). */
  readonly format?: BatchFormat;
  /**
   * Evaluate the slices here instead of on a local pool (e.g. the job queue of src/queue); the
   * caller owns it and closes it.
   */
  readonly backend?: BatchBackend;
  /** Each failed line, as soon as its slice is done. */
  readonly onLineError?: (e: LineError) => void;
  /** Lines evaluated so far. */
  readonly onProgress?: (linesDone: number) => void;
  readonly onCompute?: (key: string, to: number, untilProven?: boolean) => void;
}

/** The format an output file's extension names ('.jsonl', '.ndjson' or '.csv'); UsageError otherwise. */
export function batchFormat(out: string): BatchFormat {
  return formatForOut(out);
}

/**
 * Evaluate a file of positions, one a line (blank and # lines skipped), on a pool of worker
 * threads (or `backend`), results in input order to `out` or standard output. A bad line does not
 * stop the batch: it is reported (onLineError) and counted in the summary's `failed`.
 */
export async function evaluateBatch(file: string, options: EvaluateBatchOptions = {}): Promise<BatchSummary> {
  const mode = checkMode(options.moves ?? 'none');
  const limit = checkLimit(options.limit ?? 100);
  const workers = options.workers ?? defaultWorkers();
  const format = options.format ?? (options.out !== undefined ? formatForOut(options.out) : 'text');
  const pool = options.backend ?? new WorkerPool<EvalTasks>(workers);
  try {
    return await evaluateFile({
      file,
      format,
      moves: mode,
      limit,
      pool,
      prepare: prepareOptions({ ...options, workers }),
      ...(options.db !== undefined ? { db: options.db } : {}),
      ...(options.out !== undefined ? { out: options.out } : {}),
      ...(options.onLineError ? { onLineError: options.onLineError } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  } finally {
    if (pool instanceof WorkerPool) await pool.destroy();
  }
}

function checkMode(mode: MovesMode): MovesMode {
  if (!['one', 'all', 'none'].includes(mode))
    throw new UsageError(`moves '${String(mode)}' is not one of one, all, none`);
  return mode;
}

function checkLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new UsageError(`limit ${limit} must be a positive integer`);
  return limit;
}

function checkPosition(
  position: string,
  options: EvaluateOptions,
  fallback: MovesMode,
): { mode: MovesMode; limit: number } {
  const mode = checkMode(options.moves ?? fallback);
  const limit = checkLimit(options.limit ?? 100);
  if (position.trim() === '')
    throw new UsageError("name a position: GAME@heaps joined by '+', e.g. 'kayles@10 + nim@5'");
  return { mode, limit };
}

function prepareOptions(options: Pick<EvaluateOptions, 'db' | 'workers' | 'computeMissing' | 'onCompute'>) {
  return {
    dbPath: locateStore(options.db).path,
    workers: options.workers ?? defaultWorkers(),
    ...(options.computeMissing === false ? { computeMissing: false } : {}),
    ...(options.onCompute ? { onCompute: options.onCompute } : {}),
  };
}

function resolveParsed(parsed: PositionComponent[], mode: MovesMode, options: EvaluateOptions) {
  return resolvePosition(parsed, { ...prepareOptions(options), needOptions: mode !== 'none' });
}

async function evaluateParsed(
  parsed: PositionComponent[],
  mode: MovesMode,
  limit: number,
  options: EvaluateOptions,
): Promise<EvaluatedPosition> {
  const components = await resolvePosition(parsed, { ...prepareOptions(options), needOptions: mode !== 'none' });
  return { position: formatPosition(parsed), components, evaluation: evaluateSum(components, mode, limit) };
}
