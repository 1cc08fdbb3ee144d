import type { OutcomeOnly, TheoremOutcome } from '../api/evaluate.js';
import { outcomeOnlyJson, outcomeOnlyText, theoremOutcomeJson } from '../api/format.js';
import { printJson } from './output.js';

/** A lone Wythoff-like cell beyond any table (src/play/board-outcome.ts): its outcome and winning moves. */
export function printOutcomeOnly(o: OutcomeOnly, json: boolean): void {
  if (json) printJson(outcomeOnlyJson(o));
  else process.stdout.write(outcomeOnlyText(o));
}

/** A lone position of a game whose theorem gives outcomes only (Moore's Nim_k): P or N and a winning move. */
export function printTheoremOutcome(o: TheoremOutcome, json: boolean): void {
  if (json) {
    printJson(theoremOutcomeJson(o));
    return;
  }
  const lines = [o.position, `  ${o.game}  ->  no Grundy value theorem; ${o.theorem}`];
  lines.push(
    o.outcome === 'P' ? 'P-position (the previous player wins; every move loses)' : 'N-position (the next player wins)',
  );
  if (o.moves.length > 0)
    lines.push('winning moves (to P-positions):', ...o.moves.map((m) => `  ${m.move}  -> ${m.to}`));
  process.stdout.write(`${lines.join('\n')}\n`);
}
