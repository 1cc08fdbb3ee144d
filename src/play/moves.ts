import { tableFamily } from '../games/registry.js';
import type { OptionsFunction } from '../kernels/kernel.js';
import type { GameValues } from './game-values.js';
import type { HeapMove, MoveSearchState } from '../games/heap-moves.js';

export type { HeapMove } from '../games/heap-moves.js';

export interface MoveSearchResult {
  readonly moves: HeapMove[];
  /** The search stopped at the limit: more moves to the target value may exist. */
  readonly truncated: boolean;
  /**
   * A part was searched over one representative per residue class of the proven period (a heap
   * beyond the table): shifting that part by a multiple of the period, and the largest part the
   * other way, gives the other moves of the same class.
   */
  readonly periodic: boolean;
}

export interface MoveSearchOptions {
  /** Stop after this many moves (1 when any winning move will do). */
  readonly limit: number;
  /** The option function of a custom rules module (family 'module'). */
  readonly options?: OptionsFunction;
}

/**
 * Every move from a heap of n to an option of value `target`, in a fixed order, up to the limit.
 * Exact: values come from the table or a proven certificate; for a take-and-break heap beyond
 * the table, the parts are searched over one period (see `representativeBound`).
 */
export function findMoves(gv: GameValues, n: bigint, target: bigint, opts: MoveSearchOptions): MoveSearchResult {
  if (!gv.knows(n)) throw new Error(`g(${n}) of ${gv.key} is not known`);
  const state: MoveSearchState = { periodic: false };
  const moves: HeapMove[] = [];
  let truncated = false;
  for (const move of candidates(gv, n, target, opts, state)) {
    if (moves.length >= opts.limit) {
      truncated = true;
      break;
    }
    moves.push(move);
  }
  return { moves, truncated: truncated || state.partial === true, periodic: state.periodic };
}

function candidates(
  gv: GameValues,
  n: bigint,
  target: bigint,
  opts: MoveSearchOptions,
  state: MoveSearchState,
): Iterable<HeapMove> {
  const context = { rules: gv.rules, values: gv, n, target, limit: opts.limit, state };
  return tableFamily(gv.rules).moves(opts.options ? { ...context, loaded: opts.options } : context);
}
