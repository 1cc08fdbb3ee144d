import { describe, expect, it } from 'vitest';
import { nimMul, nimPow } from '../../src/nimber/arith.js';
import { GROUP_ORDER, GROUP_PRIMES, nimGenerator, nimOrder } from '../../src/nimber/order.js';
import { nimMulSmall } from '../../src/nimber/slow.js';
import { seededRandom } from '../../src/testing/random.js';

function random64(random: () => number): bigint {
  const word = (): bigint => BigInt(Math.floor(random() * 2 ** 32));
  return (word() << 32n) | word();
}

/** The order of 0 < a < 2^bits by multiplying until 1, with the tower recursion (no tables). */
function naiveOrder(a: number, bits: number): number {
  let p = a;
  let d = 1;
  while (p !== 1) {
    p = nimMulSmall(p, a, bits);
    d++;
  }
  return d;
}

/** d is the order of a iff a^d = 1 and a^(d/q) != 1 for every prime q dividing d. */
function isOrder(a: bigint, d: bigint): boolean {
  if (nimPow(a, d) !== 1n) return false;
  return GROUP_PRIMES.every((q) => d % BigInt(q) !== 0n || nimPow(a, d / BigInt(q)) !== 1n);
}

describe('multiplicative order', () => {
  it('the primes multiply to 2^64 - 1', () => {
    expect(GROUP_PRIMES.reduce((x, q) => x * BigInt(q), 1n)).toBe(GROUP_ORDER);
  });

  it('equals a naive loop for every nimber below 256 and for seeded random ones below 2^16', () => {
    for (let a = 1; a < 256; a++) expect(nimOrder(BigInt(a)), `order of ${a}`).toBe(BigInt(naiveOrder(a, 8)));
    const random = seededRandom(29);
    for (let i = 0; i < 12; i++) {
      const a = 1 + Math.floor(random() * 65535);
      expect(nimOrder(BigInt(a)), `order of ${a}`).toBe(BigInt(naiveOrder(a, 16)));
    }
  });

  it('is the order on 64-bit values: a^d = 1 and a^(d/q) != 1 for each prime q | d', () => {
    const random = seededRandom(31);
    const values = [1n, 2n, 1n << 32n, 1n << 63n, GROUP_ORDER, ...Array.from({ length: 60 }, () => random64(random))];
    for (const a of values) expect(isOrder(a, nimOrder(a)), `order of ${a}`).toBe(true);
    // Elements of every order that is a product of the primes: a power of a generator.
    const g = nimGenerator();
    for (const q of GROUP_PRIMES) expect(nimOrder(nimPow(g, GROUP_ORDER / BigInt(q)))).toBe(BigInt(q));
    expect(nimOrder(nimPow(g, 641n * 3n))).toBe(GROUP_ORDER / (641n * 3n));
  });

  it('refuses 0 and values of 2^64 or more', () => {
    expect(() => nimOrder(0n)).toThrow(RangeError);
    expect(() => nimOrder(1n << 64n)).toThrow(RangeError);
  });
});

describe('the least generator', () => {
  it('is 2^32 + 6: its order is 2^64 - 1, every value from 2^32 up to it has a smaller order', () => {
    const g = nimGenerator();
    expect(g).toBe((1n << 32n) + 6n);
    expect(isOrder(g, GROUP_ORDER)).toBe(true);
    for (let x = 1n << 32n; x < g; x++) expect(nimPow(x, GROUP_ORDER / 3n), `${x}`).toBe(1n);
  });

  it('below 2^32 there is none: those nimbers are the subfield GF(2^32), closed under products', () => {
    const random = seededRandom(37);
    for (let i = 0; i < 200; i++) {
      const a = BigInt(Math.floor(random() * 2 ** 32));
      const b = BigInt(Math.floor(random() * 2 ** 32));
      expect(nimMul(a, b) < 1n << 32n).toBe(true);
      if (a !== 0n) expect(nimPow(a, (1n << 32n) - 1n)).toBe(1n);
    }
  });
});
