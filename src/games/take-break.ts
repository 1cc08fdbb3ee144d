import { UsageError } from '../errors.js';
import { takeBreakFrozenKernel } from '../kernels/frozen/take-break.js';
import { rowWordsFor } from '../kernels/frozen/frozen-kernel.js';
import { repeatingTakeBreakKernel, takeBreakKernel } from '../kernels/take-break.js';
import { takeBreakMovesTo } from './heap-moves.js';
import { formatCode, takeBreakMoves, takeBreakOptions } from '../rules/take-break.js';
import type { LaskerRules, NimRules, Rules, TakeBreakRules } from '../rules/types.js';
import { allButRules } from './all-but.js';
import { defineFamily } from './family.js';
import { LASKER_RULES } from './lasker.js';
import { subtractionRules } from './subtraction.js';

const MAX_CODE_DIGITS = 64;
/**
 * A repeating last digit: '4.3...' (the primary spelling, safe on a command line), '4.3…',
 * '4.(3)' or CGSuite's overline '4.3̅' (U+0305). Group 1 is the code before the mark, group 2
 * the digit in parentheses.
 */
const REPEAT_MARK = /^(.*?)(?:\.\.\.|\u2026|\u0305|\(([0-9a-z]*)\))$/i;
const BARE_CODE = /^[0-9a-f]?\.[0-9a-z]*(?:\.\.\.|\u2026|\u0305|\([0-9a-z]*\))?$/i;

/** Take-and-break codes d0.d1d2...: digit d_i's bit 2^j allows "remove i, leave j heaps". */
export const takeBreak = defineFamily<TakeBreakRules>({
  id: 'octal',
  kind: 'heap',
  syntax: ['octal:0.77 (or .77)', 'octal:4.3... (last digit repeats)'],
  prefixes: ['octal', 'hex'],
  matches: (text) => BARE_CODE.test(text),
  parse: parseCode,
  notes: hexDigitNotes,
  describe: (rules) => `take-and-break code ${formatCode(rules.digits, rules.repeat)}`,
  options: (rules, n) => takeBreakOptions(rules.digits, rules.repeat, n),
  cost(rules, n) {
    const m = Math.max(2, n);
    const moves = takeBreakMoves(rules.digits);
    const finite = 1 + moves.leaveOne.length + (moves.leaveTwo.length * m) / 2 + (moves.leaveThree.length * m * m) / 12;
    // A repeating digit reaches every removal up to n: n times its bits' cost.
    const r = rules.repeat ?? 0;
    return finite + (r === 0 ? 0 : m * (1 + (r & 4 ? m / 2 : 0) + (r & 8 ? (m * m) / 12 : 0)));
  },
  plain: (rules) =>
    rules.repeat === undefined ? takeBreakKernel(rules.digits) : repeatingTakeBreakKernel(rules.digits, rules.repeat),
  // The frozen prefix and sparse space take finite codes only: a repeating code runs the plain kernel.
  frozen(rules) {
    if (rules.repeat !== undefined) return null;
    const moves = takeBreakMoves(rules.digits);
    if (moves.leaveTwo.length + moves.leaveThree.length === 0) return null;
    return { share: 'linear', rowWords: rowWordsFor, create: () => takeBreakFrozenKernel(rules.digits) };
  },
  sparse(rules) {
    // Sparse space covers one- and two-heap moves; three-heap hex digits stay with the plain kernel.
    if (rules.repeat !== undefined) return null;
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
    // No theorem bounds the options of a repeating code: its periods are only ever observed.
    if (rules.repeat !== undefined) return null;
    const { maxRemove: k, maxHeaps: h } = takeBreakMoves(rules.digits);
    return { kind: 'take-break', k, h, label: `take-and-break bound (h=${h}, k=${k})` };
  },
  // A repeating digit with bit 2 makes values grow (each value at most digits.length times).
  arithmetic: (rules) => rules.repeat !== undefined,
  moves: ({ rules, values, n, target, limit, state }) =>
    takeBreakMovesTo(values, n, target, rules.digits, limit, state, rules.repeat),
  sweep: 'codes',
});

function parseCode(body: string, spec: string): Rules {
  const marked = REPEAT_MARK.exec(body);
  let code = body;
  let repeating = false;
  if (marked) {
    const group = marked[2];
    if (group !== undefined && group.length !== 1) {
      throw new UsageError(
        `'${spec}' repeats '${group}'; only the last digit may repeat: write one digit, e.g. ` +
          'octal:4.(3) or octal:4.3...',
      );
    }
    code = (marked[1] ?? '') + (group ?? '');
    repeating = true;
    if (/^[0-9a-z]?\.$/i.test(code)) {
      throw new UsageError(`'${spec}' has no digit to repeat after the point; write e.g. octal:4.3... (Lasker's Nim)`);
    }
  }
  const match = /^([0-9a-z]?)\.([0-9a-z]*)$/i.exec(code);
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
  if (repeating) return repeatingRules(digits, spec);
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

/**
 * A code whose last digit repeats forever. The same games under their own families: d_i = 3 from
 * some point with every earlier digit 0 or 3 is an all-but game (0.3... is nim), 4.3... is
 * Lasker's Nim; a repeating 0 is the finite code.
 */
function repeatingRules(digits: number[], spec: string): Rules {
  const d0 = digits[0] ?? 0;
  const repeat = digits.pop()!;
  while (digits.length > 1 && digits[digits.length - 1] === repeat) digits.pop();
  if (repeat === 0) return parseCode(`${formatCode(digits)}`, spec);
  if (repeat === 3 && d0 === 0 && digits.slice(1).every((d) => d === 0 || d === 3)) {
    const excluded = digits.flatMap((d, i) => (i > 0 && d === 0 ? [i] : []));
    return excluded.length === 0 ? ({ family: 'nim', key: 'nim' } satisfies NimRules) : allButRules(excluded);
  }
  if (repeat === 3 && d0 === 4 && digits.length === 1) return LASKER_RULES satisfies LaskerRules;
  return takeBreakRules(digits, repeat);
}

/** An octal code (no 'hex:' prefix) with a digit 8-f reads as a hex code: say so, and what the digit allows. */
function hexDigitNotes(body: string, spec: string): string[] {
  if (/^hex:/i.test(spec)) return [];
  const marked = REPEAT_MARK.exec(body);
  const code = marked ? (marked[1] ?? '') + (marked[2] ?? '') : body;
  const match = /^([0-9a-f]?)\.([0-9a-f]*)$/i.exec(code);
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

/**
 * The rules of a code given as digits d0, d1, ... with no trailing zeros, or with a repeating
 * digit and no trailing copies of it.
 */
export function takeBreakRules(digits: readonly number[], repeat?: number): TakeBreakRules {
  const key = `octal:${formatCode(digits, repeat)}`;
  return repeat === undefined ? { family: 'octal', key, digits } : { family: 'octal', key, digits, repeat };
}
