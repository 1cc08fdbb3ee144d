import { describe, expect, it } from 'vitest';
import { nimMul } from '../../src/nimber/arith.js';
import { applyMap, frobenius, mapHi } from '../../src/nimber/frobenius.js';
import { seededRandom } from '../../src/testing/random.js';

function random64(random: () => number): bigint {
  const word = (): bigint => BigInt(Math.floor(random() * 2 ** 32));
  return (word() << 32n) | word();
}

function apply(k: number, a: bigint): bigint {
  const lo = applyMap(frobenius(k), Number(a >> 32n), Number(a & 0xffffffffn));
  return (BigInt(mapHi) << 32n) | BigInt(lo);
}

/** a^(2^k) by k products. */
function squareTimes(a: bigint, k: number): bigint {
  for (let i = 0; i < k; i++) a = nimMul(a, a);
  return a;
}

describe('Frobenius maps as byte tables', () => {
  it('x -> x^(2^k) equals k squarings, for k = 1, 2, 4, 16, 32, 63 on edge and random values', () => {
    const random = seededRandom(41);
    const values = [0n, 1n, 2n, 1n << 63n, (1n << 64n) - 1n, ...Array.from({ length: 100 }, () => random64(random))];
    for (const k of [1, 2, 4, 16, 32, 63]) {
      for (const a of values) expect(apply(k, a), `${a}^(2^${k})`).toBe(squareTimes(a, k));
    }
  });

  it('x^(2^64) = x: 64 squarings come back (the map for 63 then one squaring)', () => {
    const random = seededRandom(43);
    for (let i = 0; i < 100; i++) {
      const a = random64(random);
      expect(apply(1, apply(63, a))).toBe(a);
      expect(apply(32, apply(32, a))).toBe(a);
    }
  });
});
