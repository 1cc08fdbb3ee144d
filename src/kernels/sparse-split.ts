import type { RangeOutcome } from './kernel.js';
import { capacityFor } from './kernel.js';
import { lowerBound, markRange, type RareList, type SparseShape } from './sparse.js';
import { classTable, VALUE_LIMIT, type SparseMask } from './sparse-mask.js';
import type { Values } from './values.js';

/**
 * Sparse space over the frozen-prefix seam (THEORY.md section 4; DESIGN.md "Parallel sparse
 * space"). A chunk [A, B) is computed in two phases that together do exactly what
 * SparseKernel does heap by heap:
 *
 *  - gather (parallel, any slice on any worker): for each n, mark every option whose heaps are
 *    all < A (the frozen rare pairs r in (s - A, A) and frozen non-split options), take
 *    c_spec = the least common value not marked, and scan the frozen pairs (a, s - a) with
 *    s - a < A for the rare values below c_spec not marked yet, stopping once all are seen.
 *  - finish (ordered, one task): add the options that touch the chunk, take the true c; the
 *    wanted rare values below c that the gather already witnessed need nothing more. Any other
 *    wanted value x was either wanted by the gather too (x < c_spec: then the gather scanned
 *    every frozen pair without seeing it, because it stops early only when all are seen) and
 *    only the in-chunk pairs remain, or it was never looked for (x >= c_spec) and the finish
 *    scans every pair, as the sequential kernel would.
 *
 * Per-heap scratch (Int32 words, ROW_HEADER + 2 * rowWords per heap): c_spec, then the bitset of
 * gathered marks, then the bitset of values the gather's scan witnessed. Every gathered value
 * is an XOR of two values of g[0, A), so rowWords * 32 >= 2^bits(max g[0, A)) holds them all.
 */
export const ROW_HEADER = 1;

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
  private mask: SparseMask = { bits: 0, parity: 0 };
  private cls: Uint8Array = classTable(0);
  private byClass: [Int32Array, Int32Array] = [new Int32Array(1), new Int32Array(1)];
  private readonly mark = new Int32Array(VALUE_LIMIT + 1);
  private readonly want = new Uint8Array(VALUE_LIMIT + 1);
  private readonly wanted = new Int32Array(VALUE_LIMIT + 1);
  private stamp = 0;
  /** Heaps whose finish had to scan every pair (the gather's c_spec was too low). */
  rescans = 0;
  /** Heaps whose finish scanned the in-chunk pairs after an exhausted frozen scan. */
  continued = 0;

  constructor(readonly shape: SparseShape) {
    this.setMask({ bits: 0, parity: 0 });
  }

  get currentMask(): SparseMask {
    return this.mask;
  }

  setMask(mask: SparseMask): void {
    if (mask.parity === 1 && !this.shape.parityAllowed) throw new Error('this game cannot use the heap-parity mask bit');
    this.mask = mask;
    this.cls = classTable(mask.bits);
    const lists: [number[], number[]] = [[], []];
    for (let v = 0; v < VALUE_LIMIT; v++) lists[this.cls[v]! as 0 | 1].push(v);
    this.byClass = [Int32Array.from([...lists[0], VALUE_LIMIT]), Int32Array.from([...lists[1], VALUE_LIMIT])];
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
    const pb = this.mask.parity;
    const i0 = two[0]!;
    const VA = valueCeiling(maxBefore);
    if (VA > rowWords * 32) throw new Error(`sparse rows of ${rowWords} words cannot hold values below ${VA}`);
    const { pos, val, count } = rare;
    for (let n = lo; n < hi; n++) {
      const base = (n - A) * stride;
      const mb = base + ROW_HEADER;
      const wb = mb + rowWords;
      rows.fill(0, base, base + stride);
      for (let k = 0; k < whole.length; k++) if (whole[k] === n) rows[mb]! |= 1;
      for (let k = 0; k < one.length; k++) {
        const b = n - one[k]!;
        if (b > 0 && b < A) {
          const x = g[b]!;
          rows[mb + (x >>> 5)]! |= 1 << (x & 31);
        }
      }
      for (let k = 0; k < two.length; k++) {
        const s = n - two[k]!;
        if (s < 2) continue;
        const from = lowerBound(pos, count, Math.max(1, s - A + 1));
        const to = lowerBound(pos, count, Math.min(A, s));
        if (from >= to) continue;
        const skip = distinctSkip(distinct, s, pos, from, to);
        if (skip < 0) markBits(g, s, pos, val, from, to, rows, mb);
        else {
          markBits(g, s, pos, val, from, skip, rows, mb);
          markBits(g, s, pos, val, skip + 1, to, rows, mb);
        }
      }
      const common = 1 ^ (pb & (n - i0) & 1);
      const commons = this.byClass[common as 0 | 1];
      const rares = this.byClass[(common ^ 1) as 0 | 1];
      let k = 0;
      while (commons[k]! < VA && hasBit(rows, mb, commons[k]!)) k++;
      const cSpec = commons[k]! < VA ? commons[k]! : VA;
      rows[base] = cSpec;
      let need = 0;
      for (let j = 0; rares[j]! < cSpec; j++) {
        const x = rares[j]!;
        if (!hasBit(rows, mb, x)) {
          want[x] = 1;
          wanted[need++] = x;
        }
      }
      if (need === 0) continue;
      // The frozen pairs: a from the first whose larger part s - a is below A.
      const aFrom = Math.max(1, n - i0 - A + 1);
      this.scan(g, n, aFrom, need, rows, wb);
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
    const cls = this.cls;
    const pb = this.mask.parity;
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
      const cSpec = rows[base]!;
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
      const commons = this.byClass[common as 0 | 1];
      const rares = this.byClass[(common ^ 1) as 0 | 1];
      let k = 0;
      while (commons[k]! < V && marked(commons[k]!, mb, st)) k++;
      const c = commons[k]! < V ? commons[k]! : V;
      let need = 0;
      let rescan = false;
      for (let j = 0; rares[j]! < c; j++) {
        const x = rares[j]!;
        if (marked(x, mb, st)) continue;
        if (x < cSpec) {
          if (hasBit(rows, wb, x)) continue;
        } else rescan = true;
        want[x] = 1;
        wanted[need++] = x;
      }
      let v = c;
      if (need > 0) {
        const total = need;
        const aFrom = Math.max(1, n - i0 - A + 1);
        if (rescan) {
          this.rescans++;
          need = this.scan(g, n, 1, need, null, 0);
        } else {
          // The gather scanned every frozen pair: only the pairs with s - a >= A are left.
          this.continued++;
          need = this.scan(g, n, 1, need, null, 0, aFrom - 1);
        }
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

  /**
   * Step 2 over the pairs with first part a in [aFrom, min(aTo, amax)] for every split sum,
   * until every wanted value is seen; returns how many are still unseen. With rows, each value
   * seen is also set in the witnessed bitset at wb.
   */
  private scan(g: Values, n: number, aFrom: number, need: number, rows: Int32Array | null, wb: number, aTo = Infinity): number {
    const two = this.shape.two;
    if (two.length === 1) {
      const s = n - two[0]!;
      const amax = Math.min(aTo, this.shape.distinct ? (s - 1) >> 1 : s >> 1);
      return scanOneRange(g, s, aFrom, amax, this.want, need, rows, wb);
    }
    const amax = Math.min(aTo, (n - two[0]!) >> 1);
    const want = this.want;
    for (let a = aFrom; a <= amax; a++) {
      const ga = g[a]!;
      for (let k = 0; k < two.length; k++) {
        const b = n - two[k]! - a;
        if (b < a) break;
        const x = ga ^ g[b]!;
        if (want[x] === 1) {
          want[x] = 0;
          if (rows) rows[wb + (x >>> 5)]! |= 1 << (x & 31);
          if (--need === 0) return 0;
        }
      }
    }
    return need;
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

/** Set bit val[j] ^ g[s - pos[j]] of the bitset at mb for j in [from, to); loads grouped as in markRange. */
function markBits(g: Values, s: number, pos: Int32Array, val: Int32Array, from: number, to: number, rows: Int32Array, mb: number): void {
  let j = from;
  for (; j + 4 <= to; j += 4) {
    const x0 = val[j]! ^ g[s - pos[j]!]!;
    const x1 = val[j + 1]! ^ g[s - pos[j + 1]!]!;
    const x2 = val[j + 2]! ^ g[s - pos[j + 2]!]!;
    const x3 = val[j + 3]! ^ g[s - pos[j + 3]!]!;
    rows[mb + (x0 >>> 5)]! |= 1 << (x0 & 31);
    rows[mb + (x1 >>> 5)]! |= 1 << (x1 & 31);
    rows[mb + (x2 >>> 5)]! |= 1 << (x2 & 31);
    rows[mb + (x3 >>> 5)]! |= 1 << (x3 & 31);
  }
  for (; j < to; j++) {
    const x = val[j]! ^ g[s - pos[j]!]!;
    rows[mb + (x >>> 5)]! |= 1 << (x & 31);
  }
}

/** scanOne of the sequential kernel over a in [aFrom, amax], optionally recording what it sees. */
function scanOneRange(g: Values, s: number, aFrom: number, amax: number, want: Uint8Array, need: number, rows: Int32Array | null, wb: number): number {
  let a = aFrom;
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
    for (let t = a; t < a + 8; t++) {
      const x = g[t]! ^ g[s - t]!;
      if (want[x] === 1) {
        want[x] = 0;
        if (rows) rows[wb + (x >>> 5)]! |= 1 << (x & 31);
        if (--need === 0) return 0;
      }
    }
  }
  for (; a <= amax; a++) {
    const x = g[a]! ^ g[s - a]!;
    if (want[x] === 1) {
      want[x] = 0;
      if (rows) rows[wb + (x >>> 5)]! |= 1 << (x & 31);
      if (--need === 0) return 0;
    }
  }
  return need;
}
