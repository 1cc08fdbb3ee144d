import { describe, expect, it } from 'vitest';
import { fmtRate } from '../../src/cli/output.js';

describe('fmtRate: a rate that means something at every size (issue 40)', () => {
  it.each([
    [0, '0'],
    [0.42, '0.42'],
    [0.0123, '0.012'],
    [3.17, '3.2'],
    [42.4, '42'],
    [420.4, '420'],
    [1234, '1.2k'],
    [5.5e6, '5.50M'],
    [2e9, '2.00G'],
  ])('%d per second reads %s', (rate, text) => {
    expect(fmtRate(rate)).toBe(text);
  });
});
