import { boardOf } from '../engine/board-compute.js';
import { jsonInt } from '../play/format.js';
import { BOARD_ON_THE_FLY, boardComponentRules, componentCells } from '../play/board-values.js';
import type { PositionComponent } from '../play/position.js';
import { printJson } from './output.js';

/**
 * One cell of a game whose P-positions have a formula (Wythoff), beyond any table and not a
 * P-position: its value is unknown but the outcome is not, and a move to a P-position wins.
 * Answers that case and returns true; anything else is evaluated as a sum (returns false).
 */
export function evalOutcomeOnly(parsed: readonly PositionComponent[], json: boolean): boolean {
  if (parsed.length !== 1) return false;
  const c = parsed[0]!;
  const rules = boardComponentRules(c.spec);
  if (!rules) return false;
  const cells = componentCells(c, rules);
  const board = boardOf(rules);
  if (cells.length !== 1 || !board.isP || !board.movesTo) return false;
  const [x, y] = cells[0]!;
  if (x < BigInt(BOARD_ON_THE_FLY) && y < BigInt(BOARD_ON_THE_FLY)) return false;
  if (board.value?.(rules, x, y) != null || board.isP(rules, x, y) !== false) return false;
  const moves = board.movesTo(rules, x, y, 0n) ?? [];
  if (moves.length === 0)
    throw new Error(`internal check failed: no winning move from the N-position (${x}, ${y}) of ${rules.key}`);
  const position = `${c.spec}@${x},${y}`;
  if (json) {
    printJson({
      position,
      game: rules.key,
      cell: [jsonInt(x), jsonInt(y)],
      value: null,
      outcome: 'N',
      moves: moves.map((m) => ({ move: m.description, to: m.to.map(jsonInt) })),
    });
  } else {
    const lines = [
      position,
      `  ${rules.key}  cell (${x}, ${y})  ->  g > 0 (beyond any table; the outcome is from the P-position formula)`,
      'N-position (the next player wins)',
      'winning moves (to P-positions):',
      ...moves.map((m) => `  ${m.description}`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  return true;
}
