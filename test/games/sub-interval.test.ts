import { describe, expect, it } from 'vitest';
import { intervalClosedForm, intervalMoves } from '../../src/games/sub-interval.js';
import { randInt, rng } from '../helpers/naive-games.js';

describe('one subtraction interval, too large to list', () => {
  it('moves to a target value: every removal L..R that leaves it, as a scan of the options finds', () => {
    const r = rng(7);
    for (let t = 0; t < 300; t++) {
      const L = BigInt(randInt(r, 1, 5));
      const R = L + BigInt(randInt(r, 0, 9));
      const n = BigInt(randInt(r, 0, 80));
      const target = BigInt(randInt(r, 0, 4));
      const g = intervalClosedForm(L, R).value;
      const want: bigint[] = [];
      for (let s = L; s <= R && s <= n; s++) if (g(n - s) === target) want.push(s);
      const moves = [...intervalMoves(n, target, L, R, 1000)];
      expect(moves.map((m) => m.remove).sort((a, b) => (a < b ? -1 : 1))).toEqual(want);
      for (const m of moves) expect(m.leaves).toEqual(n - m.remove === 0n ? [] : [n - m.remove]);
    }
  });

  it('moves at 10^18 in a game of 10^9 amounts, at most `limit` of them', () => {
    const [L, R] = [5n, 10n ** 9n];
    const n = 10n ** 18n;
    const moves = [...intervalMoves(n, 0n, L, R, 3)];
    expect(moves).toHaveLength(3);
    for (const m of moves) {
      expect(m.remove >= L && m.remove <= R).toBe(true);
      expect(intervalClosedForm(L, R).value(n - m.remove)).toBe(0n);
    }
  });
});
