import { describe, expect, it } from 'vitest';
import { combinedItems, MisereBudgetError, MisereSearch, nimOptions } from '../../src/misere/search.js';
import { heapSums, MISERE_CODES, naiveMisereValue, naiveMisereWins } from '../helpers/naive-misere.js';
import { naiveOptions } from '../helpers/naive-games.js';

describe('MisereSearch', () => {
  it('agrees with a naive game-tree search on every sum of up to 4 heaps, 14 tokens, for 24 codes', () => {
    let checked = 0;
    for (const code of MISERE_CODES) {
      const options = (n: number) => naiveOptions(code, n);
      const search = new MisereSearch(options);
      const memo = new Map<string, boolean>();
      for (const heaps of heapSums(4, 14)) {
        const pos = search.canonical(heaps);
        const wins = search.winsMisere(pos);
        expect(wins, `${code} ${heaps.join('+')}`).toBe(naiveMisereWins(heaps, options, memo));
        const m = search.winningMove(pos);
        if (wins && pos.length > 0) expect(naiveMisereWins(m!.next, options)).toBe(false);
        else expect(m).toBeNull();
        checked++;
      }
    }
    expect(checked).toBe(MISERE_CODES.length * heapSums(4, 14).length);
  });

  it('a terminal position is a win for the player to move', () => {
    const search = new MisereSearch((n) => naiveOptions('sub:3', n));
    expect(search.canonical([1, 2, 2])).toEqual([]);
    expect(search.winsMisere([])).toBe(true);
    expect(search.misereValue([])).toBe(1);
  });

  it('misère values of game heaps plus nim heaps equal the mex definition', () => {
    for (const code of ['octal:0.77', 'octal:0.312', 'octal:0.6']) {
      const opts = (n: number) => naiveOptions(code, n);
      const items = combinedItems([opts, nimOptions]);
      const search = new MisereSearch(items.options);
      const memo = new Map<string, number>();
      for (const heaps of heapSums(2, 7)) {
        for (const nims of [[], [1], [2], [2, 2], [1, 2, 3]]) {
          const pos = search.canonical([...heaps.map((h) => items.item(0, h)), ...nims.map((n) => items.item(1, n))]);
          expect(search.misereValue(pos)).toBe(naiveMisereValue(heaps, nims, opts, memo));
        }
      }
    }
  });

  it('refuses past its budget with the budget it had', () => {
    const search = new MisereSearch((n) => naiveOptions('octal:0.77', n), 50);
    expect(() => search.winsMisere(search.canonical([30, 29]))).toThrow(MisereBudgetError);
  });

  it('a long chain of single heaps needs no deep recursion', () => {
    const search = new MisereSearch((n) => naiveOptions('sub:1,2', n));
    // Misère sub:1,2: P iff n = 1 (mod 3).
    for (const n of [30_000, 30_001, 30_002]) expect(search.winsMisere([n])).toBe(n % 3 !== 1);
  });
});
