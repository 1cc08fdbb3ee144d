import { describe, expect, it } from 'vitest';
import { fmtInt } from '../src/numbers.js';

describe('fmtInt', () => {
  it('groups the digits of an integer by thousands', () => {
    expect(fmtInt(0)).toBe('0');
    expect(fmtInt(999)).toBe('999');
    expect(fmtInt(1000)).toBe('1,000');
    expect(fmtInt(1234567)).toBe('1,234,567');
    expect(fmtInt(-1234567)).toBe('-1,234,567');
    expect(fmtInt(2n ** 64n)).toBe('18,446,744,073,709,551,616');
  });

  it('rounds a fraction first, as a count of things reads', () => {
    expect(fmtInt(1234.5)).toBe('1,235');
    expect(fmtInt(999.4)).toBe('999');
  });

  it('writes every digit of a number past 10^21, not its exponent form', () => {
    expect(fmtInt(2 ** 70)).toBe('1,180,591,620,717,411,303,424');
  });

  it("agrees with en-US's grouping, whose first call costs a command's start", () => {
    for (const n of [7, 12_345, 4_194_304, 2 ** 32, Number.MAX_SAFE_INTEGER, -98_765_432, 1e21]) {
      expect(fmtInt(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 0, useGrouping: true }));
    }
  });
});
