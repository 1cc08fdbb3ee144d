import type { RangeOutcome } from './kernel.js';
import { capacityFor } from './kernel.js';
import {
  leastUnseen,
  lowerBound,
  markRange,
  nextWantedPair,
  scanPairs,
  type RareList,
  type SparseShape,
} from './sparse.js';
import { MaskClasses, VALUE_LIMIT, type SparseMask } from './sparse-mask.js';
import type { Values } from './values.js';
import { nextStamp } from './mex.js';

/**
 * Sparse space over the frozen-prefix seam (docs/sparse.md, docs/parallel.md).
 * Heaps [lo, hi) are computed in two phases that together give exactly what
 * SparseKernel gives heap by heap. F <= lo is the frozen bound: g[0, F) is final when the
 * gather runs, and g[F, lo) need not be (a sparse gang member (src/gang/) gathers a tile
 * while the one before it is still being finished).
 *
 *  - gather (parallel, any tile on any worker): for each n, mark every option whose heaps are
 *    all < F (the frozen rare pairs r in (s - F, F) and frozen non-split options); c_hi = c1 =
 *    the least common value not marked. Scan the frozen pairs (a, s - a), s - a < F, from the
 *    smallest a, for the rare values below c1 not marked, recording those seen, until every
 *    one is seen or the frozen pairs run out.
 *  - finish (ordered): add the options that touch [F, n) and take the true c (>= c1). A wanted
 *    rare value below c that the gather saw needs nothing more. One it did not see: below
 *    c_hi, the gather scanned every frozen pair for it, so only the pairs touching [F, n)
 *    remain; at or above c_hi it was never fully looked for, so the finish scans every pair,
 *    as the sequential kernel would.
 *
 * Per-heap scratch (Int32 words, sparseRowStride(rowWords) per heap): c_hi; the index of c1 in
 * the common values (every common value below it is marked); the index in the rare values where
 * the finish's check may start (past c1 when the gather saw every wanted value, else 0); the
 * stamp the gather marked with; the gather's stamped mark array for values below
 * rowWords * 32 (copied whole: cheaper than packing it into bits); the bitset of values the
 * scan saw. Every gathered value is an XOR of two values of g[0, F), so rowWords * 32 >=
 * 2^bits(max g[0, F)) holds them all.
 */
export const ROW_HEADER = 4;

export function sparseRowStride(rowWords: number): number {
  return ROW_HEADER + 33 * rowWords;
}

/** The `kernel` a run reports for a gang of the JavaScript phase kernel. */
export const SPARSE_GANG_KERNEL = 'sparse+frozen-prefix';

/** The least power of two above maxValue: no XOR of values <= maxValue reaches it. */
export function valueCeiling(maxValue: number): number {
  let V = 1;
  while (V <= maxValue) V <<= 1;
  return V;
}

export class SparseFrozenKernel {
  readonly name = SPARSE_GANG_KERNEL;
  private readonly maskClasses: MaskClasses;
  private readonly mark = new Int32Array(VALUE_LIMIT + 1);
  private readonly want = new Uint8Array(VALUE_LIMIT + 1);
  private readonly wanted = new Int32Array(VALUE_LIMIT + 1);
  /** Where the finish's scans record what they witness: nobody reads it (one scan routine, one shape). */
  private readonly sink = new Int32Array(VALUE_LIMIT >>> 5);
  /** The scan's counter: [wanted values not seen yet]. */
  private readonly state = new Int32Array(1);
  private stamp = 0;
  /** Heaps whose finish had to scan every pair (the gather's c_spec was too low). */
  rescans = 0;
  /** Heaps whose finish scanned the in-chunk pairs after an exhausted frozen scan. */
  continued = 0;

  constructor(readonly shape: SparseShape) {
    this.maskClasses = new MaskClasses(shape.parityAllowed);
  }

  get currentMask(): SparseMask {
    return this.maskClasses.mask;
  }

  setMask(mask: SparseMask): void {
    this.maskClasses.set(mask);
  }

  /**
   * Fill the rows of n in [lo, hi) (F <= lo <= hi) from g[0, F) alone; row n starts at word
   * (n - rowFrom) * sparseRowStride(rowWords). `rare` holds at least the rare heaps of [1, F);
   * maxBefore >= max g[0, F).
   *
   * Two passes over the tile, each its own function: the marks, then the scans. As one loop
   * the function grew past V8's inlining budget, the scan's inner search stayed a call per hit,
   * and the gather cost 1.3x the sequential kernel per heap.
   */
  gather(
    g: Values,
    F: number,
    lo: number,
    hi: number,
    maxBefore: number,
    rare: RareList,
    rows: Int32Array,
    rowWords: number,
    rowFrom = F,
  ): void {
    const VA = valueCeiling(maxBefore);
    if (VA > rowWords * 32) throw new Error(`sparse rows of ${rowWords} words cannot hold values below ${VA}`);
    this.gatherMarks(g, F, lo, hi, VA, rare, rows, rowWords, rowFrom);
    this.gatherScans(g, F, lo, hi, rows, rowWords, rowFrom);
  }

  /**
   * Pass 1: mark the frozen options of each heap in the stamped array, copy it into the row
   * whole (cheaper than packing it into bits), and note c1 and its index among the common
   * values.
   */
  private gatherMarks(
    g: Values,
    F: number,
    lo: number,
    hi: number,
    VA: number,
    rare: RareList,
    rows: Int32Array,
    rowWords: number,
    rowFrom: number,
  ): void {
    const { whole, one, two, distinct } = this.shape;
    const stride = sparseRowStride(rowWords);
    const rowBits = rowWords * 32;
    const pb = this.maskClasses.mask.parity;
    const i0 = two[0]!;
    const { pos, val, count } = rare;
    const mark = this.mark;
    const markHead = mark.subarray(0, rowBits);
    for (let n = lo; n < hi; n++) {
      const st = (this.stamp = nextStamp(mark, this.stamp));
      const base = (n - rowFrom) * stride;
      const mb = base + ROW_HEADER;
      for (let k = 0; k < whole.length; k++) if (whole[k] === n) mark[0] = st;
      for (let k = 0; k < one.length; k++) {
        const b = n - one[k]!;
        if (b > 0 && b < F) mark[g[b]!] = st;
      }
      for (let k = 0; k < two.length; k++) {
        const s = n - two[k]!;
        if (s < 2) continue;
        const from = lowerBound(pos, count, Math.max(1, s - F + 1));
        const to = lowerBound(pos, count, Math.min(F, s));
        if (from >= to) continue;
        markSpan(g, s, pos, val, from, to, distinctSkip(distinct, s, pos, from, to), mark, st);
      }
      rows.set(markHead, mb);
      rows[base + 3] = st;
      rows.fill(0, mb + rowBits, mb + rowBits + rowWords);
      const commons = this.maskClasses.byClass[(1 ^ (pb & (n - i0) & 1)) as 0 | 1];
      let k = 0;
      while (commons[k]! < VA && mark[commons[k]!] === st) k++;
      rows[base + 1] = k;
      rows[base] = commons[k]! < VA ? commons[k]! : VA;
    }
  }

  /**
   * Pass 2: for each heap, want the rare values below c1 that no frozen option marked and scan
   * the frozen pairs (a, s - a), s - a < F, from the smallest a, until all are seen or the pairs
   * run out. c_hi = c1: when a pair touching [F, n) marks c1 (a quarter of Grundy's heaps near
   * 10^6 on 2 workers), the finish scans every pair for the rest, alone. Looking for the rare
   * values up to c2 (the next unmarked common value) as well spared those rescans but made the
   * gathers scan 20% longer and the whole gang 1.3x the sequential kernel's work against
   * 1.1x: a gang of 2 ran 7-20% slower that way (bench/NOTES.md).
   */
  private gatherScans(
    g: Values,
    F: number,
    lo: number,
    hi: number,
    rows: Int32Array,
    rowWords: number,
    rowFrom: number,
  ): void {
    const stride = sparseRowStride(rowWords);
    const rowBits = rowWords * 32;
    const want = this.want;
    const wanted = this.wanted;
    const state = this.state;
    const pb = this.maskClasses.mask.parity;
    const i0 = this.shape.two[0]!;
    const single = this.shape.two.length === 1;
    for (let n = lo; n < hi; n++) {
      const base = (n - rowFrom) * stride;
      const mb = base + ROW_HEADER;
      const gst = rows[base + 3]!;
      const rares = this.maskClasses.byClass[(pb & (n - i0) & 1) as 0 | 1];
      const c1 = rows[base]!;
      let need = 0;
      let j1 = 0;
      for (; rares[j1]! < c1; j1++) {
        const x = rares[j1]!;
        if (rows[mb + x] !== gst) {
          want[x] = 1;
          wanted[need++] = x;
        }
      }
      // Where the finish may start its rare-value check: past every rare value below c1, all of
      // them marked or witnessed here unless the scan runs out of pairs first (then 0).
      rows[base + 2] = j1;
      if (need === 0) continue;
      state[0] = need;
      const aFrom = Math.max(1, n - i0 - F + 1);
      // Until every wanted value is seen or the frozen pairs run out.
      if (single) {
        // The one-sum scan is written out here rather than called through scanPairs: from this
        // large function V8 leaves nextWantedPair a call of its own, and that measured about
        // 30% faster than the same search inlined into a small helper.
        const sum = n - i0;
        const amax = this.amaxOf(n);
        const wb = mb + rowBits;
        let left = need;
        for (
          let a = nextWantedPair(g, sum, aFrom, amax, want);
          a <= amax;
          a = nextWantedPair(g, sum, a + 1, amax, want)
        ) {
          const x = g[a]! ^ g[sum - a]!;
          want[x] = 0;
          rows[wb + (x >>> 5)]! |= 1 << (x & 31);
          if (--left === 0) break;
        }
        state[0] = left;
      } else this.scan(g, n, aFrom, rows, mb + rowBits);
      if (state[0]! > 0) rows[base + 2] = 0;
      for (let j = 0; j < need; j++) want[wanted[j]!] = 0;
    }
  }

  /**
   * Compute g[lo, hi) in order from rows gathered with frozen bound F (<= lo), row n at word
   * (n - rowFrom) * stride. g[0, lo) is final; `rare` holds the rare heaps of [1, lo) and
   * receives those found in [lo, hi); maxBefore = max g[0, lo). Stops early when a value does
   * not fit the width of g.
   */
  finish(
    g: Values,
    F: number,
    lo: number,
    hi: number,
    maxBefore: number,
    rare: RareList,
    rows: Int32Array,
    rowWords: number,
    rowFrom = lo,
  ): RangeOutcome {
    const cap = Math.min(capacityFor(g), VALUE_LIMIT - 1);
    const { whole, one, two, distinct } = this.shape;
    const stride = sparseRowStride(rowWords);
    const rowBits = rowWords * 32;
    const mark = this.mark;
    const want = this.want;
    const wanted = this.wanted;
    const cls = this.maskClasses.cls;
    const pb = this.maskClasses.mask.parity;
    const i0 = two[0]!;
    let maxSoFar = maxBefore;
    let V = valueCeiling(maxSoFar);
    let maxValue = 0;
    const marked = (x: number, mb: number, st: number, gst: number): boolean =>
      mark[x] === st || (x < rowBits && rows[mb + x] === gst);
    for (let n = lo; n < hi; n++) {
      const st = (this.stamp = nextStamp(mark, this.stamp));
      const base = (n - rowFrom) * stride;
      const mb = base + ROW_HEADER;
      const wb = mb + rowBits;
      const cHi = rows[base]!;
      const gst = rows[base + 3]!;
      // Non-split options are few: mark them all again rather than sort frozen from not.
      for (let k = 0; k < whole.length; k++) if (whole[k] === n) mark[0] = st;
      for (let k = 0; k < one.length; k++) {
        const r = one[k]!;
        if (n > r) mark[g[n - r]!] = st;
      }
      for (let k = 0; k < two.length; k++) {
        const s = n - two[k]!;
        if (s < 2) continue;
        const { pos, val, count } = rare;
        const end = lowerBound(pos, count, s);
        const from = lowerBound(pos, end, Math.max(1, s - F + 1));
        const to = lowerBound(pos, end, Math.min(F, s));
        const skip = distinctSkip(distinct, s, pos, 0, end);
        // Rare pairs with a part in [F, n): r <= s - F, or r >= F.
        if (from >= to) markSpan(g, s, pos, val, 0, end, skip, mark, st);
        else {
          markSpan(g, s, pos, val, 0, from, skip, mark, st);
          markSpan(g, s, pos, val, to, end, skip, mark, st);
        }
      }
      const common = 1 ^ (pb & (n - i0) & 1);
      const commons = this.maskClasses.byClass[common as 0 | 1];
      const rares = this.maskClasses.byClass[(common ^ 1) as 0 | 1];
      // Every common value below the gather's c1 is marked by frozen options.
      let k = rows[base + 1]!;
      while (commons[k]! < V && marked(commons[k]!, mb, st, gst)) k++;
      const c = commons[k]! < V ? commons[k]! : V;
      let need = 0;
      let rescan = false;
      for (let j = rows[base + 2]!; rares[j]! < c; j++) {
        const x = rares[j]!;
        if (marked(x, mb, st, gst)) continue;
        if (x < cHi) {
          if (hasBit(rows, wb, x)) continue;
        } else rescan = true;
        want[x] = 1;
        wanted[need++] = x;
      }
      let v = c;
      if (need > 0) {
        const total = need;
        const aFrom = Math.max(1, n - i0 - F + 1);
        this.state[0] = need;
        if (rescan) {
          this.rescans++;
          this.scan(g, n, 1, this.sink, 0);
        } else {
          // The gather scanned every frozen pair: only the pairs with s - a >= F are left.
          this.continued++;
          this.scan(g, n, 1, this.sink, 0, aFrom - 1);
        }
        need = this.state[0]!;
        v = leastUnseen(wanted, total, want, need, c);
      }
      if (v > cap) return { next: n, maxValue, overflowValue: v };
      g[n] = v;
      if (v > maxValue) maxValue = v;
      if (v > maxSoFar) {
        maxSoFar = v;
        V = valueCeiling(maxSoFar);
      }
      if (n >= 1 && (cls[v]! ^ (pb & n & 1)) === 0) rare.push(n, v);
    }
    return { next: hi, maxValue };
  }

  /** The largest first part a of a split of n (a <= the other part). */
  private amaxOf(n: number): number {
    const s = n - this.shape.two[0]!;
    return this.shape.two.length === 1 && this.shape.distinct ? (s - 1) >> 1 : s >> 1;
  }

  /**
   * Step 2 over the pairs with first part a in [aFrom, min(aTo, amax)] for every split sum.
   * state[0] counts the wanted values not yet seen; the scan stops when it reaches 0 and
   * returns the first a it did not finish (amax + 1 when exhausted).
   * Each value seen is cleared from `want` and set in the witnessed bitset at rows[wb].
   */
  private scan(g: Values, n: number, aFrom: number, rows: Int32Array, wb: number, aTo = 0x7fffffff): number {
    const two = this.shape.two;
    const amax = Math.min(aTo, this.amaxOf(n));
    if (two.length === 1) return scanPairs(g, n - two[0]!, aFrom, amax, this.want, this.state, rows, wb);
    const want = this.want;
    const state = this.state;
    for (let a = aFrom; a <= amax; a++) {
      const ga = g[a]!;
      for (let k = 0; k < two.length; k++) {
        const b = n - two[k]! - a;
        if (b < a) break;
        const x = ga ^ g[b]!;
        if (want[x] === 1) {
          want[x] = 0;
          rows[wb + (x >>> 5)]! |= 1 << (x & 31);
          // Finish the other sums of this a first: the caller resumes at a + 1.
          state[0]!--;
        }
      }
      if (state[0] === 0) return a + 1;
    }
    return amax + 1;
  }
}

function hasBit(rows: Int32Array, at: number, x: number): boolean {
  return ((rows[at + (x >>> 5)]! >>> (x & 31)) & 1) !== 0;
}

/** Grundy's game forbids the split s/2 + s/2: the index of s/2 in pos[from, to) when rare, else -1. */
function distinctSkip(distinct: boolean, s: number, pos: Uint32Array, from: number, to: number): number {
  if (!distinct || (s & 1) === 1) return -1;
  const half = s >> 1;
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pos[mid]! < half) lo = mid + 1;
    else hi = mid;
  }
  return lo < to && pos[lo] === half ? lo : -1;
}

function markSpan(
  g: Values,
  s: number,
  pos: Uint32Array,
  val: Int32Array,
  from: number,
  to: number,
  skip: number,
  mark: Int32Array,
  st: number,
): void {
  // One markRange call site (the skipped heap splits the span in two): V8 inlines it once.
  const split = skip >= from && skip < to;
  for (let part = split ? 0 : 1; part < 2; part++) {
    const lo = part === 0 ? from : split ? skip + 1 : from;
    const hi = part === 0 ? skip : to;
    markRange(g, s, pos, val, lo, hi, mark, st);
  }
}
