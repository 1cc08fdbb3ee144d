import { UsageError } from '../errors.js';
import { takeBreakFrozenKernel } from '../kernels/frozen/take-break.js';
import { rowWordsFor } from '../kernels/frozen/frozen-kernel.js';
import { takeBreakKernel } from '../kernels/take-break.js';
import { takeBreakMovesTo } from './heap-moves.js';
import { formatCode, takeBreakMoves } from '../rules/take-break.js';
import type { TakeBreakRules } from '../rules/types.js';
import { defineFamily } from './family.js';
import { subtractionRules } from './subtraction.js';

const MAX_CODE_DIGITS = 64;
const BARE_CODE = /^[0-9a-f]?\.[0-9a-z]*$/i;

/** Take-and-break codes d0.d1d2...: digit d_i's bit 2^j allows "remove i, leave j heaps". */
export const takeBreak = defineFamily<TakeBreakRules>({
  id: 'octal',
  kind: 'heap',
  syntax: ['octal:0.77 (or .77)'],
  prefixes: ['octal', 'hex'],
  matches: (text) => BARE_CODE.test(text),
  parse: parseCode,
  notes: hexDigitNotes,
  describe: (rules) => `take-and-break code ${formatCode(rules.digits)}`,
  *options(rules, n) {
    for (let i = 0; i < rules.digits.length; i++) {
      const d = rules.digits[i]!;
      const m = n - i;
      if (m < 0) return;
      if (d & 1 && m === 0) yield [];
      if (d & 2 && m >= 1) yield [m];
      if (d & 4) for (let a = 1; a <= m - a; a++) yield [a, m - a];
      if (d & 8) for (let a = 1; 3 * a <= m; a++) for (let b = a; b <= m - a - b; b++) yield [a, b, m - a - b];
    }
  },
  cost(rules, n) {
    const m = Math.max(2, n);
    const moves = takeBreakMoves(rules.digits);
    return 1 + moves.leaveOne.length + (moves.leaveTwo.length * m) / 2 + (moves.leaveThree.length * m * m) / 12;
  },
  plain: (rules) => takeBreakKernel(rules.digits),
  frozen(rules) {
    const moves = takeBreakMoves(rules.digits);
    if (moves.leaveTwo.length + moves.leaveThree.length === 0) return null;
    return { share: 'linear', rowWords: rowWordsFor, create: () => takeBreakFrozenKernel(rules.digits) };
  },
  sparse(rules) {
    // Sparse space covers one- and two-heap moves; three-heap hex digits stay with the plain kernel.
    const moves = takeBreakMoves(rules.digits);
    if (moves.leaveTwo.length === 0 || moves.leaveThree.length > 0) return null;
    const first = moves.leaveTwo[0]!;
    return {
      whole: Int32Array.from(moves.removeWhole),
      one: Int32Array.from(moves.leaveOne),
      two: Int32Array.from(moves.leaveTwo),
      distinct: false,
      parityAllowed: moves.leaveTwo.every((i) => ((i ^ first) & 1) === 0),
    };
  },
  criterion(rules) {
    const { maxRemove: k, maxHeaps: h } = takeBreakMoves(rules.digits);
    return { kind: 'take-break', k, h, label: `take-and-break bound (h=${h}, k=${k})` };
  },
  moves: ({ rules, values, n, target, limit, state }) =>
    takeBreakMovesTo(values, n, target, rules.digits, limit, state),
  sweep: 'codes',
});

function parseCode(body: string, spec: string): TakeBreakRules | ReturnType<typeof subtractionRules> {
  const match = /^([0-9a-z]?)\.([0-9a-z]*)$/i.exec(body);
  if (!match) {
    throw new UsageError(`'${spec}' is not a take-and-break code; write it as d0.d1d2... e.g. octal:0.77 or .77`);
  }
  const head = match[1] === undefined || match[1] === '' ? '0' : match[1];
  const digits = [...(head + (match[2] ?? ''))].map((ch) => {
    const d = parseInt(ch, 16);
    if (Number.isNaN(d)) throw new UsageError(`'${ch}' is not a take-and-break digit (0-9, a-f) in '${spec}'`);
    return d;
  });
  if (digits.length - 1 > MAX_CODE_DIGITS) {
    throw new UsageError(
      `'${spec}' has ${digits.length - 1} digits after the point; at most ${MAX_CODE_DIGITS} are supported`,
    );
  }
  const d0 = digits[0] ?? 0;
  if (d0 & 3) {
    throw new UsageError(
      `d0 = '${d0.toString(16)}' in '${spec}' is not allowed: removing nothing may only split a heap (d0 ` +
        `must be 0, 4, 8 or c)`,
    );
  }
  while (digits.length > 1 && digits[digits.length - 1] === 0) digits.pop();
  // '0.' (or '.', '0.0') allows no move: every value is 0, surely a code left out.
  if (digits.length === 1 && d0 === 0) {
    throw new UsageError(`'${spec}' allows no move; write the digits after the point, e.g. octal:0.77 (Kayles)`);
  }
  // A code whose every move leaves at most one heap and uses both "leave none" and "leave
  // one" (digit 3) is exactly the subtraction game on those amounts: one table for both.
  if (digits.length > 1 && d0 === 0 && digits.slice(1).every((d) => d === 0 || d === 3)) {
    return subtractionRules(digits.flatMap((d, i) => (d === 3 ? [i] : [])));
  }
  return takeBreakRules(digits);
}

/** An octal code (no 'hex:' prefix) with a digit 8-f reads as a hex code: say so, and what the digit allows. */
function hexDigitNotes(body: string, spec: string): string[] {
  if (/^hex:/i.test(spec)) return [];
  const match = /^([0-9a-f]?)\.([0-9a-f]*)$/i.exec(body);
  if (!match) return [];
  const digits = [match[1] || '0', ...(match[2] ?? '')];
  const i = digits.findIndex((ch) => parseInt(ch, 16) >= 8);
  if (i < 0) return [];
  const removes = i === 0 ? 'remove nothing and split a heap' : `remove ${i}`;
  return [
    `'${digits[i]}' in '${spec}' is a hex digit, not an octal one (0-7): the game is the hex code ` +
      `${parseCode(body, spec).key}, where bit 8 of digit ${i} lets a move ${removes} and leave three heaps`,
  ];
}

/** The rules of a code given as digits d0, d1, ... with no trailing zeros. */
export function takeBreakRules(digits: readonly number[]): TakeBreakRules {
  return { family: 'octal', key: `octal:${formatCode(digits)}`, digits };
}
