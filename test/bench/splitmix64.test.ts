import { describe, expect, it } from 'vitest';
import { splitMix64Pairs } from '../../bench/splitmix64.js';

/** splitmix64 in BigInt, straight from its definition: the uint32 version must match it. */
function* reference(seed: bigint): Generator<bigint> {
  const M = (1n << 64n) - 1n;
  let s = seed;
  for (;;) {
    s = (s + 0x9e3779b97f4a7c15n) & M;
    let z = s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M;
    yield z ^ (z >> 31n);
  }
}

describe('the bench generator (splitmix64 on uint32 halves)', () => {
  it('equals the BigInt definition', () => {
    for (const seed of [1n, 0n, 0xffffffffffffffffn, 123456789n]) {
      const n = 500;
      const word = (): Uint32Array => new Uint32Array(n);
      const [aHi, aLo, bHi, bLo] = [word(), word(), word(), word()];
      splitMix64Pairs(seed, aHi, aLo, bHi, bLo);
      const ref = reference(seed);
      for (let i = 0; i < n; i++) {
        expect((BigInt(aHi[i]!) << 32n) | BigInt(aLo[i]!)).toBe(ref.next().value);
        expect((BigInt(bHi[i]!) << 32n) | BigInt(bLo[i]!)).toBe(ref.next().value);
      }
    }
  });
});
