// Sparse space in WebAssembly (assembly/sparse.ts): the gang's gather and finish.

import {
  CLS,
  LANES,
  MARK,
  SEEN,
  VALUE_LIMIT,
  classList,
  clearBits,
  exactBytes,
  gvT,
  listAt,
  nOne,
  maxTwo,
  minTwo,
  nTwo,
  nWhole,
  nextStamp,
  one,
  outMax,
  parity,
  rareCount,
  reachOf,
  two,
  whole,
} from './layout';
import {
  LANE_BYTES,
  blockAt,
  bulk,
  bulkEnd,
  cursor,
  distinctSkip,
  firstAtLeast,
  halfWindow,
  lowerBound,
  markLess,
  markMoves,
  markSpan,
  marked,
  nextLaneStamp,
  put,
  toBst,
  toLane,
  wantEach,
  wantValues,
} from './step1';
import {
  frontEnd,
  frontPairs,
  frontMarks,
  noteScan,
  nearMarks,
} from './front';
import {
  keepsBits,
  laneMode,
  left,
  scan,
} from './scan';
import {
  closeHeap,
  runMax,
  startValues,
  valueCeil,
  clearWanted,
  wantedMex,
} from './heap';

// ---- The gang's two phases (src/kernels/sparse-frozen.ts SparseFrozenKernel, same rows) ----
//
// Row of heap n: Int32 words at rows + (n - rowFrom) * stride * 4, stride = wasmRowStride
// (src/kernels/wasm/sparse-wasm.ts) = 4 + 2 * rowWords: c_hi, the index of c1 among the common
// values, where the finish's rare check starts, where the gather's scan starts (past the front),
// the gather's marks for values below rowWords * 32 as a bitset, the seen bitset. Bits, not the
// JavaScript kernel's copied stamps:
// a row of 2 KB a heap (values below 512) had the finish reading its tile's rows back from L3.

export let rescans: i32 = 0;
export let continued: i32 = 0;

export function getRescans(): i32 {
  return rescans;
}

export function getContinued(): i32 {
  return continued;
}

@inline export function rowAt(rows: usize, n: i32, rowFrom: i32, rowWords: i32): usize {
  return rows + ((<usize>(n - rowFrom) * <usize>(4 + 2 * rowWords)) << 2);
}

/** Bit x of the bitset at b. */
@inline export function bitAt(b: usize, x: i32): bool {
  return ((load<i32>(b + (<usize>(x >>> 5) << 2)) >>> (x & 31)) & 1) != 0;
}

/** SparseSplitKernel.gather over the first rareCount rare heaps: rows of n in [lo, hi) from g[0, F). */
export function gather(F: i32, lo: i32, hi: i32, VA: i32, rows: usize, rowWords: i32, rowFrom: i32, count: i32): void {
  gatherMarks(F, lo, hi, VA, rows, rowWords, rowFrom, count);
  gatherScans(F, lo, hi, VA, rows, rowWords, rowFrom);
}

export function gatherMarks(
  F: i32, lo: i32, hi: i32, VA: i32, rows: usize, rowWords: i32, rowFrom: i32, count: i32,
): void {
  const rowBits = rowWords * 32;
  exactBytes(VA);
  const i0 = two(0);
  let B = -1;
  let bst = -1;
  // One split sum: the block's bulk range (and half window) serve its heaps as they are.
  const kept = nTwo == 1;
  let kb0 = 0;
  let kb1 = 0;
  // The block's front (front.ts): the frozen pairs [frontLo, frontTo] of every heap of the block
  // (frontTo < frontLo: none); a heap's own frozen pairs below frontLo are marked per heap.
  let frontLo = 0;
  let frontTo = -1;
  cursor = 0;
  for (let n = lo; n < hi; n++) {
    const st = nextStamp();
    const base = rowAt(rows, n, rowFrom, rowWords);
    const mb = base + 16;
    // Bulk: rare heaps r with 1 <= r < min(F, B - d) whose other part is below F for every heap.
    if (n >= B + 16) {
      B = n;
      bst = -1;
      frontTo = -1;
      if (blockAt(n, hi, VA)) {
        bst = nextLaneStamp();
        // Every part from frontLo on leaves the other below F (and below B) for each heap of the block.
        frontLo = max(B + 16 - minTwo - F, max(1, 16 - minTwo));
        frontTo = frontEnd(B, maxTwo, frontLo, reachOf(B));
        if (frontTo >= frontLo) for (let k = 0; k < nTwo; k++) frontMarks(B, two(k), frontLo, frontTo, bst);
        // With one sum, the front holds the pairs of the rare heaps up to frontTo.
        const past = kept && frontTo >= frontLo ? frontTo + 1 : 1;
        for (let k = 0; k < nTwo; k++) {
          const d = two(k);
          halfWindow(count, B, d);
          kb0 = lowerBound(count, max(past, B + 16 - d - F));
          kb1 = bulkEnd(count, kb0, min(F, B - d));
          bulk(B, d, kb0, kb1, bst);
        }
      }
    }
    const lane = LANES + <usize>((n - B) * LANE_BYTES);
    toLane = lane;
    toBst = bst;
    for (let k = 0; k < nWhole; k++) if (whole(k) == n) put(0, st);
    for (let k = 0; k < nOne; k++) {
      const b = n - one(k);
      if (b > 0 && b < F) put(gvT(b), st);
    }
    for (let k = 0; k < nTwo; k++) {
      const d = two(k);
      const s = n - d;
      if (s < 2) continue;
      const from = firstAtLeast(count, max(1, s - F + 1), !kept);
      const to = lowerBound(count, min(F, s));
      if (from >= to) continue;
      if (bst < 0) {
        markSpan(s, from, to, distinctSkip(s, from, to), st);
        continue;
      }
      if (kept) {
        markLess(s, frontTo >= frontLo ? max(from, kb0) : from, to, kb0, kb1, st);
        continue;
      }
      halfWindow(count, B, d);
      const b0 = lowerBound(count, max(1, B + 16 - d - F));
      markLess(s, from, to, b0, bulkEnd(count, b0, min(F, B - d)), st);
    }
    // Where the gather's scan starts: the heap's first frozen pair, or past the block's front.
    let from = max(1, n - i0 - F + 1);
    if (frontTo >= frontLo) {
      for (let k = 0; k < nTwo; k++) nearMarks(n - two(k), from, frontLo - 1);
      from = frontTo + 1;
    }
    store<i32>(base, from, 12);
    rowBitsFrom(mb, rowBits, st, lane, bst, VA);
    zeroWords(mb + (<usize>rowWords << 2), rowWords);
    // c1, the least common value not marked, 16 values a step: k counts the commons below it.
    const cv = i8x16.splat(<i8>(1 ^ (parity & (n - i0) & 1)));
    let k = 0;
    let c1 = VA;
    for (let x = 0; x < VA; x += 16) {
      const below = VA - x < 16 ? (1 << (VA - x)) - 1 : 0xffff;
      const cls = i8x16.bitmask(i8x16.eq(v128.load(CLS + <usize>x), cv)) & below;
      const open = cls & ~(<i32>load<u16>(mb + <usize>(x >>> 3)));
      if (open != 0) {
        const t = ctz(open);
        c1 = x + t;
        k += popcnt(cls & ((1 << t) - 1));
        break;
      }
      k += popcnt(cls);
    }
    store<i32>(base, k, 4);
    store<i32>(base, c1);
  }
}

/** Zero `words` 32-bit words from p: 16 bytes a store when they are a multiple of four (rowWordsFor's). */
@inline function zeroWords(p: usize, words: i32): void {
  if ((words & 3) == 0) for (let o = 0; o < words; o += 4) v128.store(p + (<usize>o << 2), i64x2.splat(0));
  else for (let o = 0; o < words; o++) store<i32>(p + (<usize>o << 2), 0);
}

/**
 * The row's mark bits [0, rowBits) (a multiple of 32): set where MARK holds st or, in a block
 * (bst >= 0), where the lane holds bst (below LANE_BYTES: a block's heap marks only there).
 * Every mark is below VA (a power of two: a XOR of two values below it), so the bits from VA on
 * are zeros, written as such: rows hold twice the values the gather saw, and reading MARK
 * there was half the copy.
 */
export function rowBitsFrom(mb: usize, rowBits: i32, st: i32, lane: usize, bst: i32, VA: i32): void {
  const stv = i32x4.splat(st);
  const upto = min(rowBits, max(VA, 16));
  const laneBits = bst >= 0 ? min(upto, LANE_BYTES) : 0;
  const bv = i8x16.splat(<i8>bst);
  for (let x = 0; x < laneBits; x += 16) {
    store<u16>(mb + <usize>(x >>> 3), <u16>i8x16.bitmask(i8x16.eq(v128.load(lane + <usize>x), bv)));
  }
  for (let x = laneBits; x < upto; x += 16) {
    const m = MARK + (<usize>x << 2);
    const lo = i16x8.narrow_i32x4_s(i32x4.eq(v128.load(m), stv), i32x4.eq(v128.load(m, 16), stv));
    const hi = i16x8.narrow_i32x4_s(i32x4.eq(v128.load(m, 32), stv), i32x4.eq(v128.load(m, 48), stv));
    store<u16>(mb + <usize>(x >>> 3), <u16>i8x16.bitmask(i8x16.narrow_i16x8_s(lo, hi)));
  }
  if (upto < rowBits) memory.fill(mb + <usize>(upto >>> 3), 0, <usize>((rowBits - upto) >>> 3));
}

export function gatherScans(F: i32, lo: i32, hi: i32, VA: i32, rows: usize, rowWords: i32, rowFrom: i32): void {
  const rowBits = rowWords * 32;
  const i0 = two(0);
  const mode = laneMode(VA);
  const bitsOnly = keepsBits(mode);
  for (let n = lo; n < hi; n++) {
    const base = rowAt(rows, n, rowFrom, rowWords);
    const mb = base + 16;
    // c_hi = c1: the rare values below it are looked for, none above (see sparse-frozen.ts).
    const c1 = load<i32>(base);
    const cv = i8x16.splat(<i8>(1 ^ (parity & (n - i0) & 1)));
    let need = 0;
    clearBits();
    for (let x = 0; x < c1; x += 16) {
      const closed = i8x16.bitmask(i8x16.eq(v128.load(CLS + <usize>x), cv)) | <i32>load<u16>(mb + <usize>(x >>> 3));
      let m = ~closed & 0xffff;
      if (c1 - x < 16) m &= (1 << (c1 - x)) - 1;
      need = wantEach(x, m, need, bitsOnly);
    }
    // The rare values below c1, where the finish's rare check starts.
    store<i32>(base, c1 - load<i32>(base, 4), 8);
    const aFrom = load<i32>(base, 12);
    if (need == 0) {
      noteScan(frontPairs);
      continue;
    }
    left = need;
    // Until every wanted value is seen or the frozen pairs run out (or the window's reach: the
    // finish tells those apart).
    const stop = scan(n, aFrom, reachOf(n), mb + (<usize>rowWords << 2), mode, need, true);
    noteScan(stop - aFrom + frontPairs);
    if (left > 0) store<i32>(base, 0, 8);
    if (!bitsOnly) clearWanted(c1, need);
  }
}

/**
 * SparseSplitKernel.finish: g[lo, hi) in order from rows gathered with frozen bound F, over the
 * rare heaps RP/RV[0, rareCount) of g[1, lo), appending those found. Returns the first heap not
 * computed (getOverflow() says why when it is not hi).
 */
export function finish(
  F: i32, lo: i32, hi: i32, maxBefore: i32, cap: i32, rows: usize, rowWords: i32, rowFrom: i32,
): i32 {
  if (cap > VALUE_LIMIT - 1) cap = VALUE_LIMIT - 1;
  const rowBits = rowWords * 32;
  const i0 = two(0);
  startValues(maxBefore);
  let B = -1;
  let bst = -1;
  const kept = nTwo == 1;
  let kl0 = 0;
  let kl1 = 0;
  let ku0 = 0;
  let ku1 = 0;
  cursor = 0;
  for (let n = lo; n < hi; n++) {
    const st = nextStamp();
    const base = rowAt(rows, n, rowFrom, rowWords);
    const mb = base + 16;
    const wb = mb + (<usize>rowWords << 2);
    const cHi = load<i32>(base);
    // Bulk: rare heaps r >= 16 - d with r <= B - d - F (the other part in [F, B)) or F <= r < B - d.
    // Blocks only where every sum s <= 2F - 1, so that the two parts below never overlap.
    if (n >= B + 16) {
      B = n;
      bst = -1;
      if (blockAt(n, hi, valueCeil) && n + 15 <= 2 * F - 1) {
        bst = nextLaneStamp();
        for (let k = 0; k < nTwo; k++) {
          const d = two(k);
          halfWindow(rareCount, B, d);
          kl0 = lowerBound(rareCount, max(1, 16 - d));
          kl1 = bulkEnd(rareCount, kl0, B - d - F + 1);
          bulk(B, d, kl0, kl1, bst);
          ku0 = lowerBound(rareCount, max(F, 16 - d));
          ku1 = bulkEnd(rareCount, ku0, B - d);
          bulk(B, d, ku0, ku1, bst);
        }
      }
    }
    const lane = LANES + <usize>((n - B) * LANE_BYTES);
    markMoves(n, lane, bst, st);
    for (let k = 0; k < nTwo; k++) {
      const d = two(k);
      const s = n - d;
      if (s < 2) continue;
      const end = lowerBound(rareCount, s);
      const from = firstAtLeast(end, max(1, s - F + 1), !kept);
      const to = lowerBound(end, min(F, s));
      if (bst >= 0 && kept) {
        markLess(s, 0, from, kl0, kl1, st);
        markLess(s, to, end, ku0, ku1, st);
        continue;
      }
      if (bst >= 0) {
        halfWindow(rareCount, B, d);
        const l0 = lowerBound(rareCount, max(1, 16 - d));
        markLess(s, 0, from, l0, bulkEnd(rareCount, l0, B - d - F + 1), st);
        const u0 = lowerBound(rareCount, max(F, 16 - d));
        markLess(s, to, end, u0, bulkEnd(rareCount, u0, B - d), st);
        continue;
      }
      const skip = distinctSkip(s, 0, end);
      // Rare pairs with a part in [F, n): r <= s - F, or r >= F.
      if (from >= to) markSpan(s, 0, end, skip, st);
      else {
        markSpan(s, 0, from, skip, st);
        markSpan(s, to, end, skip, st);
      }
    }
    const common = 1 ^ (parity & (n - i0) & 1);
    const commons = classList(common);
    const rares = classList(common ^ 1);
    let c: i32;
    let need = 0;
    let rescan = false;
    const mode = laneMode(valueCeil);
    const bitsOnly = bst >= 0 && keepsBits(mode);
    if (bst >= 0) {
      // A block's heap has every mark of its own in its lane: 16 values a step.
      c = rowMex(lane, bst, common, mb, rowBits, valueCeil, listAt(commons, load<i32>(base, 4)));
      const x0 = listAt(rares, load<i32>(base, 8));
      need = rowWanted(lane, bst, common ^ 1, mb, rowBits, wb, cHi, x0, c, bitsOnly);
      rescan = rowRescan;
    } else {
      let k = load<i32>(base, 4);
      while (listAt(commons, k) < valueCeil && markedIn(listAt(commons, k), mb, rowBits, st, lane, bst)) k++;
      c = listAt(commons, k) < valueCeil ? listAt(commons, k) : valueCeil;
      for (let j = load<i32>(base, 8); listAt(rares, j) < c; j++) {
        const x = listAt(rares, j);
        if (markedIn(x, mb, rowBits, st, lane, bst)) continue;
        if (x < cHi) {
          if (bitAt(wb, x)) continue;
        } else rescan = true;
        need = wantValues(x, 1, need);
      }
    }
    let v = c;
    if (need > 0) {
      left = need;
      const reach = reachOf(n);
      // First the pairs with s - a >= F, which the gather never read. Without a rescan that is all:
      // the gather scanned every frozen pair up to the reach for the values still wanted.
      const frozenFrom = max(1, n - i0 - F + 1);
      scan(n, 1, min(reach, frozenFrom - 1), SEEN, mode, need, bitsOnly);
      if (rescan) {
        // Then the frozen pairs past the gather's scan start: every value of those before it (a
        // heap's near pairs and the block's front) is in the row, so none is wanted there, about
        // a third of Officers' pairs.
        rescans++;
        if (left > 0) scan(n, max(frozenFrom, load<i32>(base, 12)), reach, SEEN, mode, need, true);
      } else continued++;
      // Pairs past the window's reach were scanned by neither phase: a miss.
      v = wantedMex(n, c, need, reach, bitsOnly);
      if (v < 0) return n;
    }
    const stop = closeHeap(n, v, cap);
    if (stop >= 0) return stop;
  }
  outMax = runMax;
  return hi;
}

/** The marks of a block heap's 16 values from x (a multiple of 16): its lane at bst, and its row's bits. */
@inline function rowMarks(lane: usize, bv: v128, mb: usize, rowBits: i32, x: i32): i32 {
  const own = i8x16.bitmask(i8x16.eq(v128.load(lane + <usize>x), bv));
  return x < rowBits ? own | <i32>load<u16>(mb + <usize>(x >>> 3)) : own;
}

/**
 * finish's c for a block heap: the least value of class `common` from x0 on (every one below it
 * is marked) marked neither in the lane nor in the row; V when none. The value-at-a-time walk
 * was 40% of the finish: after a pair touching the window marks the gather's c1, it walks every
 * common value the row marked up to the next open one.
 */
function rowMex(lane: usize, bst: i32, common: i32, mb: usize, rowBits: i32, V: i32, x0: i32): i32 {
  const cv = i8x16.splat(<i8>common);
  const bv = i8x16.splat(<i8>bst);
  let x = x0 & ~15;
  let from = ~((1 << (x0 - x)) - 1);
  for (; x < V; x += 16) {
    const open = i8x16.bitmask(i8x16.eq(v128.load(CLS + <usize>x), cv)) & ~rowMarks(lane, bv, mb, rowBits, x) & from;
    if (open != 0) return min(V, x + ctz(open));
    from = -1;
  }
  return V;
}

/** Set by rowWanted: a value it wants lies at or past cHi, which the gather never looked for. */
let rowRescan = false;

/**
 * finish's wanted values for a block heap: those of class `rare` in [x0, c) marked neither in
 * the lane nor in the row, nor (below cHi) seen by the gather's scan, into BITS (as wantEach)
 * and unless `bitsOnly` ascending into WANT and WANTED; their count. rowRescan says whether one
 * lies at or past cHi.
 */
function rowWanted(
  lane: usize, bst: i32, rare: i32, mb: usize, rowBits: i32, wb: usize, cHi: i32, x0: i32, c: i32, bitsOnly: bool,
): i32 {
  const rv = i8x16.splat(<i8>rare);
  const bv = i8x16.splat(<i8>bst);
  let need = 0;
  rowRescan = false;
  clearBits();
  let x = x0 & ~15;
  let from = ~((1 << (x0 - x)) - 1);
  for (; x < c; x += 16) {
    // cHi <= VA <= rowBits: the seen bits below cHi are in the row.
    const seen = x < cHi ? <i32>load<u16>(wb + <usize>(x >>> 3)) & (cHi - x < 16 ? (1 << (cHi - x)) - 1 : 0xffff) : 0;
    const cls = i8x16.bitmask(i8x16.eq(v128.load(CLS + <usize>x), rv));
    let m = cls & ~(rowMarks(lane, bv, mb, rowBits, x) | seen) & from;
    if (c - x < 16) m &= (1 << (c - x)) - 1;
    from = -1;
    if (m == 0) continue;
    const t = cHi - x;
    if (t < 16 && m >>> max(0, t) != 0) rowRescan = true;
    need = wantEach(x, m, need, bitsOnly);
  }
  return need;
}

@inline export function markedIn(x: i32, mb: usize, rowBits: i32, st: i32, lane: usize, bst: i32): bool {
  return marked(x, st, lane, bst) || (x < rowBits && bitAt(mb, x));
}
