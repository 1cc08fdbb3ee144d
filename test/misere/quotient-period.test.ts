import { describe, expect, it } from 'vitest';
import { QuotientAnswerer } from '../../src/misere/quotient-answer.js';
import { heapMapPeriod, proofHeap } from '../../src/misere/quotient-period.js';
import { quotientUpTo } from '../../src/misere/quotient.js';
import { naiveOptions } from '../helpers/naive-games.js';
import { smallSums } from '../helpers/naive-misere-sums.js';

describe('heapMapPeriod', () => {
  it('finds the least period, then the least preperiod, and proves it only from h(e + p) + k heaps', () => {
    const phi = [0, 5, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2];
    expect(heapMapPeriod(phi, null)).toEqual({ preperiod: 2, period: 2, proven: false });
    expect(proofHeap({ k: 2, h: 2 }, 2, 2)).toBe(10);
    expect(heapMapPeriod(phi, { k: 2, h: 2 })).toEqual({ preperiod: 2, period: 2, proven: true });
    expect(heapMapPeriod(phi.slice(0, 10), { k: 2, h: 2 })).toEqual({ preperiod: 2, period: 2, proven: false });
    expect(heapMapPeriod([0, 1, 2, 3, 4, 5], null)).toBeNull();
  });

  it('a proven period answers heaps beyond the quotient as the quotient of more heaps does (0.75, 0.34)', () => {
    for (const code of ['octal:0.75', 'octal:0.34']) {
      const options = (n: number) => naiveOptions(code, n);
      const bound = { k: 2, h: 2 };
      const proven = quotientUpTo(options, 60, {}, (q) => heapMapPeriod(q.phi, bound)?.proven === true);
      const period = heapMapPeriod(proven.phi, bound)!;
      expect(period.proven).toBe(true);
      const far = quotientUpTo(options, proven.heaps + 3 * period.period + 5);
      const byPeriod = new QuotientAnswerer(proven, options, period, bound);
      const direct = new QuotientAnswerer(far, options, null, null);
      for (const small of smallSums(2, 6)) {
        for (let big = proven.heaps + 1; big <= far.heaps; big++) {
          const a = byPeriod.answer([big, ...small]);
          expect(a.outcome, `${code} ${big}+${small.join('+')}`).toBe(direct.answer([big, ...small]).outcome);
          if (a.move) {
            const sum = [big, ...small];
            const i = sum.indexOf(a.move.heap);
            const after = [...sum.slice(0, i), ...sum.slice(i + 1), ...a.move.to];
            expect(direct.answer(after).outcome).toBe('P');
          }
        }
      }
    }
  });
});
