import { describe, expect, it } from 'vitest';
import { powerShape, settleTrial } from '../../src/misere/quotient-trial.js';
import { quotientUpTo, TRIVIAL } from '../../src/misere/quotient.js';
import type { Quotient } from '../../src/misere/quotient-types.js';
import { naiveOptions } from '../helpers/naive-games.js';
import { naiveMisere, smallSums } from '../helpers/naive-misere-sums.js';

/** The options of heaps 0..n as the builder keeps them: sorted words of heaps that have moves. */
function optionWords(code: string, n: number): number[][][] {
  const out: number[][][] = [[]];
  for (let h = 1; h <= n; h++) {
    const words = [...naiveOptions(code, h)].map((o) =>
      o.filter((part) => part > 0 && (out[part]?.length ?? 0) > 0).sort((a, b) => a - b),
    );
    out.push([...new Map(words.map((w) => [w.join(','), w])).values()]);
  }
  return out;
}

function classOf(q: Quotient, sum: readonly number[]): number {
  let x = 0;
  for (const h of sum) x = q.mult[x * q.order + q.phi[h]!]!;
  return x;
}

describe('settleTrial', () => {
  it('with every heap free, the mex rule on least sums is game-tree search (then minimised)', () => {
    for (const code of ['octal:0.77', 'octal:0.07', 'octal:0.137']) {
      const n = 6;
      const opts = optionWords(code, n);
      const live = opts.map((o) => o.length > 0);
      const baseOf = new Int32Array(n + 1);
      const cycleOf = new Int32Array(n + 1).fill(-1);
      const cycles: { index: number; period: number }[] = [];
      for (let h = 1; h <= n; h++) {
        if (!live[h]) continue;
        cycleOf[h] = cycles.length;
        cycles.push({ index: 4, period: 2 }); // exact up to 4 copies of a heap
      }
      const q = settleTrial({ base: TRIVIAL, cycles, baseOf, cycleOf }, opts, 1 << 22)!;
      const isP = naiveMisere(code);
      for (const sum of smallSums(4, 18)) {
        if (sum.some((h) => h > n)) continue;
        const copies = new Map<number, number>();
        for (const h of sum) copies.set(h, (copies.get(h) ?? 0) + 1);
        if ([...copies.values()].some((c) => c > 4)) continue;
        expect(q.isP[classOf(q, sum)] === 1, `${code} ${sum.join('+')}`).toBe(isP(sum));
      }
    }
  });

  it('settles a quotient times a cycle for the next heap to the quotient of one heap more (0.75)', () => {
    const code = 'octal:0.75';
    const q4 = quotientUpTo((n) => naiveOptions(code, n), 4);
    const q5 = quotientUpTo((n) => naiveOptions(code, n), 5);
    const baseOf = new Int32Array(6);
    baseOf.set(q4.phi);
    const cycleOf = Int32Array.of(-1, -1, -1, -1, -1, 0);
    const trial = settleTrial(
      { base: q4, cycles: [{ index: 2, period: 2 }], baseOf, cycleOf },
      optionWords(code, 5),
      1e6,
    )!;
    expect(trial.order).toBe(q5.order);
    expect(trial.isP.reduce((s, p) => s + p, 0)).toBe(q5.isP.reduce((s, p) => s + p, 0));
    for (const sum of smallSums(4, 16)) {
      if (sum.some((h) => h > 5)) continue;
      expect(trial.isP[classOf(trial, sum)], sum.join('+')).toBe(q5.isP[classOf(q5, sum)]);
    }
  });

  it('refuses a trial larger than asked', () => {
    const cycleOf = Int32Array.of(-1, 0);
    const opts = optionWords('octal:0.3', 1);
    expect(
      settleTrial({ base: TRIVIAL, cycles: [{ index: 10, period: 10 }], baseOf: new Int32Array(2), cycleOf }, opts, 10),
    ).toBeNull();
  });
});

describe('powerShape', () => {
  it("reads an element's index and period from the table (0.75: a^2 = 1, b^3 = b)", () => {
    const q = quotientUpTo((n) => naiveOptions('octal:0.75', n), 8);
    expect(powerShape(q, q.phi[1]!)).toEqual({ index: 0, period: 2 });
    expect(powerShape(q, q.phi[2]!)).toEqual({ index: 1, period: 2 });
    expect(powerShape(q, 0)).toEqual({ index: 0, period: 1 });
  });
});
