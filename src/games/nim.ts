import { allButKernel } from '../kernels/all-but.js';
import { nimMoves } from './heap-moves.js';
import type { NimRules } from '../rules/types.js';
import { defineFamily } from './family.js';

/** Nim: remove any positive number of tokens; g(n) = n, so no table is ever needed. */
export const nim = defineFamily<NimRules>({
  id: 'nim',
  kind: 'heap',
  syntax: ['nim'],
  names: ['nim'],
  parse: () => ({ family: 'nim', key: 'nim' }) satisfies NimRules,
  describe: () => 'nim: remove any positive number of tokens',
  *options(_rules, n) {
    for (let s = 1; s <= n; s++) yield s === n ? [] : [n - s];
  },
  cost: () => 1,
  chunksGrowWithPrefix: true,
  plain: () => allButKernel([]),
  criterion: () => ({ kind: 'nim', label: 'nim: g(n) = n' }),
  arithmetic: true,
  closedForm: () => ({
    value: (n) => n,
    number: (n) => n,
    histogram: (N) => new Array<bigint>(Number(N) + 1).fill(1n),
  }),
  moves: ({ n, target }) => nimMoves(n, target),
});
