import type { RangeOutcome } from './kernel.js';
import { capacityFor } from './kernel.js';
import { lowerBound, markRange, nextWantedPair, type RareList, type SparseShape } from './sparse.js';
import { MaskClasses, VALUE_LIMIT, type SparseMask } from './sparse-mask.js';
import type { Values } from './values.js';

/**
 * Sparse space over the frozen-prefix seam (THEORY.md section 4; DESIGN.md "Parallel sparse
 * space"). A chunk [A, B) is computed in two phases that together give exactly what
 * SparseKernel gives heap by heap:
 *
 *  - gather (parallel, any slice on any worker): for each n, mark every option whose heaps are
 *    all < A (the frozen rare pairs r in (s - A, A) and frozen non-split options); c1 = the
 *    least common value not marked, c2 = the next one (what c becomes when an in-chunk pair
 *    marks c1). Scan the frozen pairs (a, s - a), s - a < A, from the smallest a, for the rare
 *    values below c2 not marked, recording those seen, until every one below c1 is seen.
 *    c_hi = c2 when every wanted value was seen or the scan ran out of frozen pairs, else c1.
 *  - finish (ordered, one task): add the options that touch the chunk and take the true c
 *    (>= c1). A wanted rare value below c that the gather saw needs nothing more. One it did
 *    not see: below c_hi, the gather scanned every frozen pair for it, so only the in-chunk
 *    pairs (s - a >= A) remain; at or above c_hi it was never fully looked for, so the finish
 *    scans every pair, as the sequential kernel would.
 *
 * Per-heap scratch (Int32 words, ROW_HEADER + 2 * rowWords per heap): c_hi; the index of c1 in
 * the common values (every common value below it is marked); the index in the rare values where
 * the finish's check may start (past c1 when the gather saw every wanted value below c1, else
 * 0); the bitset of gathered marks; the bitset of values the scan saw. Every gathered value is
 * an XOR of two values of g[0, A), so rowWords * 32 >= 2^bits(max g[0, A)) holds them all.
 */
export const ROW_HEADER = 3;

export function sparseRowStride(rowWords: number): number {
  return ROW_HEADER + 2 * rowWords;
}

/** The least power of two above maxValue: no XOR of values <= maxValue reaches it. */
function valueCeiling(maxValue: number): number {
  let V = 1;
  while (V <= maxValue) V <<= 1;
  return V;
}

export class SparseSplitKernel {
  readonly name = 'sparse+frozen-prefix';
  private readonly maskClasses: MaskClasses;
  private readonly mark = new Int32Array(VALUE_LIMIT + 1);
  private readonly want = new Uint8Array(VALUE_LIMIT + 1);
  private readonly wanted = new Int32Array(VALUE_LIMIT + 1);
  /** Where the finish's scans record what they witness: nobody reads it (one scan routine, one shape). */
  private readonly sink = new Int32Array(VALUE_LIMIT >>> 5);
  /** Scan counters: [wanted values not seen yet, of those the ones below the cut]. */
  private readonly state = new Int32Array(2);
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
   * Fill the rows of n in [lo, hi) (A <= lo <= hi) from g[0, A) alone. `rare` holds the rare
   * heaps of [1, A); maxBefore = max g[0, A); rows has sparseRowStride(rowWords) words per heap.
   */
  gather(g: Values, A: number, lo: number, hi: number, maxBefore: number, rare: RareList, rows: Int32Array, rowWords: number): void {
    const { whole, one, two, distinct } = this.shape;
    const stride = sparseRowStride(rowWords);
    const want = this.want;
    const wanted = this.wanted;
    const pb = this.maskClasses.mask.parity;
    const i0 = two[0]!;
    const VA = valueCeiling(maxBefore);
    if (VA > rowWords * 32) throw new Error(`sparse rows of ${rowWords} words cannot hold values below ${VA}`);
    const { pos, val, count } = rare;
    const mark = this.mark;
    for (let n = lo; n < hi; n++) {
      if (++this.stamp === 0x7fffffff) {
        mark.fill(0);
        this.stamp = 1;
      }
      const st = this.stamp;
      const base = (n - A) * stride;
      const mb = base + ROW_HEADER;
      const wb = mb + rowWords;
      // Marks go to the stamped array first (plain stores, as in SparseKernel's step 1: the
      // read-modify-write of bitset words made this loop slower), then into the row at once.
      for (let k = 0; k < whole.length; k++) if (whole[k] === n) mark[0] = st;
      for (let k = 0; k < one.length; k++) {
        const b = n - one[k]!;
        if (b > 0 && b < A) mark[g[b]!] = st;
      }
      for (let k = 0; k < two.length; k++) {
        const s = n - two[k]!;
        if (s < 2) continue;
        const from = lowerBound(pos, count, Math.max(1, s - A + 1));
        const to = lowerBound(pos, count, Math.min(A, s));
        if (from >= to) continue;
        markSpan(g, s, pos, val, from, to, distinctSkip(distinct, s, pos, from, to), mark, st);
      }
      for (let w = 0; w < rowWords; w++) {
        let word = 0;
        const x0 = w << 5;
        for (let bit = 0; bit < 32; bit++) if (mark[x0 + bit] === st) word |= 1 << bit;
        rows[mb + w] = word;
        rows[wb + w] = 0;
      }
      const common = 1 ^ (pb & (n - i0) & 1);
      const commons = this.maskClasses.byClass[common as 0 | 1];
      const rares = this.maskClasses.byClass[(common ^ 1) as 0 | 1];
      let k = 0;
      while (commons[k]! < VA && mark[commons[k]!] === st) k++;
      const c1 = commons[k]! < VA ? commons[k]! : VA;
      const k1 = k;
      // c2: what c becomes when an in-chunk pair marks c1 (the usual way c_spec falls short).
      if (c1 < VA) k++;
      while (commons[k]! < VA && mark[commons[k]!] === st) k++;
      const c2 = commons[k]! < VA ? commons[k]! : VA;
      let need = 0;
      let need1 = 0;
      for (let j = 0; rares[j]! < c2; j++) {
        const x = rares[j]!;
        if (mark[x] !== st) {
          want[x] = 1;
          wanted[need++] = x;
          if (x < c1) need1++;
        }
      }
      rows[base] = c2;
      rows[base + 1] = k1;
      // Where the finish may start its rare-value check: past every rare value below c1, all of
      // them marked or witnessed here unless the first scan stage runs out of pairs (then 0).
      let j1 = 0;
      while (rares[j1]! < c1) j1++;
      rows[base + 2] = j1;
      if (need === 0) continue;
      // The frozen pairs: a from the first whose larger part s - a is below A.
      const aFrom = Math.max(1, n - i0 - A + 1);
      const state = this.state;
      state[0] = need;
      state[1] = need1;
      // One scan for every wanted value below c2, stopping once those below c1 are all seen:
      // values in [c1, c2) met on the way cost nothing extra and spare the finish a rescan
      // when an in-chunk pair marks c1. Unless all are seen, or the scan ran out of pairs,
      // only the values below c1 are known complete (c_hi = c1).
      const stop = need1 > 0 ? this.scan(g, n, aFrom, c1, rows, wb) : aFrom;
      if (state[1]! > 0) rows[base + 2] = 0;
      if (state[0]! > 0 && stop <= this.amaxOf(n)) rows[base] = c1;
      for (let j = 0; j < need; j++) want[wanted[j]!] = 0;
    }
  }

  /**
   * Compute g[A, B) in order from the gathered rows. `rare` holds the rare heaps of [1, A) and
   * receives those found in [A, B). Stops early when a value does not fit the width of g.
   */
  finish(g: Values, A: number, B: number, maxBefore: number, rare: RareList, rows: Int32Array, rowWords: number): RangeOutcome {
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
    const marked = (x: number, mb: number, st: number): boolean =>
      mark[x] === st || (x < rowBits && ((rows[mb + (x >>> 5)]! >>> (x & 31)) & 1) !== 0);
    for (let n = A; n < B; n++) {
      if (++this.stamp === 0x7fffffff) {
        mark.fill(0);
        this.stamp = 1;
      }
      const st = this.stamp;
      const base = (n - A) * stride;
      const mb = base + ROW_HEADER;
      const wb = mb + rowWords;
      const cHi = rows[base]!;
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
        const from = lowerBound(pos, end, Math.max(1, s - A + 1));
        const to = lowerBound(pos, end, Math.min(A, s));
        const skip = distinctSkip(distinct, s, pos, 0, end);
        // Rare pairs with a part in the chunk: r <= s - A, or r >= A.
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
      while (commons[k]! < V && marked(commons[k]!, mb, st)) k++;
      const c = commons[k]! < V ? commons[k]! : V;
      let need = 0;
      let rescan = false;
      for (let j = rows[base + 2]!; rares[j]! < c; j++) {
        const x = rares[j]!;
        if (marked(x, mb, st)) continue;
        if (x < cHi) {
          if (hasBit(rows, wb, x)) continue;
        } else rescan = true;
        want[x] = 1;
        wanted[need++] = x;
      }
      let v = c;
      if (need > 0) {
        const total = need;
        const aFrom = Math.max(1, n - i0 - A + 1);
        this.state[0] = need;
        this.state[1] = -1;
        if (rescan) {
          this.rescans++;
          this.scan(g, n, 1, 0, this.sink, 0);
        } else {
          // The gather scanned every frozen pair: only the pairs with s - a >= A are left.
          this.continued++;
          this.scan(g, n, 1, 0, this.sink, 0, aFrom - 1);
        }
        need = this.state[0]!;
        for (let j = 0; j < total; j++) {
          const x = wanted[j]!;
          if (need > 0 && want[x] === 1 && v === c) v = x;
          want[x] = 0;
        }
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
    return { next: B, maxValue };
  }

  /** The largest first part a of a split of n (a <= the other part). */
  private amaxOf(n: number): number {
    const s = n - this.shape.two[0]!;
    return this.shape.two.length === 1 && this.shape.distinct ? (s - 1) >> 1 : s >> 1;
  }

  /**
   * Step 2 over the pairs with first part a in [aFrom, min(aTo, amax)] for every split sum.
   * state[0] counts the wanted values not yet seen, state[1] those below `cut`; the scan stops
   * when either reaches 0 and returns the first a it did not finish (amax + 1 when exhausted).
   * Each value seen is cleared from `want` and set in the witnessed bitset at rows[wb].
   */
  private scan(g: Values, n: number, aFrom: number, cut: number, rows: Int32Array, wb: number, aTo = 0x7fffffff): number {
    const two = this.shape.two;
    const amax = Math.min(aTo, this.amaxOf(n));
    if (two.length === 1) return scanOneRange(g, n - two[0]!, aFrom, amax, this.want, this.state, cut, rows, wb);
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
          if (x < cut) state[1]!--;
        }
      }
      if (state[0] === 0 || state[1] === 0) return a + 1;
    }
    return amax + 1;
  }
}

function hasBit(rows: Int32Array, at: number, x: number): boolean {
  return ((rows[at + (x >>> 5)]! >>> (x & 31)) & 1) !== 0;
}

/** Grundy's game forbids the split s/2 + s/2: the index of s/2 in pos[from, to) when rare, else -1. */
function distinctSkip(distinct: boolean, s: number, pos: Int32Array, from: number, to: number): number {
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

function markSpan(g: Values, s: number, pos: Int32Array, val: Int32Array, from: number, to: number, skip: number, mark: Int32Array, st: number): void {
  if (from >= to) return;
  if (skip >= from && skip < to) {
    markRange(g, s, pos, val, from, skip, mark, st);
    markRange(g, s, pos, val, skip + 1, to, mark, st);
  } else markRange(g, s, pos, val, from, to, mark, st);
}

/** scanOne of the sequential kernel over a in [aFrom, amax], with the counters of SparseSplitKernel.scan. */
function scanOneRange(g: Values, s: number, aFrom: number, amax: number, want: Uint8Array, state: Int32Array, cut: number, rows: Int32Array, wb: number): number {
  for (let a = nextWantedPair(g, s, aFrom, amax, want); a <= amax; a = nextWantedPair(g, s, a + 1, amax, want)) {
    if (seen(g[a]! ^ g[s - a]!, want, state, cut, rows, wb)) return a + 1;
  }
  return amax + 1;
}

/** Record a wanted value seen; true when the scan may stop. */
function seen(x: number, want: Uint8Array, state: Int32Array, cut: number, rows: Int32Array, wb: number): boolean {
  want[x] = 0;
  rows[wb + (x >>> 5)]! |= 1 << (x & 31);
  const left = --state[0]!;
  if (x < cut) return --state[1]! === 0 || left === 0;
  return left === 0;
}
