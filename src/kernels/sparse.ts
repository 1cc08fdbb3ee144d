import type { RangeOutcome } from './kernel.js';
import { capacityFor } from './kernel.js';
import { MaskClasses, VALUE_LIMIT, type SparseMask } from './sparse-mask.js';
import type { Values } from './values.js';
import { nextStamp } from './mex.js';

/**
 * The moves of a game the sparse kernel handles: options of one heap (n - i, or nothing) and
 * two-heap splits a + b = n - i. Grundy's game is the split with i = 0 and a != b.
 */
export interface SparseShape {
  readonly whole: Int32Array;
  readonly one: Int32Array;
  readonly two: Int32Array;
  /** Grundy's game: the two heaps must differ. */
  readonly distinct: boolean;
  /** Every split sum n - i has one parity for a given n, so the heap-parity mask bit is usable. */
  readonly parityAllowed: boolean;
}

/** The rare heaps (>= 1) found so far, ascending, with their values. Grows in place. */
export class RareList {
  /** Uint32: a windowed run goes on to 2^32 heaps. */
  pos: Uint32Array;
  val: Int32Array;
  count = 0;
  /** Bumped by every change but an append: a copy of the list kept elsewhere can then tell it is stale. */
  generation = 0;

  constructor(capacity = 1024) {
    this.pos = new Uint32Array(capacity);
    this.val = new Int32Array(capacity);
  }

  /** The list of `positions` with their values g(h). */
  static of(positions: ArrayLike<number>, g: (h: number) => number): RareList {
    const list = new RareList(Math.max(1024, positions.length * 2));
    for (let i = 0; i < positions.length; i++) list.push(positions[i]!, g(positions[i]!));
    return list;
  }

  static from(positions: ArrayLike<number>, g: ArrayLike<number>): RareList {
    return RareList.of(positions, (h) => g[h]!);
  }

  push(h: number, v: number): void {
    if (this.count === this.pos.length) {
      const pos = new Uint32Array(Math.max(16, this.count * 2));
      const val = new Int32Array(Math.max(16, this.count * 2));
      pos.set(this.pos);
      val.set(this.val);
      this.pos = pos;
      this.val = val;
    }
    this.pos[this.count] = h;
    this.val[this.count] = v;
    this.count++;
  }

  /** Drop positions >= n (a resumed run whose list ran ahead of the stored values). */
  truncate(n: number): void {
    const count = this.count;
    while (this.count > 0 && this.pos[this.count - 1]! >= n) this.count--;
    if (this.count !== count) this.generation++;
  }

  positions(from = 0): Uint32Array {
    let i = 0;
    while (i < this.count && this.pos[i]! < from) i++;
    return this.pos.slice(i, this.count);
  }
}

/** Append the rare heaps of g[lo, hi) under `mask` to `rare`. */
export function collectRare(
  g: ArrayLike<number>,
  lo: number,
  hi: number,
  mask: SparseMask,
  cls: Uint8Array,
  rare: RareList,
  base = 0,
): void {
  const pb = mask.parity;
  for (let h = Math.max(1, lo); h < hi; h++) {
    const v = g[h - base]!;
    if (v < VALUE_LIMIT && (cls[v]! ^ (pb & h & 1)) === 0) rare.push(h, v);
  }
}

/**
 * Grundy values by sparse space (docs/sparse.md), exact for every mask:
 *  1. mark the non-split options and every split pair with a rare part; the option values of
 *     the "common" class for this n come only from such pairs, so c = the least unmarked
 *     common value is exactly the least common value that is not an option;
 *  2. the rare-class values below c that step 1 missed are wanted: scan the remaining pairs
 *     only until all are seen (then g = c), else g = the least one never seen.
 * A good mask keeps the rare list short and the scan of step 2 brief; a bad one only costs time.
 */
export class SparseKernel {
  readonly name = 'sparse';
  private readonly maskClasses: MaskClasses;
  private readonly mark = new Int32Array(VALUE_LIMIT + 1);
  /** 1 for the values step 2 still wants; all zero between heaps (cleared through `wanted`). */
  private readonly want = new Uint8Array(VALUE_LIMIT + 1);
  private readonly wanted = new Int32Array(VALUE_LIMIT + 1);
  private stamp = 0;

  constructor(readonly shape: SparseShape) {
    this.maskClasses = new MaskClasses(shape.parityAllowed);
  }

  get currentMask(): SparseMask {
    return this.maskClasses.mask;
  }

  get classes(): Uint8Array {
    return this.maskClasses.cls;
  }

  setMask(mask: SparseMask): void {
    this.maskClasses.set(mask);
  }

  /**
   * Compute g[lo, hi) given the final prefix g[0, lo) and `rare`, the rare heaps of g[1, lo)
   * under the current mask; rare heaps found in the range are appended to `rare`.
   */
  run(g: Values, lo: number, hi: number, maxBefore: number, rare: RareList): RangeOutcome {
    const cap = Math.min(capacityFor(g), VALUE_LIMIT - 1);
    const { whole, one, two, distinct } = this.shape;
    const mark = this.mark;
    const want = this.want;
    const wanted = this.wanted;
    const cls = this.maskClasses.cls;
    const pb = this.maskClasses.mask.parity;
    const i0 = two[0]!;
    let maxSoFar = maxBefore;
    let V = 1;
    while (V <= maxSoFar) V <<= 1;
    let maxValue = 0;
    for (let n = lo; n < hi; n++) {
      const st = (this.stamp = nextStamp(mark, this.stamp));
      for (let k = 0; k < whole.length; k++) if (whole[k] === n) mark[0] = st;
      for (let k = 0; k < one.length; k++) {
        const r = one[k]!;
        if (n > r) mark[g[n - r]!] = st;
      }
      for (let k = 0; k < two.length; k++) {
        const s = n - two[k]!;
        if (s >= 2) markRarePairs(g, s, distinct, rare.pos, rare.val, rare.count, mark, st);
      }
      // The class reached only through rare heaps: parity(x & bits) != (parity & (a + b)).
      const common = 1 ^ (pb & (n - i0) & 1);
      const commons = this.maskClasses.byClass[common as 0 | 1];
      const rares = this.maskClasses.byClass[(common ^ 1) as 0 | 1];
      let k = 0;
      while (commons[k]! < V && mark[commons[k]!] === st) k++;
      const c = commons[k]! < V ? commons[k]! : V;
      let need = 0;
      for (let j = 0; rares[j]! < c; j++) {
        const x = rares[j]!;
        if (mark[x] !== st) {
          want[x] = 1;
          wanted[need++] = x;
        }
      }
      let v = c;
      if (need > 0) {
        const total = need;
        need = two.length === 1 ? scanOne(g, n - i0, distinct, want, need) : scanMany(g, n, two, want, need);
        v = leastUnseen(wanted, total, want, need, c);
      }
      if (v > cap) return { next: n, maxValue, overflowValue: v };
      g[n] = v;
      if (v > maxValue) maxValue = v;
      if (v > maxSoFar) {
        maxSoFar = v;
        while (V <= maxSoFar) V <<= 1;
      }
      if (n >= 1 && (cls[v]! ^ (pb & n & 1)) === 0) rare.push(n, v);
    }
    return { next: hi, maxValue };
  }
}

/**
 * After a heap's scan with `left` of the `total` wanted values (wanted[], ascending) never seen
 * (want[x] still 1): the least of them, else c. Clears want[] for the next heap. The closing
 * step of both JavaScript kernels (this one's run, sparse-frozen.ts's finish), as heap.ts
 * wantedMex is of the WebAssembly ones.
 */
export function leastUnseen(wanted: Int32Array, total: number, want: Uint8Array, left: number, c: number): number {
  let v = c;
  for (let j = 0; j < total; j++) {
    const x = wanted[j]!;
    if (left > 0 && want[x] === 1 && v === c) v = x;
    want[x] = 0;
  }
  return v;
}

/** The first index j in pos[0, count) with pos[j] >= x (pos ascending). */
export function lowerBound(pos: Int32Array | Uint32Array, count: number, x: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pos[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Step 1: mark g(r) ^ g(s - r) for every rare heap r < s (skipping r = s - r when distinct). */
function markRarePairs(
  g: Values,
  s: number,
  distinct: boolean,
  pos: Uint32Array,
  val: Int32Array,
  count: number,
  mark: Int32Array,
  st: number,
): void {
  const end = lowerBound(pos, count, s);
  if (distinct && (s & 1) === 0) {
    const mid = lowerBound(pos, end, s >> 1);
    if (mid < end && pos[mid] === s >> 1) {
      markRange(g, s, pos, val, 0, mid, mark, st);
      markRange(g, s, pos, val, mid + 1, end, mark, st);
      return;
    }
  }
  markRange(g, s, pos, val, 0, end, mark, st);
}

/**
 * mark[val[j] ^ g[s - pos[j]]] = st for j in [from, to). Unrolled so that eight loads precede
 * eight stores: V8 reloads typed-array state after every element store, and interleaving
 * one load group per store made this loop several times slower than C.
 */
export function markRange(
  g: Values,
  s: number,
  pos: Uint32Array,
  val: Int32Array,
  from: number,
  to: number,
  mark: Int32Array,
  st: number,
): void {
  let j = from;
  for (; j + 8 <= to; j += 8) {
    const x0 = val[j]! ^ g[s - pos[j]!]!;
    const x1 = val[j + 1]! ^ g[s - pos[j + 1]!]!;
    const x2 = val[j + 2]! ^ g[s - pos[j + 2]!]!;
    const x3 = val[j + 3]! ^ g[s - pos[j + 3]!]!;
    const x4 = val[j + 4]! ^ g[s - pos[j + 4]!]!;
    const x5 = val[j + 5]! ^ g[s - pos[j + 5]!]!;
    const x6 = val[j + 6]! ^ g[s - pos[j + 6]!]!;
    const x7 = val[j + 7]! ^ g[s - pos[j + 7]!]!;
    mark[x0] = st;
    mark[x1] = st;
    mark[x2] = st;
    mark[x3] = st;
    mark[x4] = st;
    mark[x5] = st;
    mark[x6] = st;
    mark[x7] = st;
  }
  for (; j < to; j++) mark[val[j]! ^ g[s - pos[j]!]!] = st;
}

/**
 * The first a in [from, amax] whose pair (a, s - a) has a wanted XOR, or amax + 1. Eight
 * lookups per round OR-ed into one test keep the common case (no hit) to a single branch; hits
 * are rare (a few per heap), so callers handle them outside this loop. (Folding the hit
 * handling into this loop made the sequential kernel 20% slower: more live values, spills.)
 */
export function nextWantedPair(g: Values, s: number, from: number, amax: number, want: Uint8Array): number {
  let a = from;
  for (; a + 8 <= amax + 1; a += 8) {
    const b = s - a;
    const hit =
      want[g[a]! ^ g[b]!]! |
      want[g[a + 1]! ^ g[b - 1]!]! |
      want[g[a + 2]! ^ g[b - 2]!]! |
      want[g[a + 3]! ^ g[b - 3]!]! |
      want[g[a + 4]! ^ g[b - 4]!]! |
      want[g[a + 5]! ^ g[b - 5]!]! |
      want[g[a + 6]! ^ g[b - 6]!]! |
      want[g[a + 7]! ^ g[b - 7]!]!;
    if (hit === 0) continue;
    for (let t = a; t < a + 8; t++) if (want[g[t]! ^ g[s - t]!] === 1) return t;
  }
  for (; a <= amax; a++) if (want[g[a]! ^ g[s - a]!] === 1) return a;
  return amax + 1;
}

/** Step 2 for one split sum s: scan pairs (a, s - a) until every wanted value is seen. */
function scanOne(g: Values, s: number, distinct: boolean, want: Uint8Array, need: number): number {
  const amax = distinct ? (s - 1) >> 1 : s >> 1;
  for (let a = nextWantedPair(g, s, 1, amax, want); a <= amax; a = nextWantedPair(g, s, a + 1, amax, want)) {
    want[g[a]! ^ g[s - a]!] = 0;
    if (--need === 0) return 0;
  }
  return need;
}

/**
 * Step 2 over the pairs (a, s - a) for a in [from, amax], for the parallel kernel: each wanted
 * value met is cleared from `want`, set in the bitset seen[seenAt..] and counted down in
 * state[0] (wanted values not met yet). Stops as soon as that reaches 0 and returns the first a
 * it did not scan (amax + 1 when it ran out of pairs).
 */
export function scanPairs(
  g: Values,
  s: number,
  from: number,
  amax: number,
  want: Uint8Array,
  state: Int32Array,
  seen: Int32Array,
  seenAt: number,
): number {
  let left = state[0]!;
  let end = amax + 1;
  for (let a = nextWantedPair(g, s, from, amax, want); a <= amax; a = nextWantedPair(g, s, a + 1, amax, want)) {
    const x = g[a]! ^ g[s - a]!;
    want[x] = 0;
    seen[seenAt + (x >>> 5)]! |= 1 << (x & 31);
    if (--left === 0) {
      end = a + 1;
      break;
    }
  }
  state[0] = left;
  return end;
}

/** Step 2 for several split sums n - i, interleaved so that the scan stops as early as it can. */
function scanMany(g: Values, n: number, two: Int32Array, want: Uint8Array, need: number): number {
  const amax = (n - two[0]!) >> 1;
  for (let a = 1; a <= amax; a++) {
    const ga = g[a]!;
    for (let k = 0; k < two.length; k++) {
      const b = n - two[k]! - a;
      if (b < a) break;
      const x = ga ^ g[b]!;
      if (want[x] === 1) {
        want[x] = 0;
        if (--need === 0) return 0;
      }
    }
  }
  return need;
}
