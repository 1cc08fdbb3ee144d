import { describe, expect, it } from 'vitest';
import { chunkValues, NarrowValues, tableMax } from '../../src/kernels/values.js';

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
    expect([...part]).toEqual(values.slice(0, 4));
    expect(part.buffer).toBe(g.bytes.buffer);
  });

  it('a chunk holding escaped values is widened with them in place', () => {
    for (const esc of [7, 255]) {
      const g = narrow(values, esc);
      for (let lo = 0; lo < values.length; lo++) {
        for (let hi = lo; hi <= values.length; hi++) {
          const max = tableMax(g, lo, hi);
          expect(max).toBe(Math.max(0, ...values.slice(lo, hi)));
          expect([...chunkValues(g, lo, hi, max)], `esc ${esc} [${lo}, ${hi})`).toEqual(values.slice(lo, hi));
        }
      }
    }
  });
});
