/**
 * Take-and-break codes d0.d1d2...dk (README: Games): bit 2^j of digit d_i allows
 * "remove i tokens and leave exactly j non-empty heaps".
 */
export interface TakeBreakMoves {
  /** i such that a heap of exactly i tokens may be removed (bit 1). */
  readonly removeWhole: readonly number[];
  /** i such that removing i tokens may leave one heap of n - i >= 1 (bit 2). */
  readonly leaveOne: readonly number[];
  /** i such that removing i tokens may leave two heaps a + b = n - i, a, b >= 1 (bit 4). */
  readonly leaveTwo: readonly number[];
  /** i such that removing i tokens may leave three heaps (bit 8). */
  readonly leaveThree: readonly number[];
  /** The most tokens one move removes (index of the last non-zero digit). */
  readonly maxRemove: number;
  /** The most heaps one move leaves (at least 1, for the periodicity bound). */
  readonly maxHeaps: number;
}

export function takeBreakMoves(digits: readonly number[]): TakeBreakMoves {
  const removeWhole: number[] = [];
  const leaveOne: number[] = [];
  const leaveTwo: number[] = [];
  const leaveThree: number[] = [];
  let maxRemove = 0;
  let maxHeaps = 1;
  digits.forEach((d, i) => {
    if (d === 0) return;
    maxRemove = i;
    if (d & 1) removeWhole.push(i);
    if (d & 2) leaveOne.push(i);
    if (d & 4) {
      leaveTwo.push(i);
      maxHeaps = Math.max(maxHeaps, 2);
    }
    if (d & 8) {
      leaveThree.push(i);
      maxHeaps = Math.max(maxHeaps, 3);
    }
  });
  return { removeWhole, leaveOne, leaveTwo, leaveThree, maxRemove, maxHeaps };
}

/** True when every move leaves at most one heap: the code is a subtraction game in disguise. */
export function isSplitFree(digits: readonly number[]): boolean {
  return digits.every((d) => (d & 12) === 0);
}

/**
 * The canonical text of a code: '0.77', or with a repeating last digit (every removal of
 * digits.length or more tokens) '4.3...'; a repeating code never reads as a finite one.
 */
export function formatCode(digits: readonly number[], repeat?: number): string {
  const [d0 = 0, ...rest] = digits;
  if (repeat !== undefined) return `${d0.toString(16)}.${[...rest, repeat].map((d) => d.toString(16)).join('')}...`;
  const tail = rest.length > 0 ? rest.map((d) => d.toString(16)).join('') : '0';
  return `${d0.toString(16)}.${tail}`;
}

/** Digit d_i of a code whose digits after `digits` all equal `repeat` (0: a finite code). */
export function digitAt(digits: readonly number[], repeat: number | undefined, i: number): number {
  return i < digits.length ? digits[i]! : (repeat ?? 0);
}

/** The digits d_0..d_n of a code, the repeating digit written out: what a heap of n can use. */
export function digitsUpTo(digits: readonly number[], repeat: number | undefined, n: number): number[] {
  if (repeat === undefined) return digits.slice(0, n + 1);
  return Array.from({ length: n + 1 }, (_, i) => digitAt(digits, repeat, i));
}

/**
 * The options of a heap of n as tuples of heaps, straight from the code: the slow, obvious
 * way, for the families' `options` (a repeating digit applies to every removal it reaches).
 */
export function* takeBreakOptions(
  digits: readonly number[],
  repeat: number | undefined,
  n: number,
): Iterable<readonly number[]> {
  const last = repeat === undefined ? digits.length - 1 : n;
  for (let i = 0; i <= last; i++) {
    const d = digitAt(digits, repeat, i);
    const m = n - i;
    if (m < 0) return;
    if (d & 1 && m === 0) yield [];
    if (d & 2 && m >= 1) yield [m];
    if (d & 4) for (let a = 1; a <= m - a; a++) yield [a, m - a];
    if (d & 8) for (let a = 1; 3 * a <= m; a++) for (let b = a; b <= m - a - b; b++) yield [a, b, m - a - b];
  }
}
