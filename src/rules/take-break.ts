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

export function formatCode(digits: readonly number[]): string {
  const [d0 = 0, ...rest] = digits;
  const tail = rest.length > 0 ? rest.map((d) => d.toString(16)).join('') : '0';
  return `${d0.toString(16)}.${tail}`;
}
