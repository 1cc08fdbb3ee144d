import { grundyKernel } from '../kernels/grundy.js';
import { grundyFrozenKernel } from '../kernels/frozen/grundy.js';
import { rowWordsFor } from '../kernels/frozen/frozen-kernel.js';
import { grundySplitMoves, tableHeap } from './heap-moves.js';
import type { GrundyRules } from '../rules/types.js';
import { defineFamily } from './family.js';

/** Grundy's game: split a heap into two unequal non-empty heaps. */
export const grundy = defineFamily<GrundyRules>({
  id: 'grundy',
  kind: 'heap',
  syntax: ['grundy'],
  names: ['grundy'],
  parse: () => ({ family: 'grundy', key: 'grundy' }) satisfies GrundyRules,
  describe: () => "Grundy's game: split a heap into two unequal non-empty heaps",
  *options(_rules, n) {
    for (let a = 1; a < n - a; a++) yield [a, n - a];
  },
  cost: (_rules, n) => Math.max(2, n) / 2,
  plain: () => grundyKernel(),
  frozen: () => ({ share: 'linear', rowWords: rowWordsFor, create: () => grundyFrozenKernel() }),
  sparse: () => ({
    whole: new Int32Array(0),
    one: new Int32Array(0),
    two: Int32Array.of(0),
    distinct: true,
    parityAllowed: true,
  }),
  criterion: () => null,
  moves: ({ values, n, target }) => grundySplitMoves(values, tableHeap(values, n), target),
});
