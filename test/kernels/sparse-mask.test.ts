import { describe, expect, it } from 'vitest';
import { classTable, MaskClasses, VALUE_LIMIT, ValueHistogram } from '../../src/kernels/sparse-mask.js';
import { NarrowValues } from '../../src/kernels/values.js';

/** The class of v under `bits`, one value at a time: the parity of v & bits' set bits. */
function parity(v: number, bits: number): number {
  let x = v & bits;
  let p = 0;
  while (x !== 0) {
    p ^= 1;
    x &= x - 1;
  }
  return p;
}

const MASKS = [0, 1, 2, 3, 0b1010, 254, 0x8000, 0xffff, 0x5a5a];

describe('value classes under a mask', () => {
  it('the class table is the parity of the masked bits, for every value', () => {
    for (const bits of MASKS) {
      const cls = classTable(bits);
      expect(cls.length).toBe(VALUE_LIMIT);
      for (let v = 0; v < VALUE_LIMIT; v++) if (cls[v] !== parity(v, bits)) expect([bits, v, cls[v]]).toBe(null);
    }
  });

  it("each class's list holds its values in order, then VALUE_LIMIT", () => {
    for (const bits of MASKS) {
      const classes = new MaskClasses(true, { bits, parity: 0 });
      for (const c of [0, 1] as const) {
        const list = classes.byClass[c];
        const expected = [];
        for (let v = 0; v < VALUE_LIMIT; v++) if (parity(v, bits) === c) expected.push(v);
        expected.push(VALUE_LIMIT);
        expect([...list], `mask ${bits}, class ${c}`).toEqual(expected);
      }
    }
  });
});

describe('the value histogram a mask is chosen from', () => {
  /** Counts by (v << 1) | (h & 1) of heaps 1..n - 1, one heap at a time. */
  function naive(values: readonly number[]): number[] {
    const top = Math.max(...values.slice(1));
    const counts = new Array<number>(2 * top + 2).fill(0);
    for (let h = 1; h < values.length; h++) counts[(values[h]! << 1) | (h & 1)]! += 1;
    return counts;
  }

  // A seeded table whose values pass 255 late: the 16-bit rows grow mid-run.
  let seed = 7;
  const values = Array.from({ length: 3001 }, (_, h) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return h > 2500 ? seed % 700 : seed % 60;
  });

  it.each([
    ['bytes', (lo: number, hi: number) => Uint8Array.from(values.slice(lo, hi))],
    ['16-bit values', (lo: number, hi: number) => Uint16Array.from(values.slice(lo, hi))],
    ['a plain array', (lo: number, hi: number) => values.slice(lo, hi)],
  ] as const)('counts %s in runs of odd lengths from odd and even heaps as heap by heap', (kind, part) => {
    const hist = new ValueHistogram();
    const cuts = [0, 1, 2, 5, 6, 100, 377, 1024, 1025, 2501, 2502, 2999, 3001];
    for (let i = 0; i + 1 < cuts.length; i++) {
      const [lo, hi] = [cuts[i]!, cuts[i + 1]!];
      // Bytes hold values below 256 only: their runs end where the values pass 255.
      if (kind === 'bytes' && hi > 2501) break;
      hist.add(part(lo, hi), lo, hi, lo);
    }
    const upto = kind === 'bytes' ? 2501 : values.length;
    const want = naive(values.slice(0, upto));
    expect(Array.from(hist.used())).toEqual(want);
    expect(hist.total).toBe(upto - 1);
    expect(hist.maxValue).toBe(Math.max(...values.slice(1, upto)));
  });

  it.each([255, 7, 59])('counts a table of bytes escaped from %i on as heap by heap', (escapeByte) => {
    const table = new NarrowValues(new Uint8Array(values.length), new Uint16Array(values.length), escapeByte);
    table.set(values);
    const hist = new ValueHistogram();
    const cuts = [0, 1, 2, 5, 6, 100, 377, 1024, 1025, 2501, 2502, 2999, 3001];
    for (let i = 0; i + 1 < cuts.length; i++) hist.addNarrow(table, cuts[i]!, cuts[i + 1]!);
    expect(Array.from(hist.used())).toEqual(naive(values));
    expect(hist.total).toBe(values.length - 1);
    expect(hist.maxValue).toBe(Math.max(...values.slice(1)));
  });
});
