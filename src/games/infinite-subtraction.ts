import { infiniteSubtractionKernel } from '../kernels/infinite-subtraction.js';
import { BYTE_ROW_SCALE, infiniteSubtractionFrozenKernel } from '../kernels/frozen/infinite-subtraction.js';
import { rowWordsFor, type OrderedShare } from '../kernels/frozen/frozen-kernel.js';
import { elementsUpTo, subtractionMoves, tableHeap } from './heap-moves.js';
import { INFINITE_SET_DESCRIPTIONS, infiniteSetElements } from '../rules/infinite-sets.js';
import type { InfiniteSubtractionRules } from '../rules/types.js';
import { defineFamily } from './family.js';
import { removals } from './spec-text.js';

/**
 * How the frozen-prefix kernel's ordered share grows with the chunk C at heap n: about
 * sqrt(C / n) of a dense set's options touch the chunk for squares and triangular numbers,
 * C / n for primes; the sparse sets (cubes, powers of two, Fibonacci) have too few options per
 * heap to pay for a task round trip.
 */
const SHARE: Readonly<Record<InfiniteSubtractionRules['name'], OrderedShare>> = {
  squares: 'sqrt',
  triangular: 'sqrt',
  primes: 'linear',
  cubes: 'none',
  powers2: 'none',
  fibonacci: 'none',
};

/** Subtraction of any element of an infinite set (squares, primes, ...); parsed from 'sub:NAME'. */
export const infiniteSubtraction = defineFamily<InfiniteSubtractionRules>({
  id: 'subinf',
  kind: 'heap',
  syntax: ['sub:squares|cubes|powers2|primes|fibonacci|triangular'],
  // Parsed by the finite subtraction family: both are spelled 'sub:...'.
  parse: (_body, spec) => {
    throw new Error(`${spec} is parsed by the subtraction family`);
  },
  describe: (rules) => `subtraction game: ${rules.name}`,
  options: (rules, n) => removals(n, infiniteSetElements(rules.name, Math.max(1, n))),
  cost(rules, n) {
    const m = Math.max(2, n);
    switch (rules.name) {
      case 'squares':
        return Math.sqrt(m);
      case 'cubes':
        return Math.cbrt(m);
      case 'powers2':
      case 'fibonacci':
        return 1.5 * Math.log2(m);
      case 'primes':
        return m / Math.log(m);
      case 'triangular':
        return Math.sqrt(2 * m);
    }
  },
  plain: (rules) => infiniteSubtractionKernel(rules.name),
  frozen: (rules) => ({
    share: SHARE[rules.name],
    // A byte per value in each row (BYTE_ROW_SCALE times a bit row): the gather stores bytes.
    rowWords: (maxValue) => BYTE_ROW_SCALE * rowWordsFor(maxValue),
    create: () => infiniteSubtractionFrozenKernel(rules.name),
  }),
  subtraction: (rules) => ({ label: rules.name, elements: (limit) => infiniteSetElements(rules.name, limit) }),
  criterion: () => null,
  moves: ({ rules, values, n, target }) =>
    subtractionMoves(values, n, target, elementsUpTo(rules.name, tableHeap(values, n))),
});

export { INFINITE_SET_DESCRIPTIONS };
