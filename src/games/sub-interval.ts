import {
  intervalHeapsOfValue,
  intervalHistogram,
  intervalKernel,
  intervalNumber,
  intervalValue,
} from '../kernels/sub-interval.js';
import type { SubtractionIntervalRules } from '../rules/types.js';
import { defineFamily, type ClosedForm } from './family.js';
import { removeMove, type HeapMove } from './heap-moves.js';

/**
 * The closed form of the subtraction game on one interval {lo..hi}: g(n) = floor((n mod (lo + hi)) / lo)
 * (proof in kernels/sub-interval.ts), for any n, with its contest code (lo + hi <= 2 * 10^18 < 2^64).
 */
export function intervalClosedForm(lo: bigint, hi: bigint): ClosedForm {
  const period = lo + hi;
  return {
    value: (n) => intervalValue(n, lo, hi),
    number: (n) => intervalNumber(n, lo, hi),
    histogram: (N) => intervalHistogram(N, lo, hi),
    code: {
      cpp: `(n % ${period}ULL) / ${lo}ULL`,
      py: `(n % ${period}) // ${lo}`,
      theorem: `g(n) = floor((n mod ${period}) / ${lo}) for S = {${lo}..${hi}} (period L + R, preperiod 0)`,
    },
  };
}

/** Moves from n to the heaps of value `target` among n - hi..n - lo, found by the closed form. */
export function* intervalMoves(n: bigint, target: bigint, lo: bigint, hi: bigint, limit: number): Iterable<HeapMove> {
  if (n < lo) return;
  const a = n > hi ? n - hi : 0n;
  for (const m of intervalHeapsOfValue(a, n - lo, target, lo, hi, limit)) yield removeMove(n - m, m, target);
}

/**
 * One interval of removals too large to list, 'sub:3..1000000000' (parsed by the subtraction
 * family): its values come from the closed form, so queries, sums and counts need no table.
 */
export const subtractionInterval = defineFamily<SubtractionIntervalRules>({
  id: 'subint',
  kind: 'heap',
  syntax: ['sub:L..R'],
  parse: (_body, spec) => {
    throw new Error(`${spec} is parsed by the subtraction family`);
  },
  describe: (rules) => `subtraction game S = {${rules.lo}..${rules.hi}}`,
  *options(rules, n) {
    const lo = Number(rules.lo);
    const hi = Number(rules.hi);
    for (let s = lo; s <= hi && s <= n; s++) yield s === n ? [] : [n - s];
  },
  cost: () => 1,
  plain: (rules) => intervalKernel(BigInt(rules.lo), BigInt(rules.hi)),
  // The closed form is the theorem; a table never reaches the window proof of so large a set.
  criterion: () => null,
  closedForm: (rules) => intervalClosedForm(BigInt(rules.lo), BigInt(rules.hi)),
  moves: ({ rules, n, target, limit }) => intervalMoves(n, target, BigInt(rules.lo), BigInt(rules.hi), limit),
});
