import { describe, expect, it } from 'vitest';
import {
  intervalHeapsOfValue,
  intervalHistogram,
  intervalKernel,
  intervalNumber,
  intervalValue,
} from '../../src/kernels/sub-interval.js';
import { naiveValues, randInt, rng } from '../helpers/naive-games.js';

describe('subtraction interval {L..R}: g(n) = floor((n mod (L + R)) / L)', () => {
  it('equals the naive mex for every 1 <= L <= R <= 12 and n < 300', () => {
    for (let L = 1; L <= 12; L++) {
      for (let R = L; R <= 12; R++) {
        const naive = naiveValues(`sub:${L}..${R}`, 300);
        const kernel = new Uint32Array(300);
        intervalKernel(BigInt(L), BigInt(R)).run(kernel, 0, 300, 0);
        for (let n = 0; n < 300; n++) {
          expect([L, R, n, Number(intervalValue(BigInt(n), BigInt(L), BigInt(R)))]).toEqual([L, R, n, naive[n]]);
          expect(intervalNumber(n, BigInt(L), BigInt(R))).toBe(naive[n]);
        }
        expect(Array.from(kernel)).toEqual(Array.from(naive));
      }
    }
  });

  it('is periodic at 10^18 and answers without BigInt when L + R exceeds 2^53', () => {
    const L = 3n;
    const R = 10n ** 18n;
    expect(intervalValue(10n ** 18n, L, R)).toBe(10n ** 18n / 3n);
    expect(intervalValue(10n ** 18n + 3n + R, L, R)).toBe(intervalValue(10n ** 18n, L, R));
    expect(intervalNumber(1000, L, R)).toBe(333);
    expect(intervalNumber(1000, 10n ** 18n, 10n ** 18n)).toBe(0);
    expect(intervalNumber(2 ** 60, 1n, 2n)).toBe(-1);
  });

  it('counts values as a table would (histogram of g(0..N))', () => {
    const r = rng(297);
    for (let t = 0; t < 200; t++) {
      const L = randInt(r, 1, 9);
      const R = randInt(r, L, 20);
      const N = randInt(r, 0, 150);
      const want: bigint[] = [];
      for (let n = 0; n <= N; n++) {
        const v = Number(intervalValue(BigInt(n), BigInt(L), BigInt(R)));
        while (want.length <= v) want.push(0n);
        want[v]! += 1n;
      }
      expect([L, R, N, intervalHistogram(BigInt(N), BigInt(L), BigInt(R))]).toEqual([L, R, N, want]);
    }
  });

  it('finds the heaps of a value in a window as a scan would', () => {
    const r = rng(42);
    for (let t = 0; t < 300; t++) {
      const L = BigInt(randInt(r, 1, 6));
      const R = L + BigInt(randInt(r, 0, 10));
      const a = BigInt(randInt(r, 0, 60));
      const b = a + BigInt(randInt(r, 0, 12));
      const target = BigInt(randInt(r, 0, 5));
      const want: bigint[] = [];
      for (let m = a; m <= b; m++) if (intervalValue(m, L, R) === target) want.push(m);
      expect(intervalHeapsOfValue(a, b, target, L, R, 100)).toEqual(want);
      expect(intervalHeapsOfValue(a, b, target, L, R, 1)).toEqual(want.slice(0, 1));
    }
  });
});
