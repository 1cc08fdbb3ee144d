import { describe, expect, it } from 'vitest';
import { classTable, MaskClasses, VALUE_LIMIT } from '../../src/kernels/sparse-mask.js';

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
