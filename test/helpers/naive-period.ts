/**
 * Periodicity straight from its definition (README "Periodicity"), by direct comparison: no
 * Z-function, no hashing, nothing shared with src/period. Slow (O(L^2)) and obvious, for small
 * tables in tests.
 */

/** Which theorem proves a period: the window of a finite subtraction set, or the take-and-break bound. */
export type NaiveCriterion =
  | { readonly kind: 'window'; readonly k: number }
  | { readonly kind: 'take-break'; readonly k: number; readonly h: number };

export interface NaivePeriodicity {
  readonly preperiod: number;
  readonly period: number;
  readonly saltus: 0;
  readonly proven: boolean;
  readonly criterion: string;
  readonly checkedTo: number;
}

/** The label a criterion is reported under (README "Periodicity"). */
export function criterionLabel(c: NaiveCriterion): string {
  return c.kind === 'window' ? `finite subtraction window (k=${c.k})` : `take-and-break bound (h=${c.h}, k=${c.k})`;
}

/**
 * The criterion of a take-and-break code d0.d1d2... given as digits: k is the most tokens a move
 * removes (the last non-zero digit's place), h the most heaps a move leaves (bit 4: two, bit 8:
 * three), at least 1. A code that only ever removes with digit 3 after a zero d0 is the
 * subtraction game on those amounts, proven by its window (k = the largest amount).
 */
export function octalCriterion(digits: readonly number[]): NaiveCriterion {
  let k = 0;
  let h = 1;
  let onlyThrees = digits[0] === 0;
  for (let i = 1; i < digits.length; i++) {
    const d = digits[i]!;
    if (d !== 0) k = i;
    if (d & 4) h = Math.max(h, 2);
    if (d & 8) h = Math.max(h, 3);
    if (d !== 0 && d !== 3) onlyThrees = false;
  }
  if (digits[0]! & 4) h = Math.max(h, 2);
  if (digits[0]! & 8) h = Math.max(h, 3);
  if (onlyThrees && k > 0) return { kind: 'window', k };
  return { kind: 'take-break', k, h };
}

/** The least e with g(n + p) = g(n) for every e <= n < L - p. */
export function leastPreperiod(g: ArrayLike<number>, L: number, p: number): number {
  let e = L - p;
  while (e > 0 && g[e - 1] === g[e - 1 + p]) e--;
  return e;
}

/**
 * The period g(0..L-1) shows: the least period p that the criterion proves (a match over
 * n >= e with L >= e + p + max(1, k) for the window, L >= h(e + p) + k for take-and-break), with
 * its least preperiod; else the least p whose repeating tail covers three periods and half the
 * table (observed); else null.
 */
export function naivePeriodicity(
  g: ArrayLike<number>,
  L: number,
  criterion: NaiveCriterion | null,
): NaivePeriodicity | null {
  if (L < 2) return null;
  if (criterion !== null) {
    for (let p = 1; p < L; p++) {
      const e = leastPreperiod(g, L, p);
      const proves =
        criterion.kind === 'window' ? L >= e + p + Math.max(1, criterion.k) : L >= criterion.h * (e + p) + criterion.k;
      if (proves) {
        return { preperiod: e, period: p, saltus: 0, proven: true, criterion: criterionLabel(criterion), checkedTo: L };
      }
    }
  }
  for (let p = 1; 3 * p <= L; p++) {
    const e = leastPreperiod(g, L, p);
    // The repeating tail [e, L) holds three periods and at least half of the table.
    if (L - e >= 3 * p && 2 * (L - e) >= L) {
      return { preperiod: e, period: p, saltus: 0, proven: false, criterion: 'observed', checkedTo: L };
    }
  }
  return null;
}
