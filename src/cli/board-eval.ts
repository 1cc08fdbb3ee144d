import type { OutcomeOnly } from '../api/evaluate.js';
import { outcomeOnlyJson, outcomeOnlyText } from '../api/format.js';
import { printJson } from './output.js';

/** A lone Wythoff-like cell beyond any table (src/play/board-outcome.ts): its outcome and winning moves. */
export function printOutcomeOnly(o: OutcomeOnly, json: boolean): void {
  if (json) printJson(outcomeOnlyJson(o));
  else process.stdout.write(outcomeOnlyText(o));
}
