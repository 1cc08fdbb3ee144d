import type { OutcomeOnly } from './board-outcome.js';
import { jsonInt } from './format.js';

export function outcomeOnlyJson(o: OutcomeOnly): object {
  return {
    position: o.position,
    game: o.rules.key,
    cell: [jsonInt(o.x), jsonInt(o.y)],
    value: null,
    outcome: 'N',
    moves: o.moves.map((m) => ({ move: m.move, to: m.to.map(jsonInt) })),
  };
}

export function outcomeOnlyText(o: OutcomeOnly): string {
  const lines = [
    o.position,
    `  ${o.rules.key}  cell (${o.x}, ${o.y})  ->  g > 0 (beyond any table; the outcome is from the P-position formula)`,
    'N-position (the next player wins)',
    'winning moves (to P-positions):',
    ...o.moves.map((m) => `  ${m.move}`),
  ];
  return `${lines.join('\n')}\n`;
}
