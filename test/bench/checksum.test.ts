import { describe, expect, it } from 'vitest';
import { CHECKSUM_MODULUS, heapChecksum, listChecksum } from '../../bench/checksum.js';

/** The definition, term by term in BigInt: sum g(n) * (n mod 1000003 + 1). */
function slowChecksum(g: ArrayLike<number>): bigint {
  let total = 0n;
  for (let n = 0; n < g.length; n++) total += BigInt(g[n]!) * BigInt((n % CHECKSUM_MODULUS) + 1);
  return total;
}

describe('heapChecksum', () => {
  it('weights g(n) by n + 1 below the modulus', () => {
    expect(heapChecksum([0, 1, 2, 3])).toBe(20n);
    expect(heapChecksum([5, 0, 0, 0], 1)).toBe(5n);
    expect(heapChecksum([])).toBe(0n);
  });

  it('wraps the weight at n = 1000003, as the C anchors do', () => {
    const ones = new Uint8Array(CHECKSUM_MODULUS + 2).fill(1);
    const m = BigInt(CHECKSUM_MODULUS);
    expect(heapChecksum(ones)).toBe((m * (m + 1n)) / 2n + 1n + 2n);
  });

  it('stays exact past 2^53 with 32-bit values (seeded)', () => {
    let seed = 12345;
    const g = new Uint32Array(1_200_000);
    for (let i = 0; i < g.length; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      g[i] = seed;
    }
    const slow = slowChecksum(g);
    expect(slow > 2n ** 53n).toBe(true);
    expect(heapChecksum(g)).toBe(slow);
  });

  it('matches a checksum printed by the C reference program (anchors/subtract.c)', () => {
    // `subtract 1e6 1,3,4` prints checksum=642858214284; g for {1,3,4} is 0 1 0 1 2 3 2, period 7.
    const period = [0, 1, 0, 1, 2, 3, 2];
    const g = Uint8Array.from({ length: 1_000_000 }, (_, n) => period[n % 7]!);
    expect(heapChecksum(g)).toBe(642858214284n);
  });
});

describe('listChecksum', () => {
  it('takes BigInt items whole', () => {
    expect(listChecksum([2n ** 70n, 1n])).toBe(2n ** 70n + 2n);
    expect(listChecksum([3, 4])).toBe(3n + 8n);
  });
});
