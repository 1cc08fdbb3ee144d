import { defaultWorkers } from '../engine/pool.js';
import { UsageError } from '../errors.js';
import { evaluate as evaluateSum, type Evaluation, type MovesMode, type ResolvedComponent } from '../play/evaluate.js';
import { formatPosition, parsePosition, type PositionComponent } from '../play/position.js';
import { resolvePosition } from '../play/prepare.js';
import { locateStore } from '../store/location.js';
import { parseGameWithoutFiles } from './game.js';

export type { Evaluation, MovesMode, PositionMove } from '../play/evaluate.js';

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
  const mode = options.moves ?? 'one';
  if (!['one', 'all', 'none'].includes(mode))
    throw new UsageError(`moves '${String(mode)}' is not one of one, all, none`);
  const limit = options.limit ?? 100;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new UsageError(`limit ${limit} must be a positive integer`);
  if (position.trim() === '')
    throw new UsageError("name a position: GAME@heaps joined by '+', e.g. 'kayles@10 + nim@5'");
  const parsed: PositionComponent[] = parsePosition(position);
  if (options.specs === 'no-files') for (const c of parsed) parseGameWithoutFiles(c.spec);
  const components = await resolvePosition(parsed, {
    dbPath: locateStore(options.db).path,
    workers: options.workers ?? defaultWorkers(),
    needOptions: mode !== 'none',
    ...(options.computeMissing === false ? { computeMissing: false } : {}),
    ...(options.onCompute ? { onCompute: options.onCompute } : {}),
  });
  return { position: formatPosition(parsed), components, evaluation: evaluateSum(components, mode, limit) };
}
