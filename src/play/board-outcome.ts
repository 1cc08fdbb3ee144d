import { boardOf } from '../engine/board-compute.js';
import type { Rules } from '../rules/types.js';
import { BOARD_ON_THE_FLY, boardComponentRules, componentCells } from './board-values.js';
import type { PositionComponent } from './position.js';

/** A lone cell beyond any table whose outcome (N) and winning moves come from a P-position formula. */
export interface OutcomeOnly {
  readonly position: string;
  readonly rules: Rules;
  readonly x: bigint;
  readonly y: bigint;
  readonly moves: readonly { readonly move: string; readonly to: readonly bigint[] }[];
}

/**
 * One cell of a game whose P-positions have a formula (Wythoff), beyond any table and not a
 * P-position: its value is unknown but the outcome is not, and a move to a P-position wins.
 * Null for anything else (the position is then evaluated as a sum).
 */
export function outcomeOnly(parsed: readonly PositionComponent[]): OutcomeOnly | null {
  if (parsed.length !== 1) return null;
  const c = parsed[0]!;
  const rules = boardComponentRules(c.spec);
  if (!rules) return null;
  const cells = componentCells(c, rules);
  const board = boardOf(rules);
  if (cells.length !== 1 || !board.isP || !board.movesTo) return null;
  const [x, y] = cells[0]!;
  if (x < BigInt(BOARD_ON_THE_FLY) && y < BigInt(BOARD_ON_THE_FLY)) return null;
  if (board.value?.(rules, x, y) != null || board.isP(rules, x, y) !== false) return null;
  const moves = board.movesTo(rules, x, y, 0n) ?? [];
  if (moves.length === 0)
    throw new Error(`internal check failed: no winning move from the N-position (${x}, ${y}) of ${rules.key}`);
  return { position: `${c.spec}@${x},${y}`, rules, x, y, moves };
}
