// Sparse space in WebAssembly (assembly/sparse.ts), step 1: the values of the splits with a rare
// part, marked a block of 16 heaps at a time and per heap.

import {
  BITS,
  CLS,
  ESCV,
  EXACT8,
  LANES,
  RQ,
  RV,
  T,
  T8,
  WANT,
  WANTED,
  clearBits,
  distinct,
  gvT,
  markAt,
  maxTwo,
  minTwo,
  nOne,
  nTwo,
  nWhole,
  one,
  rpos,
  rq,
  rval,
  setMark,
  unescapeIn,
  whole,
} from './layout';

/**
 * Step 1 a block at a time: for 16 heaps B + t in a row, the rare pairs whose values are all
 * known at B are marked by one pair of 8-lane loads a rare heap (the 16 values g[B + t - d - r])
 * and 16 byte stores, one into each heap's own mark array (lane t: LANES + t * LANE_BYTES, the
 * block's stamp at index x). The per-heap loop then marks only the rest: small r, the rare heaps
 * at or past B - d, and those near half a sum when parts must differ.
 */
export const LANE_BYTES: i32 = 1024;
/**
 * Sum lanes (run only, two split sums d1 < d2 <= d1 + 16, parts may be equal): heap B + t's
 * split sums are B + t - d, and neighbouring heaps share them (0.354's sum n - 3 is heap
 * n - 1's n - 1 - 2). The bulk then goes once into the lane of each of the block's 16 + d2 - d1
 * sums, s = B - d2 + k in lane 16 + k (SUM_LANES of them after the heaps' 16), and a heap reads
 * its own lane and its two sums' lanes: about half the byte stores of a lane per heap and sum.
 */
export const SUM_LANES: i32 = 32;
export const LANE_COUNT: i32 = 16 + SUM_LANES;
/** Blocks need every value below LANE_BYTES / 2 at their start (values at most double inside). */
export const BLOCK_V: i32 = LANE_BYTES / 2;
export let laneStamp: i32 = 0;

export function nextLaneStamp(): i32 {
  if (++laneStamp == 256) {
    memory.fill(LANES, 0, <usize>(LANE_COUNT * LANE_BYTES));
    laneStamp = 1;
  }
  return laneStamp;
}

/**
 * Byte bst at each of 16 addresses, the lane marks' x + L in 32-bit lanes (lane t plus t *
 * LANE_BYTES): each 64-bit half of a vector is moved out once and split into its two addresses,
 * where a 16-bit lane took a move, a widening and an add (step 1 is about one store a pair).
 */
@inline export function laneStores(y0: v128, y1: v128, y2: v128, y3: v128, bst: i32): void {
  const r0 = i64x2.extract_lane(y0, 0);
  store<u8>(<usize>(<u32>r0), bst, 0 * LANE_BYTES);
  store<u8>(<usize>(<u32>(r0 >>> 32)), bst, 1 * LANE_BYTES);
  const r2 = i64x2.extract_lane(y0, 1);
  store<u8>(<usize>(<u32>r2), bst, 2 * LANE_BYTES);
  store<u8>(<usize>(<u32>(r2 >>> 32)), bst, 3 * LANE_BYTES);
  const r4 = i64x2.extract_lane(y1, 0);
  store<u8>(<usize>(<u32>r4), bst, 4 * LANE_BYTES);
  store<u8>(<usize>(<u32>(r4 >>> 32)), bst, 5 * LANE_BYTES);
  const r6 = i64x2.extract_lane(y1, 1);
  store<u8>(<usize>(<u32>r6), bst, 6 * LANE_BYTES);
  store<u8>(<usize>(<u32>(r6 >>> 32)), bst, 7 * LANE_BYTES);
  const r8 = i64x2.extract_lane(y2, 0);
  store<u8>(<usize>(<u32>r8), bst, 8 * LANE_BYTES);
  store<u8>(<usize>(<u32>(r8 >>> 32)), bst, 9 * LANE_BYTES);
  const r10 = i64x2.extract_lane(y2, 1);
  store<u8>(<usize>(<u32>r10), bst, 10 * LANE_BYTES);
  store<u8>(<usize>(<u32>(r10 >>> 32)), bst, 11 * LANE_BYTES);
  const r12 = i64x2.extract_lane(y3, 0);
  store<u8>(<usize>(<u32>r12), bst, 12 * LANE_BYTES);
  store<u8>(<usize>(<u32>(r12 >>> 32)), bst, 13 * LANE_BYTES);
  const r14 = i64x2.extract_lane(y3, 1);
  store<u8>(<usize>(<u32>r14), bst, 14 * LANE_BYTES);
  store<u8>(<usize>(<u32>(r14 >>> 32)), bst, 15 * LANE_BYTES);
}

/**
 * Lane t's byte x = bst for x = val[j] ^ g[B + t - d - pos[j]], t < 16, j in [from, to); lane 0 at L.
 * The tables' addresses are taken into locals first: V8 loads a global again at every use in a
 * loop that stores, seven loads of some 95 instructions a rare heap here.
 */
export function blockMarks(B: i32, d: i32, from: i32, to: i32, bst: i32, L: usize): void {
  if (from >= to) return;
  const at = i32x4.splat(<i32>L);
  const t8 = T8;
  const rq = RQ + (<usize>from << 2);
  const rv = RV + (<usize>from << 2);
  const count = <usize>(to - from) << 2;
  const h0 = B - d;
  if (EXACT8)
    for (let o: usize = 0; o < count; o += 4) rowBytes(h0 - load<i32>(rq + o), load<i32>(rv + o), bst, at, t8);
  else {
    const t16 = T;
    const esc = ESCV;
    for (let o: usize = 0; o < count; o += 4) {
      rowWords(h0 - load<i32>(rq + o), load<i32>(rv + o), bst, at, t8, t16, esc);
    }
  }
}

/**
 * Lane t's byte (v ^ g[h + t]) + at = bst, t < 16, while the bytes are the values (EXACT8): one
 * load and one XOR in byte lanes. t8: the tail's bytes (T8).
 */
@inline export function rowBytes(h: i32, v: i32, bst: i32, at: v128, t8: usize): void {
  const x = v128.xor(v128.load(t8 + <usize>h), i8x16.splat(<i8>v));
  wordStores(i16x8.extend_low_i8x16_u(x), i16x8.extend_high_i8x16_u(x), bst, at);
}

/** rowBytes with escaped values, in 16-bit lanes: t16, the tail's escaped values (T); esc, ESCV. */
@inline export function rowWords(h: i32, v: i32, bst: i32, at: v128, t8: usize, t16: usize, esc: v128): void {
  const rv = i16x8.splat(<i16>v);
  const b = v128.load(t8 + <usize>h);
  // Unescaped without a branch: where values pass ESC, most loads hold an escape (Officers:
  // three in four), and a branch on it was mispredicted about as often as not.
  const x0 = v128.xor(unescapeIn(i16x8.extend_low_i8x16_u(b), t16, h, esc), rv);
  const x1 = v128.xor(unescapeIn(i16x8.extend_high_i8x16_u(b), t16, h + 8, esc), rv);
  wordStores(x0, x1, bst, at);
}

/** Lane t's byte x + at = bst for the 16 values x of x0 (t < 8) and x1 (t from 8), 16-bit lanes. */
@inline function wordStores(x0: v128, x1: v128, bst: i32, at: v128): void {
  laneStores(
    i32x4.add(i32x4.extend_low_i16x8_u(x0), at),
    i32x4.add(i32x4.extend_high_i16x8_u(x0), at),
    i32x4.add(i32x4.extend_low_i16x8_u(x1), at),
    i32x4.add(i32x4.extend_high_i16x8_u(x1), at),
    bst,
  );
}

/**
 * A bulk range [b0, b1) of rare-heap indices serves every heap of the block. When parts must
 * differ, the rare heaps that are half a sum of the block, indices [w0, w1), are left out of
 * every bulk range and marked per heap (halfWindow sets them; 2^31 - 1 when parts may be equal).
 */
export let w0: i32 = 0;
export let w1: i32 = 0;

export function halfWindow(count: i32, B: i32, d: i32): void {
  if (distinct == 0) {
    w0 = 0x7fffffff;
    w1 = 0x7fffffff;
    return;
  }
  w0 = lowerBound(count, (B - d) >> 1);
  w1 = lowerBound(count, ((B + 15 - d) >> 1) + 1);
}

/** The first index of the rare heaps [0, count) at or past r, and its bulk range's end for r < rEnd. */
@inline export function bulkEnd(count: i32, b0: i32, rEnd: i32): i32 {
  return max(b0, lowerBound(count, rEnd));
}

/** Block marks for the bulk [b0, b1) less the half window. */
export function bulk(B: i32, d: i32, b0: i32, b1: i32, bst: i32): void {
  blockMarks(B, d, b0, min(b1, w0), bst, LANES);
  blockMarks(B, d, max(b0, w1), b1, bst, LANES);
}

/** Whether run marks its blocks' bulk in sum lanes (see SUM_LANES). */
@inline export function sumLanes(): bool {
  return nTwo == 2 && distinct == 0 && maxTwo - minTwo <= SUM_LANES - 16;
}

/** Sum lane k's byte val[j] ^ g[B - maxTwo + k - pos[j]] = bst, k < 16 + maxTwo - minTwo, j in [from, to). */
export function sumMarks(B: i32, from: i32, to: i32, bst: i32): void {
  const S = LANES + <usize>(16 * LANE_BYTES);
  blockMarks(B, maxTwo, from, to, bst, S);
  const K = 16 + maxTwo - minTwo;
  for (let j = from; j < to; j++) {
    const h = B - maxTwo - rq(j);
    const rv = rval(j);
    for (let k = 16; k < K; k++) store<u8>(S + <usize>(k * LANE_BYTES + (rv ^ gvT(h + k))), <u8>bst);
  }
}

/** Heap marks for [from, to) less the bulk [b0, b1) (the block marked it), skipping s/2 when parts differ. */
export function markLess(s: i32, from: i32, to: i32, b0: i32, b1: i32, st: i32): void {
  // All in the bulk, and no half window to mark (most heaps past the last rare heap).
  if (from >= to || (from >= b0 && to <= b1 && w0 >= w1)) return;
  const skip = distinctSkip(s, from, to);
  if (b0 >= b1) {
    markSpan(s, from, to, skip, st);
    return;
  }
  markSpan(s, from, min(to, b0), skip, st);
  markSpan(s, max(from, max(b0, w0)), min(to, min(b1, w1)), skip, st);
  markSpan(s, max(from, b1), to, skip, st);
}

/** Whether a block of 16 heaps starts at n (before `hi`, every value below BLOCK_V, every sum past 32). */
@inline export function blockAt(n: i32, hi: i32, V: i32): bool {
  return n + 16 <= hi && V <= BLOCK_V && n - maxTwo >= 32;
}

/** Heap n's marks in MARK, or (x below LANE_BYTES) in its lane at the block's stamp bst (-1: none). */
@inline export function marked(x: i32, st: i32, lane: usize, bst: i32): bool {
  return markAt(x) == st || (bst >= 0 && <i32>load<u8>(lane + <usize>x) == bst);
}

/** Whether x is marked at bst in the lane, or (s0 != 0) in the sum lanes s0 or s1: 16 values from x. */
@inline export function laneMarked(lane: usize, s0: usize, s1: usize, x: i32, bv: v128): v128 {
  const own = i8x16.eq(v128.load(lane + <usize>x), bv);
  if (s0 == 0) return own;
  return v128.or(own, v128.or(i8x16.eq(v128.load(s0 + <usize>x), bv), i8x16.eq(v128.load(s1 + <usize>x), bv)));
}

/**
 * The least value of class `common` not marked in the lane (and the sum lanes s0 and s1 unless
 * s0 is 0, and the bitset `bits` of values below 512 unless it is 0; every value is below V):
 * V when none.
 */
export function laneMex(lane: usize, bst: i32, common: i32, V: i32, s0: usize, s1: usize, bits: usize): i32 {
  const cv = i8x16.splat(<i8>common);
  const bv = i8x16.splat(<i8>bst);
  for (let x = 0; x < V; x += 16) {
    const open = v128.andnot(i8x16.eq(v128.load(CLS + <usize>x), cv), laneMarked(lane, s0, s1, x, bv));
    let m = i8x16.bitmask(open);
    if (bits != 0) m &= ~(<i32>load<u16>(bits + <usize>(x >> 3)));
    if (m != 0) return min(V, x + ctz(m));
  }
  return V;
}

/**
 * The values below c of the other class that laneMex's lanes leave unmarked, into BITS and (unless
 * `bitsOnly`) ascending into WANT and WANTED: their count.
 */
export function laneWanted(
  lane: usize, bst: i32, common: i32, c: i32, s0: usize, s1: usize, bits: usize, bitsOnly: bool,
): i32 {
  const cv = i8x16.splat(<i8>common);
  const bv = i8x16.splat(<i8>bst);
  let need = 0;
  clearBits();
  for (let x = 0; x < c; x += 16) {
    const closed = v128.or(i8x16.eq(v128.load(CLS + <usize>x), cv), laneMarked(lane, s0, s1, x, bv));
    let m = i8x16.bitmask(v128.not(closed));
    if (bits != 0) m &= ~(<i32>load<u16>(bits + <usize>(x >> 3)));
    if (c - x < 16) m &= (1 << (c - x)) - 1;
    need = wantEach(x, m, need, bitsOnly);
  }
  return need;
}

/**
 * Each value x + t, bit t of m set, wanted: m as the bitset BITS's 16 values from x (x a multiple
 * of 16; the caller cleared BITS, and a scan then takes it as it is, not built again value by
 * value), and unless `bitsOnly` into WANT and after the first `need` of WANTED. The new count.
 * A scan that keeps the bitset (every lane mode but SCALAR) reads and clears only BITS, and the
 * least value left is its least bit (leastWanted): Officers wants about 57 values a heap, and
 * each cost two stores here and one more to clear.
 */
@inline export function wantEach(x: i32, m: i32, need: i32, bitsOnly: bool): i32 {
  if (x < 512) store<u16>(BITS + <usize>(x >> 3), <u16>m);
  return bitsOnly ? need + <i32>popcnt(m) : wantValues(x, m, need);
}

/** Each value x + t, bit t of m set, wanted: into WANT and after the first `need` of WANTED. The new count. */
@inline export function wantValues(x: i32, m: i32, need: i32): i32 {
  while (m != 0) {
    const y = x + ctz(m);
    m &= m - 1;
    store<u8>(WANT + <usize>y, 1);
    store<i32>(WANTED + (<usize>need << 2), y);
    need++;
  }
  return need;
}

/**
 * The gang passes' first rare index past the window edge, heap after heap: with one split sum
 * the edge s - F + 1 grows by one a heap and the rare list only grows, so the index walks up
 * from the last heap's (a pass sets it to 0 first); a binary search for each heap of each pass
 * was most of the passes' cost over the sequential kernel's.
 */
export let cursor: i32 = 0;

/** lowerBound(count, x), walked up from `cursor` (x and count never fall between calls) unless `search`. */
@inline export function firstAtLeast(count: i32, x: i32, search: bool): i32 {
  if (search) return lowerBound(count, x);
  while (cursor < count && rpos(cursor) < x) cursor++;
  return cursor;
}

/** The first index j in RP[0, count) with RP[j] >= x. */
export function lowerBound(count: i32, x: i32): i32 {
  if (count == 0 || rpos(count - 1) < x) return count;
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rpos(mid) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where a heap's own marks go: while a block holds the heap (toBst >= 0), into its lane as the
 * block's stamp, so that its whole set is one byte array; else into MARK.
 */
export let toLane: usize = 0;
export let toBst: i32 = -1;

@inline export function put(x: i32, st: i32): void {
  if (toBst >= 0) store<u8>(toLane + <usize>x, <u8>toBst);
  else setMark(x, st);
}

/**
 * Heap n's marks go to its lane at bst from here on (bst < 0: to MARK at st), starting with its
 * moves that leave one heap or none (run's, the pipe's closer's and the gang's finish).
 */
@inline export function markMoves(n: i32, lane: usize, bst: i32, st: i32): void {
  toLane = lane;
  toBst = bst;
  for (let k = 0; k < nWhole; k++) if (whole(k) == n) put(0, st);
  for (let k = 0; k < nOne; k++) {
    const r = one(k);
    if (n > r) put(gvT(n - r), st);
  }
}

/** g[s - r]: from the bytes alone while they are the values (exact), else with the escapes. */
@inline export function valueLess(s: i32, r: i32, exact: bool): i32 {
  return exact ? <i32>load<u8>(T8 + <usize>(s - r)) : gvT(s - r);
}

/** Mark x: in the block's lane at its stamp (inLane), else in MARK at st. */
@inline export function markOne(x: i32, st: i32, inLane: bool): void {
  if (inLane) store<u8>(toLane + <usize>x, <u8>toBst);
  else setMark(x, st);
}

/**
 * Mark val[j] ^ g[s - pos[j]] for j in [from, to), four at a time: eight loads before four
 * stores (the partner read at s - RQ[j]). Inlined with constant `exact` and `inLane`, one loop
 * for each of the four cases.
 */
@inline export function marks(s: i32, from: i32, to: i32, st: i32, exact: bool, inLane: bool): void {
  let p = RQ + (<usize>from << 2);
  let q = RV + (<usize>from << 2);
  const end = RQ + (<usize>to << 2);
  for (; p + 16 <= end; p += 16, q += 16) {
    const x0 = load<i32>(q) ^ valueLess(s, load<i32>(p), exact);
    const x1 = load<i32>(q, 4) ^ valueLess(s, load<i32>(p, 4), exact);
    const x2 = load<i32>(q, 8) ^ valueLess(s, load<i32>(p, 8), exact);
    const x3 = load<i32>(q, 12) ^ valueLess(s, load<i32>(p, 12), exact);
    markOne(x0, st, inLane);
    markOne(x1, st, inLane);
    markOne(x2, st, inLane);
    markOne(x3, st, inLane);
  }
  for (; p < end; p += 4, q += 4) markOne(load<i32>(q) ^ valueLess(s, load<i32>(p), exact), st, inLane);
}

/** The lane's byte val[j] ^ g[s - pos[j]] = toBst for j in [from, to). */
export function markLane(s: i32, from: i32, to: i32): void {
  if (EXACT8) marks(s, from, to, 0, true, true);
  else marks(s, from, to, 0, false, true);
}

/** mark[val[j] ^ g[s - pos[j]]] = st for j in [from, to) (or the lane's, see toBst). */
export function markRange(s: i32, from: i32, to: i32, st: i32): void {
  if (from >= to) return;
  if (toBst >= 0) markLane(s, from, to);
  else if (EXACT8) marks(s, from, to, st, true, false);
  else marks(s, from, to, st, false, false);
}

/** Marks [from, to) but the rare heap `skip` (Grundy's game forbids s/2 + s/2); skip < 0: none. */
export function markSpan(s: i32, from: i32, to: i32, skip: i32, st: i32): void {
  if (skip >= from && skip < to) {
    markRange(s, from, skip, st);
    markRange(s, skip + 1, to, st);
  } else markRange(s, from, to, st);
}

/** The index of s/2 among the rare heaps [from, to) when the game forbids equal parts and it is rare, else -1. */
export function distinctSkip(s: i32, from: i32, to: i32): i32 {
  if (distinct == 0 || (s & 1) == 1 || from >= to) return -1;
  const half = s >> 1;
  // Past the last rare heap of the range (every heap past Grundy's game's 82,861) or before the first.
  if (half > rpos(to - 1) || half < rpos(from)) return -1;
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rpos(mid) < half) lo = mid + 1;
    else hi = mid;
  }
  return lo < to && rpos(lo) == half ? lo : -1;
}
