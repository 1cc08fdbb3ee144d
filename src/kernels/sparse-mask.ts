import type { NarrowValues } from './values.js';

/**
 * Sparse space masks (docs/sparse.md). A mask is a set of value bits plus an optional
 * heap-parity bit: heap h with value v is *rare* when popcount(v & bits) + (parity & h) is
 * even. Extending the value by the heap's parity keeps the XOR rule intact for two-heap
 * splits, because the parities of a and b XOR to the parity of a + b.
 */
export interface SparseMask {
  /** Value bits, below 2^MASK_BITS. */
  readonly bits: number;
  /** 1: the heap's parity counts as one more bit. */
  readonly parity: 0 | 1;
}

/** Masks cover values below 2^16; the sparse kernel hands larger values to the plain kernel. */
export const MASK_BITS = 16;
export const VALUE_LIMIT = 1 << MASK_BITS;

export function maskKey(m: SparseMask): string {
  return `${m.bits.toString(2)}${m.parity ? '+parity' : ''}`;
}

export function sameMask(a: SparseMask, b: SparseMask): boolean {
  return a.bits === b.bits && a.parity === b.parity;
}

/**
 * parity(popcount(v & bits)) for every v < VALUE_LIMIT: the kernel's per-value class. Built by
 * doubling, [size, 2 size) a copy of [0, size), flipped where the mask has bit `size`: copies,
 * not a 65,536-step loop, which a thread's first task runs cold.
 */
export function classTable(bits: number): Uint8Array {
  const cls = new Uint8Array(VALUE_LIMIT);
  const flipped = new Uint8Array(VALUE_LIMIT);
  flipped[0] = 1;
  for (let size = 1; size < VALUE_LIMIT; size *= 2) {
    const flip = (bits & size) !== 0;
    cls.set((flip ? flipped : cls).subarray(0, size), size);
    flipped.set((flip ? cls : flipped).subarray(0, size), size);
  }
  return cls;
}

export function isRareHeap(cls: Uint8Array, mask: SparseMask, h: number, v: number): boolean {
  return h >= 1 && (cls[v]! ^ (mask.parity & h & 1)) === 0;
}

/**
 * Counts of heaps h >= 1 by (value, h mod 2), kept as the table grows: index (v << 1) | (h & 1).
 * Heap 0 never takes part in a split, so it never costs anything as a rare heap.
 */
export class ValueHistogram {
  counts = new Float64Array(2 * 256);
  total = 0;
  maxValue = 0;

  /** Per-value counts of even and odd heaps for one `add` of a typed table (zero between calls). */
  private even = new Int32Array(256);
  private odd = new Int32Array(256);

  add(values: ArrayLike<number>, lo: number, hi: number, base = 0): void {
    const from = Math.max(1, lo);
    if (from >= hi) return;
    if (values instanceof Uint8Array || values instanceof Uint16Array) {
      this.addTyped(values, from, hi, base);
      return;
    }
    for (let h = from; h < hi; h++) {
      const v = values[h - base]!;
      if (v >= VALUE_LIMIT) continue;
      if (2 * v + 1 >= this.counts.length) this.grow(v);
      this.counts[(v << 1) | (h & 1)]! += 1;
      if (v > this.maxValue) this.maxValue = v;
      this.total++;
    }
  }

  /**
   * Heaps [lo, hi) of a table of bytes with escapes: the bytes counted in place, then each
   * escaped heap moved from the escape byte's count to its value's. Read through 16-bit copies
   * (eachRun) they took twice as long.
   */
  addNarrow(table: NarrowValues, lo: number, hi: number): void {
    const from = Math.max(1, lo);
    if (from >= hi) return;
    const esc = table.escapeByte;
    this.addTyped(table.bytes, from, hi, 0);
    table.eachEscaped(from, hi, (h, v) => {
      if (2 * v + 1 >= this.counts.length) this.grow(v);
      this.counts[(esc << 1) | (h & 1)]! -= 1;
      this.counts[(v << 1) | (h & 1)]! += 1;
      if (v > this.maxValue) this.maxValue = v;
      return true;
    });
  }

  /**
   * A byte or 16-bit table's heaps [from, hi), every value below VALUE_LIMIT: counted into two
   * integer rows, even and odd heaps in turn, then added to the counts. The main thread counts
   * every one-worker chunk (engine/sparse-space.ts tally), where heap by heap into one
   * Float64Array, through 16-bit copies of a narrow table, took 3-4.5 ms of each 0.1 s chunk of
   * octal:0.167 (8 ns a value), its worker waiting; so, 0.5-1.5 ms.
   */
  private addTyped(values: Uint8Array | Uint16Array, from: number, hi: number, base: number): void {
    const v0 = values.subarray(from - base, hi - base);
    // Bytes fit the first rows and counts; 16-bit values are measured first (a pass at ~0.3 ns).
    let top = 255;
    if (!(v0 instanceof Uint8Array)) {
      top = 0;
      for (let i = 0; i < v0.length; i++) if (v0[i]! > top) top = v0[i]!;
    }
    if (2 * top + 1 >= this.counts.length) this.grow(top);
    if (top >= this.even.length) {
      this.even = new Int32Array(this.counts.length >> 1);
      this.odd = new Int32Array(this.counts.length >> 1);
    }
    // Row a holds the heaps of v0's parity from 0 on; row b the others.
    const [a, b] = (from & 1) === 0 ? [this.even, this.odd] : [this.odd, this.even];
    const pairs = v0.length - (v0.length & 1);
    let i = 0;
    for (; i < pairs; i += 2) {
      a[v0[i]!]!++;
      b[v0[i + 1]!]!++;
    }
    if (i < v0.length) a[v0[i]!]!++;
    const { counts, even, odd } = this;
    while (top > 0 && even[top] === 0 && odd[top] === 0) top--;
    for (let v = 0; v <= top; v++) {
      counts[v << 1]! += even[v]!;
      counts[(v << 1) | 1]! += odd[v]!;
    }
    even.fill(0, 0, top + 1);
    odd.fill(0, 0, top + 1);
    if (top > this.maxValue) this.maxValue = top;
    this.total += v0.length;
  }

  /** The counts in use (through the largest value counted): what a resumed run starts from. */
  used(): Float64Array {
    return this.counts.slice(0, this.total > 0 ? 2 * this.maxValue + 2 : 0);
  }

  /** A histogram with `counts` (as `used` gave them). */
  static of(counts: Float64Array): ValueHistogram {
    const hist = new ValueHistogram();
    if (counts.length > hist.counts.length) hist.grow((counts.length - 1) >> 1);
    hist.counts.set(counts);
    for (let i = 0; i < counts.length; i++) {
      if (counts[i]! === 0) continue;
      hist.total += counts[i]!;
      hist.maxValue = i >> 1;
    }
    return hist;
  }

  private grow(v: number): void {
    let size = this.counts.length;
    while (size <= 2 * v + 1) size *= 2;
    const next = new Float64Array(size);
    next.set(this.counts);
    this.counts = next;
  }
}

/** Number of bits needed for every value up to maxValue (at least 1), capped at MASK_BITS. */
export function valueBits(maxValue: number): number {
  let b = 1;
  while (b < MASK_BITS && maxValue >= 1 << b) b++;
  return b;
}

/** The rare-heap count of every extended mask (bits << 1 | parity) over `bits` value bits. */
export function rareCounts(hist: ValueHistogram, bits: number): Float64Array {
  const size = 1 << (bits + 1);
  const w = new Float64Array(size);
  w.set(hist.counts.subarray(0, Math.min(size, hist.counts.length)));
  // Walsh-Hadamard transform: w[M] = sum_x counts[x] * (-1)^popcount(x & M).
  for (let len = 1; len < size; len <<= 1) {
    for (let i = 0; i < size; i += len << 1) {
      for (let j = i; j < i + len; j++) {
        const a = w[j]!;
        const b = w[j + len]!;
        w[j] = a + b;
        w[j + len] = a - b;
      }
    }
  }
  // rare(M) = #{x : popcount(x & M) even} = (total + w[M]) / 2.
  for (let M = 0; M < size; M++) w[M] = (hist.total + w[M]!) / 2;
  return w;
}

export interface MaskChoice {
  readonly mask: SparseMask;
  readonly rare: number;
}

/**
 * The mask with the fewest rare heaps so far. The all-rare mask (0) is excluded; the parity
 * bit only when `parityAllowed` (every split of a heap n must share one parity of a + b,
 * otherwise no value class is reached only through rare heaps). Ties go to the smaller mask.
 */
export function bestMask(
  hist: ValueHistogram,
  parityAllowed: boolean,
): MaskChoice & { readonly counts: Float64Array; readonly bits: number } {
  const bits = valueBits(hist.maxValue);
  const counts = rareCounts(hist, bits);
  // With no values yet every mask ties: take the plain value mask 1 rather than parity alone.
  let best = hist.total === 0 ? 2 : -1;
  for (let M = 1; M < counts.length; M++) {
    if (!parityAllowed && (M & 1) === 1) continue;
    if (best < 0 || counts[M]! < counts[best]!) best = M;
  }
  if (best < 0) best = 2;
  return { mask: { bits: best >>> 1, parity: (best & 1) as 0 | 1 }, rare: counts[best]!, counts, bits };
}

/** Rare heaps so far under `mask` (bits beyond the histogram's range see no values). */
export function rareCountOf(choice: { readonly counts: Float64Array }, mask: SparseMask): number {
  const M = ((mask.bits << 1) | mask.parity) & (choice.counts.length - 1);
  return choice.counts[M]!;
}

/**
 * Whether to switch from `current` (with `currentRare` rare heaps) to a better mask: only for a
 * clear gain, because a switch rebuilds the rare list from the whole prefix.
 */
export function worthSwitching(currentRare: number, candidateRare: number): boolean {
  return candidateRare < currentRare - Math.max(4, currentRare / 16);
}

/**
 * A mask's class of every value (classTable) and the values of each class in ascending order,
 * each list ended by a sentinel >= VALUE_LIMIT: what both sparse kernels read per heap.
 */
export class MaskClasses {
  // Set once, by the constructor's set(): each table is 65,536 steps, which a thread's first
  // task runs cold (three of them had cost it 8-10 ms).
  mask!: SparseMask;
  cls!: Uint8Array;
  byClass!: [Int32Array, Int32Array];

  constructor(
    private readonly parityAllowed: boolean,
    mask: SparseMask = { bits: 0, parity: 0 },
  ) {
    this.set(mask);
  }

  set(mask: SparseMask): void {
    if (mask.parity === 1 && !this.parityAllowed) throw new Error('this game cannot use the heap-parity mask bit');
    this.mask = mask;
    const cls = classTable(mask.bits);
    this.cls = cls;
    // Typed arrays filled in one pass: number lists and spreads cost a worker 22 ms at its start.
    // A parity over any value bit splits the values in halves.
    const ones = (mask.bits & (VALUE_LIMIT - 1)) !== 0 ? VALUE_LIMIT / 2 : 0;
    const lists: [Int32Array, Int32Array] = [new Int32Array(VALUE_LIMIT - ones + 1), new Int32Array(ones + 1)];
    const at = [0, 0];
    for (let v = 0; v < VALUE_LIMIT; v++) {
      const c = cls[v]! as 0 | 1;
      lists[c][at[c]!++] = v;
    }
    lists[0][at[0]!] = VALUE_LIMIT;
    lists[1][at[1]!] = VALUE_LIMIT;
    this.byClass = lists;
  }
}
