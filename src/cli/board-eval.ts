import { outcomeOnlyJson, outcomeOnlyText } from '../play/board-outcome-format.js';
import { outcomeOnly } from '../play/board-outcome.js';
import type { PositionComponent } from '../play/position.js';
import { printJson } from './output.js';

/**
 * A lone Wythoff-like cell beyond any table (src/play/board-outcome.ts): prints its outcome and
 * winning moves and returns true; anything else is evaluated as a sum (returns false).
 */
export function evalOutcomeOnly(parsed: readonly PositionComponent[], json: boolean): boolean {
  const o = outcomeOnly(parsed);
  if (!o) return false;
  if (json) printJson(outcomeOnlyJson(o));
  else process.stdout.write(outcomeOnlyText(o));
  return true;
}
