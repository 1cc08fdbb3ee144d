import { isWythoffP, wythoffTable, wythoffWinningMoves } from '../board/index.js';
import type { Rules } from '../rules/types.js';
import { boardHeapMembers, moveTo } from './board-common.js';
import { defineFamily, type BoardSupport, type Cell } from './family.js';

/** Wythoff's game: take k >= 1 from one pile or the same k from both (the queen towards the corner). */
export interface WythoffRules extends Rules {
  readonly family: 'wythoff';
  readonly key: 'wythoff';
}

export const WYTHOFF: WythoffRules = { family: 'wythoff', key: 'wythoff' };

const board: BoardSupport<WythoffRules> = {
  fixedSize: () => null,
  *options(_rules, x, y) {
    for (let k = 1; k <= x; k++) yield [[x - k, y] as Cell];
    for (let k = 1; k <= y; k++) yield [[x, y - k] as Cell];
    for (let k = 1; k <= Math.min(x, y); k++) yield [[x - k, y - k] as Cell];
  },
  table: (_rules, n) => wythoffTable(n),
  lineGame: () => ({ diagonal: true }),
  symmetric: () => true,
  isP: (_rules, x, y) => isWythoffP(x, y),
  movesTo: (_rules, x, y, target) =>
    target !== 0n
      ? null
      : wythoffWinningMoves(x, y).map((m) => ({
          to: m.to,
          move:
            `take ${m.take} from ${m.from === 'both' ? 'both piles' : `pile ${m.from}`}: to ` +
            `(${m.to[0]}, ${m.to[1]})`,
        })),
  pFormula: '(floor(m phi), floor(m phi^2)) and its mirror, m >= 0, phi = (1 + sqrt 5) / 2',
  describeMove: (_rules, from, to) => {
    const [a, b] = to[0] ?? [0n, 0n];
    const [x, y] = from;
    if (a === x) return `take ${y - b} from pile y: to (${a}, ${b})`;
    if (b === y) return `take ${x - a} from pile x: to (${a}, ${b})`;
    return x - a === y - b ? `take ${x - a} from both piles: to (${a}, ${b})` : moveTo(to);
  },
};

export const wythoff = defineFamily<WythoffRules>({
  id: 'wythoff',
  kind: 'board',
  syntax: ['wythoff', '2d:queen'],
  names: ['wythoff'],
  parse: () => WYTHOFF,
  describe: () => "Wythoff's game (take from one pile or the same from both)",
  ...boardHeapMembers(board),
  board,
});
