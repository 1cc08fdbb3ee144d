import { describe, expect, it } from 'vitest';
import { packedBytes } from '../../src/board/table.js';
import { NarrowValues } from '../../src/kernels/values.js';
import {
  decodeChunk,
  encodeNarrow,
  encodeNarrowPart,
  packBitsFor,
  packInto,
  unpackValues,
  type PackBits,
} from '../../src/store/codec.js';

/** A seeded sequence of values below `limit` (xorshift32) into `out`. */
function seeded<T extends Uint8Array | Uint16Array>(out: T, limit: number, seed: number): T {
  let s = seed;
  for (let i = 0; i < out.length; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = (s >>> 0) % limit;
  }
  return out;
}

/** A seeded sequence of values below 2^bits. */
function values(count: number, bits: number, seed: number): Uint8Array {
  return seeded(new Uint8Array(count), 1 << bits, seed);
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

describe('16-bit chunks as bytes with escapes', () => {
  /** Seeded values below `limit`, with the values 254, 255 and 256 at both ends. */
  const wide = (count: number, limit: number, seed: number): Uint16Array => {
    const out = seeded(new Uint16Array(count), limit, seed);
    if (count >= 6) out.set([254, 255, 256], 0);
    if (count >= 6) out.set([65535, 255, 254], count - 3);
    return out;
  };

  it('round-trips every length, and is a byte a value plus 2 for each value from 255 on', () => {
    for (let count = 0; count <= 40; count++) {
      const input = wide(count, 300, 11 + count);
      const data = encodeNarrow(input);
      const escaped = input.filter((v) => v >= 255).length;
      if (count + 2 * escaped >= 2 * count) {
        expect(data, `count ${count}`).toBeNull();
        continue;
      }
      expect(data!.byteLength).toBe(count + 2 * escaped);
      expect(Array.from(decodeChunk(data!, 16, count) as Uint16Array)).toEqual(Array.from(input));
    }
  });

  it('is never chosen where it is not shorter, so that a chunk of 2 bytes a value reads as plain Uint16', () => {
    // Half the values escaped: as long as the plain chunk, so the plain one is stored.
    expect(encodeNarrow(Uint16Array.from([300, 1, 400, 2]))).toBeNull();
    const plain = Buffer.from(Uint16Array.from([300, 1, 400, 2]).buffer);
    expect(Array.from(decodeChunk(plain, 16, 4) as Uint16Array)).toEqual([300, 1, 400, 2]);
  });

  it("encodes a narrow table's part as it encodes the part's values, for every escape byte", () => {
    for (const esc of [7, 255]) {
      for (let count = 0; count <= 40; count++) {
        const input = wide(count, esc === 255 ? 300 : 12, 31 + count);
        const table = new NarrowValues(new Uint8Array(count + 6), new Uint16Array(count + 6), esc);
        table.set(input, 3);
        const part = table.part(3, 3 + count);
        const data = encodeNarrowPart(part);
        const plain = encodeNarrow(input);
        expect(data === null ? null : [...data], `esc ${esc}, count ${count}`).toEqual(
          plain === null ? null : [...plain],
        );
      }
    }
  });

  it('refuses escapes that do not match the bytes', () => {
    const data = encodeNarrow(wide(40, 300, 5))!;
    expect(() => decodeChunk(data.subarray(0, data.byteLength - 2), 16, 40)).toThrow(/inside its escapes/);
    expect(() => decodeChunk(Buffer.concat([data.subarray(0, 40), data]), 16, 40)).toThrow();
  });
});
