import { describe, expect, it } from 'vitest';
import { nimPow } from '../../src/nimber/arith.js';
import { NimLogBase, nimLog, nimLogBase } from '../../src/nimber/log.js';
import { GROUP_ORDER, GROUP_PRIMES, nimGenerator, nimOrder } from '../../src/nimber/order.js';
import { nimMulSmall } from '../../src/nimber/slow.js';
import { seededRandom } from '../../src/testing/random.js';

function random64(random: () => number): bigint {
  const word = (): bigint => BigInt(Math.floor(random() * 2 ** 32));
  return (word() << 32n) | word();
}

/** A uniform seeded exponent below n (n < 2^64). */
function randomBelow(random: () => number, n: bigint): bigint {
  return random64(random) % n;
}

/**
 * The brute-force logarithms of GF(2^16): the least h whose powers (by the tower recursion, no
 * tables) run through all 65535 non-zero nimbers below 2^16, and log[h^i] = i.
 */
function bruteLogs16(): { h: number; log: Int32Array } {
  for (let h = 2; ; h++) {
    const log = new Int32Array(65536).fill(-1);
    let p = 1;
    let i = 0;
    while (log[p] === -1) {
      log[p] = i++;
      p = nimMulSmall(p, h, 16);
    }
    if (i === 65535) return { h, log };
  }
}

describe('discrete logarithms', () => {
  it('in GF(2^16), to a generator h and to h^5: every non-zero a against brute force', () => {
    const { h, log } = bruteLogs16();
    const full = new NimLogBase(BigInt(h));
    const fifth = new NimLogBase(nimPow(BigInt(h), 5n));
    expect(full.order).toBe(65535n);
    expect(fifth.order).toBe(13107n);
    for (let a = 1; a < 65536; a++) {
      expect(full.logOrNull(BigInt(a))).toBe(BigInt(log[a]!));
      expect(fifth.logOrNull(BigInt(a))).toBe(log[a]! % 5 === 0 ? BigInt(log[a]! / 5) : null);
    }
    // Outside the subfield nothing is a power of h.
    expect(full.logOrNull(1n << 16n)).toBeNull();
    expect(() => full.log(1n << 32n)).toThrow(/is not a power of/);
  });

  it('round trips on 64-bit values to the standard generator: log(g^x) = x and g^log(a) = a', () => {
    const random = seededRandom(53);
    const g = nimGenerator();
    for (let i = 0; i < 150; i++) {
      const x = randomBelow(random, GROUP_ORDER);
      expect(nimLog(nimPow(g, x)), `log(g^${x})`).toBe(x);
      const a = random64(random) || 1n;
      expect(nimPow(g, nimLog(a)), `g^log(${a})`).toBe(a);
    }
    const edges = [1n, 2n, 1n << 32n, 1n << 63n, GROUP_ORDER];
    for (const a of edges) expect(nimPow(g, nimLog(a))).toBe(a);
    expect(nimLog(1n)).toBe(0n);
    expect(nimLog(g)).toBe(1n);
  });

  it('to random bases of every kind of order: logs of powers, and refusals outside the subgroup', () => {
    const random = seededRandom(59);
    const g = nimGenerator();
    // Bases whose orders drop one prime each, a random base, and a base of order 6700417.
    const bases = [
      ...GROUP_PRIMES.map((q) => nimPow(g, BigInt(q))),
      random64(random),
      nimPow(g, GROUP_ORDER / 6700417n),
      nimPow(g, 3n * 5n * 65537n),
    ];
    for (const b of bases) {
      const t = nimLogBase(b);
      const d = nimOrder(b);
      expect(t.order).toBe(d);
      for (let i = 0; i < 20; i++) {
        const k = randomBelow(random, d);
        expect(t.log(nimPow(b, k)), `log_${b}(${b}^${k})`).toBe(k);
      }
      if (d !== GROUP_ORDER) {
        // g generates everything, so g^k is a power of b exactly when gcd(k, N) is a multiple of N / d.
        expect(t.logOrNull(g)).toBeNull();
        expect(() => t.log(g)).toThrow(new RegExp(`not a power of ${b}: the base has order ${d}`));
      }
    }
  });

  it('refuses 0 as the argument and 0 or 2^64 as the base; base 1 has only log(1) = 0', () => {
    expect(() => nimLog(0n)).toThrow(/0 has no logarithm/);
    expect(() => nimLog(5n, 0n)).toThrow(RangeError);
    expect(() => nimLog(5n, 1n << 64n)).toThrow(RangeError);
    expect(nimLog(1n, 1n)).toBe(0n);
    expect(() => nimLog(2n, 1n)).toThrow(/not a power of 1/);
  });
});
