import { repeatingTakeBreakKernel } from '../kernels/take-break.js';
import { takeBreakOptions } from '../rules/take-break.js';
import type { LaskerRules } from '../rules/types.js';
import { type ClosedForm, defineFamily } from './family.js';
import { laskerMoves, laskerValue } from './heap-moves.js';

/** The rules of Lasker's Nim: the code 4.3... parses to them too. */
export const LASKER_RULES: LaskerRules = { family: 'lasker', key: 'lasker' };

/** Its code: d0 = 4 (split a heap in two), then 3 (remove any number, leave 0 or 1 heap) forever. */
const CODE = [4] as const;
const REPEAT = 3;

/** Lasker's Nim's values at any heap, without a table (the theorem above). */
const LASKER_VALUES: ClosedForm = {
  value: laskerValue,
  number: (n) => (n === 0 ? 0 : n % 4 === 3 ? n + 1 : n % 4 === 0 ? n - 1 : n),
  histogram(N) {
    // g is one-to-one on 0..N: every value once, except that N = 4k+3 has value N + 1, not N.
    const counts = new Array<bigint>(Number(N) + (N % 4n === 3n ? 2 : 1)).fill(1n);
    if (N % 4n === 3n) counts[Number(N)] = 0n;
    return counts;
  },
};

/**
 * Lasker's Nim: remove any positive number of tokens from a heap, or split a heap into two
 * non-empty heaps (the code 4.3...). Winning Ways ("Lasker's Nim"): g(0) = 0 and for k >= 0
 * g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3; so no table is needed.
 */
export const lasker = defineFamily<LaskerRules>({
  id: 'lasker',
  kind: 'heap',
  syntax: ['lasker (= octal:4.3...)'],
  names: ['lasker'],
  parse: () => LASKER_RULES,
  describe: () => "Lasker's Nim (4.3...): remove any positive number of tokens, or split a heap into two",
  options: (_rules, n) => takeBreakOptions(CODE, REPEAT, n),
  cost: (_rules, n) => 1 + 1.5 * Math.max(2, n),
  chunksGrowWithPrefix: true,
  plain: () => repeatingTakeBreakKernel(CODE, REPEAT),
  // The theorem above: g(n + 4) = g(n) + 4 for n >= 1, what the detector must find to call it proven.
  criterion: () => ({
    kind: 'formula',
    preperiod: 1,
    period: 4,
    saltus: 4,
    label: "Lasker's Nim: g(4k+1..4k+4) = 4k+1, 4k+2, 4k+4, 4k+3 (Winning Ways)",
  }),
  arithmetic: true,
  closedForm: () => LASKER_VALUES,
  moves: ({ n, target, state }) => laskerMoves(n, target, state),
});
