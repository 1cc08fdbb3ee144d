/**
 * The stamp after `stamp` for a stamped mark array: a new, empty set in O(1). When the stamps
 * run out, the marks are cleared and counting starts again at 1 (0 marks nothing).
 */
export function nextStamp(marks: Int32Array, stamp: number): number {
  if (++stamp === 0x7fffffff) {
    marks.fill(0);
    return 1;
  }
  return stamp;
}

/**
 * A reusable mex over a set that is rebuilt for every heap. Membership is a stamp per value,
 * so starting a new set is O(1) and nothing is allocated once the marks cover the values seen.
 */
export class MexSet {
  private marks: Int32Array;
  private stamp = 0;

  constructor(initialSize = 256) {
    this.marks = new Int32Array(initialSize);
  }

  /** Start a new, empty set. */
  clear(): void {
    this.stamp = nextStamp(this.marks, this.stamp);
  }

  add(v: number): void {
    if (v >= this.marks.length) this.grow(v);
    this.marks[v] = this.stamp;
  }

  has(v: number): boolean {
    return v < this.marks.length && this.marks[v] === this.stamp;
  }

  mex(): number {
    const marks = this.marks;
    const stamp = this.stamp;
    let v = 0;
    while (v < marks.length && marks[v] === stamp) v++;
    return v;
  }

  private grow(v: number): void {
    let size = this.marks.length * 2;
    while (size <= v) size *= 2;
    const next = new Int32Array(size);
    next.set(this.marks);
    this.marks = next;
  }
}

/** mex of a set of values < 32 given as a bit mask; 32 when all of 0..31 are present. */
export function maskMex(mask: number): number {
  const free = ~mask;
  if (free === 0) return 32;
  return 31 - Math.clz32(free & -free);
}
