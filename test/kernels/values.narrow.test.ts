import { describe, expect, it } from 'vitest';
import { chunkValues, NarrowValues, tableMax, WindowedValues } from '../../src/kernels/values.js';

/** A narrow table escaping from `esc` on, holding `values`. */
function narrow(values: readonly number[], esc: number): NarrowValues {
  const g = new NarrowValues(new Uint8Array(values.length), new Uint16Array(values.length), esc);
  g.set(values);
  return g;
}

describe('narrow tables for the store', () => {
  const values = [0, 1, 2, 6, 7, 300, 3, 255, 9, 1];

  it('a chunk below the escape byte is stored from the bytes as they are', () => {
    const g = narrow(values, 7);
    const part = chunkValues(g, 0, 4, tableMax(g, 0, 4));
    expect(part).toBeInstanceOf(Uint8Array);
    expect(part instanceof Uint8Array && [...part]).toEqual(values.slice(0, 4));
    expect(part instanceof Uint8Array && part.buffer).toBe(g.bytes.buffer);
  });

  it('a chunk holding escaped values is the narrow part itself, views of the table', () => {
    for (const esc of [7, 255]) {
      const g = narrow(values, esc);
      for (let lo = 0; lo < values.length; lo++) {
        for (let hi = lo; hi <= values.length; hi++) {
          const max = tableMax(g, lo, hi);
          expect(max).toBe(Math.max(0, ...values.slice(lo, hi)));
          expect(g.escapes(lo, hi)).toBe(values.slice(lo, hi).filter((v) => v >= esc).length);
          const part = chunkValues(g, lo, hi, max);
          const read = part instanceof NarrowValues ? [...part.slice(0, part.length)] : [...part];
          expect(read, `esc ${esc} [${lo}, ${hi})`).toEqual(values.slice(lo, hi));
          if (max >= esc) expect(part instanceof NarrowValues && part.bytes.buffer).toBe(g.bytes.buffer);
        }
      }
    }
  });

  it("a windowed table gives its tail's part, and a copy for what lies outside it", () => {
    const all = Array.from({ length: 40 }, (_, n) => (n * 37) % 300);
    const head = narrow(all.slice(0, 8), 255);
    const tail = narrow(all.slice(20, 40), 255);
    const g = new WindowedValues(head, tail, 20, 40);
    g.source = (lo, hi) => Uint16Array.from(all.slice(lo, hi));
    for (const [lo, hi] of [
      [24, 36],
      [20, 40],
      [4, 12],
    ] as const) {
      const max = tableMax(g, lo, hi);
      const part = chunkValues(g, lo, hi, max);
      const read = part instanceof NarrowValues ? [...part.slice(0, part.length)] : [...part];
      expect(read, `[${lo}, ${hi})`).toEqual(all.slice(lo, hi));
      expect(part instanceof NarrowValues, `[${lo}, ${hi})`).toBe(lo >= 20 && max >= 255);
    }
  });
});
