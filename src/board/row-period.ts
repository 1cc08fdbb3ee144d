import { reversedZ } from '../period/z-function.js';

/**
 * Additive periodicity of a row g(x, ·) of a 2-D table: g(x, y + p) = g(x, y) + s for y >= e.
 * Rows of Wythoff's game are additively periodic (Dress, Flammenkamp and Pink 1999; Landman
 * 2002), but a finite table only shows it: the result is *observed*, with the project's rule
 * for observed periods (src/period/detect.ts): the repeating tail of the first differences
 * covers at least half of the row and at least three periods (through the same Z-function).
 */
export interface RowPeriod {
  readonly row: number;
  readonly preperiod: number;
  readonly period: number;
  readonly saltus: number;
  /** Values g(x, 0..length-1) it was observed on. */
  readonly length: number;
}

export function rowPeriod(values: ArrayLike<number>, n: number, x: number, length = n): RowPeriod | null {
  const L = Math.min(length, n);
  if (L < 4) return null;
  const D = L - 1;
  const diffs = new Int32Array(D);
  const base = x * n;
  for (let y = 1; y < L; y++) diffs[y - 1] = values[base + y]! - values[base + y - 1]!;
  const z = reversedZ(diffs, D);
  for (let p = 1; 3 * p <= D; p++) {
    const run = z[p]! + p;
    if (z[p]! >= 2 * p && 2 * run >= D) {
      const e = Math.max(0, D - run);
      return { row: x, preperiod: e, period: p, saltus: values[base + e + p]! - values[base + e]!, length: L };
    }
  }
  return null;
}
