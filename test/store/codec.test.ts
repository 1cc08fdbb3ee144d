import { describe, expect, it } from 'vitest';
import { packedBytes } from '../../src/board/table.js';
import { packBitsFor, packInto, unpackValues, type PackBits } from '../../src/store/codec.js';

/** A seeded sequence of values below 2^bits (xorshift32). */
function values(count: number, bits: number, seed: number): Uint8Array {
  const out = new Uint8Array(count);
  let s = seed;
  for (let i = 0; i < count; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = (s >>> 0) % (1 << bits);
  }
  return out;
}

describe('packed board values', () => {
  it('packs values below 4 in 2 bits and below 16 in 4, larger ones not at all', () => {
    expect([0, 3, 4, 15, 16, 255].map(packBitsFor)).toEqual([2, 2, 4, 4, null, null]);
  });

  it('unpacks every prefix of what it packed, for every length, writing nothing else', () => {
    for (const bits of [2, 4] as PackBits[]) {
      for (let count = 0; count <= 21; count++) {
        const input = values(count, bits, 7 + count);
        const packed = new Uint8Array(packedBytes(count, bits));
        expect(packInto(input, bits, packed, 0)).toBe(Math.ceil((count * bits) / 8));
        for (let len = 0; len <= count; len++) {
          const out = new Uint8Array(len + 3).fill(99);
          unpackValues(packed, bits, len, out, 2);
          expect(Array.from(out.subarray(2, 2 + len))).toEqual(Array.from(input.subarray(0, len)));
          expect([out[0], out[1], out[2 + len]]).toEqual([99, 99, 99]);
        }
      }
    }
  });

  it('packs over stale bytes exactly as into a zeroed array, padding with zeros, touching nothing else', () => {
    for (const bits of [2, 4] as PackBits[]) {
      for (const count of [1, 3, 5, 50]) {
        const input = values(count, bits, count);
        const bytes = packedBytes(count, bits);
        const fresh = new Uint8Array(bytes);
        packInto(input, bits, fresh, 0);
        const stale = new Uint8Array(bytes + 6).fill(255);
        expect(packInto(input, bits, stale, 3)).toBe(bytes);
        expect(Array.from(stale.subarray(3, 3 + bytes))).toEqual(Array.from(fresh));
        expect([...stale.subarray(0, 3), ...stale.subarray(3 + bytes)]).toEqual([255, 255, 255, 255, 255, 255]);
      }
    }
  });
});
