// Sparse space (README: Sparse space) as WebAssembly with SIMD: the algorithm of
// src/kernels/sparse.ts (SparseKernel), heap for heap, over one memory that the JavaScript side
// (src/kernels/wasm/sparse-wasm.ts) lays out and fills. Compiled by `npm run asbuild` into
// dist/wasm/sparse.wasm. The table is narrow (src/kernels/values.ts NarrowValues): a byte a
// value, min(g, ESC), and the values from ESC on in a Uint16 table written only there. The
// kernels take values below 2^16 only, and the caller passes the width's capacity as `cap`.
//
// Why WebAssembly: both inner loops are loads and stores that V8 bounds-checks and type-checks
// one by one. Step 2's scan (about 3000 pairs a heap for Grundy's game near 10^6) runs here 16
// pairs at a time while every value is below 512: two rows of bytes, one reversed, XOR-ed, and
// looked up in a 256-bit bitset of the wanted values with byte swizzles.

// The layout: byte addresses set by setLayout (every region is the JavaScript side's to size).
let MARK: usize = 0; // Int32 stamps, VALUE_LIMIT + 1
let WANT: usize = 0; // Uint8 flags, VALUE_LIMIT + 1, all zero between heaps
let WANTED: usize = 0; // Int32, VALUE_LIMIT + 1
let CLS: usize = 0; // Uint8 class of each value under the mask
let BYC0: usize = 0; // Int32 values of class 0, ascending, then a sentinel >= VALUE_LIMIT
let BYC1: usize = 0; // the same for class 1
let SHAPE: usize = 0; // Int32 whole[], one[], two[]
let nWhole: i32 = 0;
let nOne: i32 = 0;
let nTwo: i32 = 0;
let distinct: i32 = 0;
let maxTwo: i32 = 0; // the largest split offset n - s
let minTwo: i32 = 0; // the smallest
let parity: i32 = 0;
let G8: usize = 0; // the values as bytes, min(g, ESC): the table every read starts from
let G: usize = 0; // Uint16 values, read only where G8 holds ESC (written only there: 2 bytes a heap of address space)
/** The byte that says "look in G": 255, so that a value needs 2 bytes only from 255 on (tests set less). */
let ESC: i32 = 255;
let ESCV: v128 = i16x8.splat(255);
let ESCB: v128 = i8x16.splat(-1);
// A windowed table (src/kernels/values.ts WindowedValues): heaps [0, HEADN) at G8/G, the
// head, and heaps from TAIL0 on at T8/T (bases moved back by TAIL0 - HEADN, modulo 2^32), the
// tail. The first part of a pair is read from the head, the second part, step 1's partners, the
// one-heap moves and the new values from the tail. Not windowed, TAIL0 = HEADN and T8 = G8.
let T8: usize = 0;
let T: usize = 0;
let HEADN: i32 = 0x7fffffff;
let TAIL0: i32 = 0x7fffffff;
/** Windowed: a rare heap found past this one ends the run after it (its partners leave the tail). */
let REACH: i32 = 0x7fffffff;
let RP: usize = 0; // Int32 rare heaps, ascending
let RV: usize = 0; // Int32 their values
let BITS: usize = 0; // 64 bytes: the wanted values as a bitset (values below 512)
let SEEN: usize = 0; // a scratch bitset the gang's finish scans write and nobody reads
let LANES: usize = 0; // LANE_COUNT x LANE_BYTES: step 1's marks of a block of 16 heaps, a byte a value, then SUM_LANES

let rareCount: i32 = 0;
let stamp: i32 = 0;
let outMax: i32 = 0;
let outOverflow: i32 = -1;
/** The heap a windowed run stopped at because its scan needs pairs outside the window, else -1. */
let outMiss: i32 = -1;

const VALUE_LIMIT: i32 = 1 << 16;

export function setLayout(
  mark: usize, want: usize, wanted: usize, cls: usize, byc0: usize, byc1: usize, bits: usize, seen: usize,
): void {
  MARK = mark;
  WANT = want;
  WANTED = wanted;
  CLS = cls;
  BYC0 = byc0;
  BYC1 = byc1;
  BITS = bits;
  SEEN = seen;
}

export function setShape(shape: usize, whole: i32, one: i32, two: i32, isDistinct: i32): void {
  SHAPE = shape;
  nWhole = whole;
  nOne = one;
  nTwo = two;
  distinct = isDistinct;
  maxTwo = 0;
  minTwo = 0x7fffffff;
  for (let k = 0; k < nTwo; k++) {
    const d = load<i32>(SHAPE + (<usize>(nWhole + nOne + k) << 2));
    maxTwo = max(maxTwo, d);
    minTwo = min(minTwo, d);
  }
}

/** The escape byte: values of at least `e` are kept in G, G8 holding `e` (at most 255). */
export function setEscape(e: i32): void {
  ESC = e;
  ESCV = i16x8.splat(<i16>e);
  ESCB = i8x16.splat(<i8>e);
}

export function setTables(g: usize, g8: usize, rp: usize, rv: usize): void {
  G = g;
  G8 = g8;
  T = g;
  T8 = g8;
  HEADN = 0x7fffffff;
  TAIL0 = 0x7fffffff;
  REACH = 0x7fffffff;
  RP = rp;
  RV = rv;
}

/**
 * After setTables: the table's first `head` slots hold heaps [0, head), the rest heaps from
 * `tailFrom` on (tailFrom = head: one table). A rare heap found past `reach` ends a run.
 */
export function setWindow(head: i32, tailFrom: i32, reach: i32): void {
  HEADN = head;
  TAIL0 = tailFrom;
  REACH = reach;
  T8 = G8 + <usize>head - <usize>tailFrom;
  T = G + ((<usize>head - <usize>tailFrom) << 1);
}

export function getMiss(): i32 {
  return outMiss;
}

/** The last first part a windowed table holds pairs for at heap n (every pair when not windowed). */
@inline function reachOf(n: i32): i32 {
  return TAIL0 > HEADN ? min(HEADN - 64, n - maxTwo - TAIL0 - 64) : 0x7fffffff;
}

export function setLanes(lanes: usize): void {
  LANES = lanes;
}

/**
 * Empty the stamped scratch (MARK, WANT, the lanes) and restart the stamps: an instance taking
 * over scratch that another instance wrote (another thread's, in a shared memory) cannot trust
 * its stamps there.
 */
export function resetScratch(): void {
  memory.fill(MARK, 0, <usize>(VALUE_LIMIT + 1) << 2);
  memory.fill(WANT, 0, <usize>(VALUE_LIMIT + 1));
  memory.fill(LANES, 0, <usize>(LANE_COUNT * LANE_BYTES));
  stamp = 0;
  laneStamp = 0;
}

export function setMaskParity(p: i32): void {
  parity = p;
}

export function setRareCount(count: i32): void {
  rareCount = count;
}

export function getRareCount(): i32 {
  return rareCount;
}

export function getMax(): i32 {
  return outMax;
}

export function getOverflow(): i32 {
  return outOverflow;
}

@inline function whole(k: i32): i32 {
  return load<i32>(SHAPE + (<usize>k << 2));
}
@inline function one(k: i32): i32 {
  return load<i32>(SHAPE + (<usize>(nWhole + k) << 2));
}
@inline function two(k: i32): i32 {
  return load<i32>(SHAPE + (<usize>(nWhole + nOne + k) << 2));
}
@inline function gv(h: i32): i32 {
  const b = <i32>load<u8>(G8 + <usize>h);
  return b != ESC ? b : <i32>load<u16>(G + (<usize>h << 1));
}

/** g(h) from the tail (h >= TAIL0 when windowed). */
@inline function gvT(h: i32): i32 {
  const b = <i32>load<u8>(T8 + <usize>h);
  return b != ESC ? b : <i32>load<u16>(T + (<usize>h << 1));
}

/** g[h, h + 8) in 16-bit lanes: eight bytes widened, the lanes that hold ESC taken from G. */
@inline function words8(h: i32): v128 {
  const x = v128.load8x8_u(G8 + <usize>h);
  return v128.any_true(i16x8.eq(x, ESCV)) ? unescape(x, h) : x;
}

/** words8 from the tail. */
@inline function words8T(h: i32): v128 {
  const x = v128.load8x8_u(T8 + <usize>h);
  return v128.any_true(i16x8.eq(x, ESCV)) ? unescapeT(x, h) : x;
}

/**
 * Whether the bytes are the values themselves (every value so far at most ESC, below V): the
 * step-1 marks then read bytes alone, and XOR them in byte lanes. Set with V (exactBytes).
 */
let EXACT8: bool = false;

@inline function exactBytes(V: i32): void {
  EXACT8 = V - 1 <= ESC;
}

/** x, 16-bit lanes of g[h, h + 8) widened from bytes, with the escaped lanes read from G. */
@inline function unescape(x: v128, h: i32): v128 {
  return v128.bitselect(v128.load(G + (<usize>h << 1)), x, i16x8.eq(x, ESCV));
}

/** unescape from the tail. */
@inline function unescapeT(x: v128, h: i32): v128 {
  return v128.bitselect(v128.load(T + (<usize>h << 1)), x, i16x8.eq(x, ESCV));
}

/** Store g[n] = v: the byte, and the value in G when the byte cannot hold it. */
@inline function putValue(n: i32, v: i32): void {
  store<u8>(T8 + <usize>n, <u8>(v < ESC ? v : ESC));
  if (v >= ESC) store<u16>(T + (<usize>n << 1), <u16>v);
}
@inline function rpos(j: i32): i32 {
  return load<i32>(RP + (<usize>j << 2));
}
@inline function rval(j: i32): i32 {
  return load<i32>(RV + (<usize>j << 2));
}
@inline function markAt(x: i32): i32 {
  return load<i32>(MARK + (<usize>x << 2));
}
@inline function setMark(x: i32, st: i32): void {
  store<i32>(MARK + (<usize>x << 2), st);
}
@inline function wantAt(x: i32): i32 {
  return <i32>load<u8>(WANT + <usize>x);
}
@inline function classList(c: i32): usize {
  return c != 0 ? BYC1 : BYC0;
}
@inline function listAt(list: usize, k: i32): i32 {
  return load<i32>(list + (<usize>k << 2));
}

/** A new, empty stamped set (src/kernels/mex.ts nextStamp). */
function nextStamp(): i32 {
  if (++stamp == 0x7fffffff) {
    memory.fill(MARK, 0, <usize>(VALUE_LIMIT + 1) << 2);
    stamp = 1;
  }
  return stamp;
}

/**
 * Step 1 a block at a time: for 16 heaps B + t in a row, the rare pairs whose values are all
 * known at B are marked by one pair of 8-lane loads a rare heap (the 16 values g[B + t - d - r])
 * and 16 byte stores, one into each heap's own mark array (lane t: LANES + t * LANE_BYTES, the
 * block's stamp at index x). The per-heap loop then marks only the rest: small r, the rare heaps
 * at or past B - d, and those near half a sum when parts must differ.
 */
const LANE_BYTES: i32 = 1024;
/**
 * Sum lanes (run only, two split sums d1 < d2 <= d1 + 16, parts may be equal): heap B + t's
 * split sums are B + t - d, and neighbouring heaps share them (0.354's sum n - 3 is heap
 * n - 1's n - 1 - 2). The bulk then goes once into the lane of each of the block's 16 + d2 - d1
 * sums, s = B - d2 + k in lane 16 + k (SUM_LANES of them after the heaps' 16), and a heap reads
 * its own lane and its two sums' lanes: about half the byte stores of a lane per heap and sum.
 */
const SUM_LANES: i32 = 32;
const LANE_COUNT: i32 = 16 + SUM_LANES;
/** Blocks need every value below LANE_BYTES / 2 at their start (values at most double inside). */
const BLOCK_V: i32 = LANE_BYTES / 2;
let laneStamp: i32 = 0;

function nextLaneStamp(): i32 {
  if (++laneStamp == 256) {
    memory.fill(LANES, 0, <usize>(LANE_COUNT * LANE_BYTES));
    laneStamp = 1;
  }
  return laneStamp;
}

/** Lane t's byte x = bst for x = val[j] ^ g[B + t - d - pos[j]], t < 16, j in [from, to); lane 0 at L. */
function blockMarks(B: i32, d: i32, from: i32, to: i32, bst: i32, L: usize): void {
  if (from >= to) return;
  if (EXACT8) {
    blockBytes(B, d, from, to, bst, L);
    return;
  }
  for (let j = from; j < to; j++) {
    const h = B - d - rpos(j);
    const rv = i16x8.splat(<i16>rval(j));
    const b = v128.load(T8 + <usize>h);
    // Unescaped without a branch: where values pass ESC, most loads hold an escape (Officers:
    // three in four), and a branch on it was mispredicted about as often as not.
    const w0 = unescapeT(i16x8.extend_low_i8x16_u(b), h);
    const w1 = unescapeT(i16x8.extend_high_i8x16_u(b), h + 8);
    const x0 = v128.xor(w0, rv);
    const x1 = v128.xor(w1, rv);
    store<u8>(L + <usize>i16x8.extract_lane_u(x0, 0), bst, 0 * LANE_BYTES);
    store<u8>(L + <usize>i16x8.extract_lane_u(x0, 1), bst, 1 * LANE_BYTES);
    store<u8>(L + <usize>i16x8.extract_lane_u(x0, 2), bst, 2 * LANE_BYTES);
    store<u8>(L + <usize>i16x8.extract_lane_u(x0, 3), bst, 3 * LANE_BYTES);
    store<u8>(L + <usize>i16x8.extract_lane_u(x0, 4), bst, 4 * LANE_BYTES);
    store<u8>(L + <usize>i16x8.extract_lane_u(x0, 5), bst, 5 * LANE_BYTES);
    store<u8>(L + <usize>i16x8.extract_lane_u(x0, 6), bst, 6 * LANE_BYTES);
    store<u8>(L + <usize>i16x8.extract_lane_u(x0, 7), bst, 7 * LANE_BYTES);
    store<u8>(L + <usize>i16x8.extract_lane_u(x1, 0), bst, 8 * LANE_BYTES);
    store<u8>(L + <usize>i16x8.extract_lane_u(x1, 1), bst, 9 * LANE_BYTES);
    store<u8>(L + <usize>i16x8.extract_lane_u(x1, 2), bst, 10 * LANE_BYTES);
    store<u8>(L + <usize>i16x8.extract_lane_u(x1, 3), bst, 11 * LANE_BYTES);
    store<u8>(L + <usize>i16x8.extract_lane_u(x1, 4), bst, 12 * LANE_BYTES);
    store<u8>(L + <usize>i16x8.extract_lane_u(x1, 5), bst, 13 * LANE_BYTES);
    store<u8>(L + <usize>i16x8.extract_lane_u(x1, 6), bst, 14 * LANE_BYTES);
    store<u8>(L + <usize>i16x8.extract_lane_u(x1, 7), bst, 15 * LANE_BYTES);
  }
}

/** blockMarks while the bytes are the values (EXACT8): one load and one XOR in byte lanes a rare heap. */
function blockBytes(B: i32, d: i32, from: i32, to: i32, bst: i32, L: usize): void {
  for (let j = from; j < to; j++) {
    const x = v128.xor(v128.load(T8 + <usize>(B - d - rpos(j))), i8x16.splat(<i8>rval(j)));
    store<u8>(L + <usize>i8x16.extract_lane_u(x, 0), bst, 0 * LANE_BYTES);
    store<u8>(L + <usize>i8x16.extract_lane_u(x, 1), bst, 1 * LANE_BYTES);
    store<u8>(L + <usize>i8x16.extract_lane_u(x, 2), bst, 2 * LANE_BYTES);
    store<u8>(L + <usize>i8x16.extract_lane_u(x, 3), bst, 3 * LANE_BYTES);
    store<u8>(L + <usize>i8x16.extract_lane_u(x, 4), bst, 4 * LANE_BYTES);
    store<u8>(L + <usize>i8x16.extract_lane_u(x, 5), bst, 5 * LANE_BYTES);
    store<u8>(L + <usize>i8x16.extract_lane_u(x, 6), bst, 6 * LANE_BYTES);
    store<u8>(L + <usize>i8x16.extract_lane_u(x, 7), bst, 7 * LANE_BYTES);
    store<u8>(L + <usize>i8x16.extract_lane_u(x, 8), bst, 8 * LANE_BYTES);
    store<u8>(L + <usize>i8x16.extract_lane_u(x, 9), bst, 9 * LANE_BYTES);
    store<u8>(L + <usize>i8x16.extract_lane_u(x, 10), bst, 10 * LANE_BYTES);
    store<u8>(L + <usize>i8x16.extract_lane_u(x, 11), bst, 11 * LANE_BYTES);
    store<u8>(L + <usize>i8x16.extract_lane_u(x, 12), bst, 12 * LANE_BYTES);
    store<u8>(L + <usize>i8x16.extract_lane_u(x, 13), bst, 13 * LANE_BYTES);
    store<u8>(L + <usize>i8x16.extract_lane_u(x, 14), bst, 14 * LANE_BYTES);
    store<u8>(L + <usize>i8x16.extract_lane_u(x, 15), bst, 15 * LANE_BYTES);
  }
}

/**
 * A bulk range [b0, b1) of rare-heap indices serves every heap of the block. When parts must
 * differ, the rare heaps that are half a sum of the block, indices [w0, w1), are left out of
 * every bulk range and marked per heap (halfWindow sets them; 2^31 - 1 when parts may be equal).
 */
let w0: i32 = 0;
let w1: i32 = 0;

function halfWindow(count: i32, B: i32, d: i32): void {
  if (distinct == 0) {
    w0 = 0x7fffffff;
    w1 = 0x7fffffff;
    return;
  }
  w0 = lowerBound(count, (B - d) >> 1);
  w1 = lowerBound(count, ((B + 15 - d) >> 1) + 1);
}

/** The first index of the rare heaps [0, count) at or past r, and its bulk range's end for r < rEnd. */
@inline function bulkEnd(count: i32, b0: i32, rEnd: i32): i32 {
  return max(b0, lowerBound(count, rEnd));
}

/** Block marks for the bulk [b0, b1) less the half window. */
function bulk(B: i32, d: i32, b0: i32, b1: i32, bst: i32): void {
  blockMarks(B, d, b0, min(b1, w0), bst, LANES);
  blockMarks(B, d, max(b0, w1), b1, bst, LANES);
}

/** Whether run marks its blocks' bulk in sum lanes (see SUM_LANES). */
@inline function sumLanes(): bool {
  return nTwo == 2 && distinct == 0 && maxTwo - minTwo <= SUM_LANES - 16;
}

/** Sum lane k's byte val[j] ^ g[B - maxTwo + k - pos[j]] = bst, k < 16 + maxTwo - minTwo, j in [from, to). */
function sumMarks(B: i32, from: i32, to: i32, bst: i32): void {
  const S = LANES + <usize>(16 * LANE_BYTES);
  blockMarks(B, maxTwo, from, to, bst, S);
  const K = 16 + maxTwo - minTwo;
  for (let j = from; j < to; j++) {
    const h = B - maxTwo - rpos(j);
    const rv = rval(j);
    for (let k = 16; k < K; k++) store<u8>(S + <usize>(k * LANE_BYTES + (rv ^ gvT(h + k))), <u8>bst);
  }
}

/** Heap marks for [from, to) less the bulk [b0, b1) (the block marked it), skipping s/2 when parts differ. */
function markLess(s: i32, from: i32, to: i32, b0: i32, b1: i32, st: i32): void {
  if (from >= to) return;
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
@inline function blockAt(n: i32, hi: i32, V: i32): bool {
  return n + 16 <= hi && V <= BLOCK_V && n - maxTwo >= 32;
}

/** Heap n's marks in MARK, or (x below LANE_BYTES) in its lane at the block's stamp bst (-1: none). */
@inline function marked(x: i32, st: i32, lane: usize, bst: i32): bool {
  return markAt(x) == st || (bst >= 0 && <i32>load<u8>(lane + <usize>x) == bst);
}

/** Whether x is marked at bst in the lane, or (s0 != 0) in the sum lanes s0 or s1: 16 values from x. */
@inline function laneMarked(lane: usize, s0: usize, s1: usize, x: i32, bv: v128): v128 {
  const own = i8x16.eq(v128.load(lane + <usize>x), bv);
  if (s0 == 0) return own;
  return v128.or(own, v128.or(i8x16.eq(v128.load(s0 + <usize>x), bv), i8x16.eq(v128.load(s1 + <usize>x), bv)));
}

/**
 * The least value of class `common` not marked in the lane (and the sum lanes s0 and s1 unless
 * s0 is 0; every value is below V): V when none.
 */
function laneMex(lane: usize, bst: i32, common: i32, V: i32, s0: usize, s1: usize): i32 {
  const cv = i8x16.splat(<i8>common);
  const bv = i8x16.splat(<i8>bst);
  for (let x = 0; x < V; x += 16) {
    const open = v128.andnot(i8x16.eq(v128.load(CLS + <usize>x), cv), laneMarked(lane, s0, s1, x, bv));
    const m = i8x16.bitmask(open);
    if (m != 0) return min(V, x + ctz(m));
  }
  return V;
}

/**
 * The values below c of the other class that laneMex's lanes leave unmarked, ascending, into WANT
 * and WANTED: their count.
 */
function laneWanted(lane: usize, bst: i32, common: i32, c: i32, s0: usize, s1: usize): i32 {
  const cv = i8x16.splat(<i8>common);
  const bv = i8x16.splat(<i8>bst);
  let need = 0;
  for (let x = 0; x < c; x += 16) {
    const closed = v128.or(i8x16.eq(v128.load(CLS + <usize>x), cv), laneMarked(lane, s0, s1, x, bv));
    let m = i8x16.bitmask(v128.not(closed));
    if (c - x < 16) m &= (1 << (c - x)) - 1;
    need = wantEach(x, m, need);
  }
  return need;
}

/** Each value x + t, bit t of m set, wanted: into WANT and after the first `need` of WANTED. The new count. */
@inline function wantEach(x: i32, m: i32, need: i32): i32 {
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
let cursor: i32 = 0;

/** lowerBound(count, x), walked up from `cursor` (x and count never fall between calls) unless `search`. */
@inline function firstAtLeast(count: i32, x: i32, search: bool): i32 {
  if (search) return lowerBound(count, x);
  while (cursor < count && rpos(cursor) < x) cursor++;
  return cursor;
}

/** The first index j in RP[0, count) with RP[j] >= x. */
function lowerBound(count: i32, x: i32): i32 {
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
let toLane: usize = 0;
let toBst: i32 = -1;

@inline function put(x: i32, st: i32): void {
  if (toBst >= 0) store<u8>(toLane + <usize>x, <u8>toBst);
  else setMark(x, st);
}

/** g[s - r]: from the bytes alone while they are the values (exact), else with the escapes. */
@inline function valueLess(s: i32, r: i32, exact: bool): i32 {
  return exact ? <i32>load<u8>(T8 + <usize>(s - r)) : gvT(s - r);
}

/** Mark x: in the block's lane at its stamp (inLane), else in MARK at st. */
@inline function markOne(x: i32, st: i32, inLane: bool): void {
  if (inLane) store<u8>(toLane + <usize>x, <u8>toBst);
  else setMark(x, st);
}

/**
 * Mark val[j] ^ g[s - pos[j]] for j in [from, to), four at a time: eight loads before four
 * stores. Inlined with constant `exact` and `inLane`, one loop for each of the four cases.
 */
@inline function marks(s: i32, from: i32, to: i32, st: i32, exact: bool, inLane: bool): void {
  let p = RP + (<usize>from << 2);
  let q = RV + (<usize>from << 2);
  const end = RP + (<usize>to << 2);
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
function markLane(s: i32, from: i32, to: i32): void {
  if (EXACT8) marks(s, from, to, 0, true, true);
  else marks(s, from, to, 0, false, true);
}

/** mark[val[j] ^ g[s - pos[j]]] = st for j in [from, to) (or the lane's, see toBst). */
function markRange(s: i32, from: i32, to: i32, st: i32): void {
  if (from >= to) return;
  if (toBst >= 0) markLane(s, from, to);
  else if (EXACT8) marks(s, from, to, st, true, false);
  else marks(s, from, to, st, false, false);
}

/** Marks [from, to) but the rare heap `skip` (Grundy's game forbids s/2 + s/2); skip < 0: none. */
function markSpan(s: i32, from: i32, to: i32, skip: i32, st: i32): void {
  if (skip >= from && skip < to) {
    markRange(s, from, skip, st);
    markRange(s, skip + 1, to, st);
  } else markRange(s, from, to, st);
}

/** The index of s/2 among the rare heaps [from, to) when the game forbids equal parts and it is rare, else -1. */
function distinctSkip(s: i32, from: i32, to: i32): i32 {
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

/** The largest first part a of a split with sum s (a <= the other part; a < it when distinct). */
@inline function amaxOf(s: i32): i32 {
  return distinct != 0 ? (s - 1) >> 1 : s >> 1;
}

const POW2: v128 = i8x16(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);

/**
 * The XORs of the 16 pairs (a + t, s - a - t), t < 16, as bytes: lows = g[a, a + 16) and
 * highs = g(s - a - 16, s - a], the latter reversed (exact where neither part escapes). A lane is
 * wanted when bit x & 7 of byte x >> 3 of the bitset is set (two 16-byte swizzles find the byte),
 * or, once at most two wanted values are left (most of a long scan), when it equals one of them.
 */
@inline function blockX(s: i32, a: i32): v128 {
  const lows = v128.load(G8 + <usize>a);
  const highs = v128.load(T8 + <usize>(s - a - 15));
  return v128.xor(lows, i8x16.shuffle(highs, highs, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
}

/** Nonzero in the lanes of x that hold a wanted value: many wanted, the bitset (t0, t1); few, w1 and w2. */
@inline function wantedLanes(x: v128, few: bool, t0: v128, t1: v128, w1: v128, w2: v128): v128 {
  if (few) return v128.or(i8x16.eq(x, w1), i8x16.eq(x, w2));
  const idx = i8x16.shr_u(x, 3);
  const byte = v128.or(i8x16.swizzle(t0, idx), i8x16.swizzle(t1, i8x16.sub(idx, i8x16.splat(16))));
  return v128.and(byte, i8x16.swizzle(POW2, v128.and(x, i8x16.splat(7))));
}

/** A block's wanted lanes: wordLanes where values may escape (WORDS), else the bytes' own test (BYTES). */
@inline function blockLanes(
  esc: bool, s: i32, a: i32, few: bool, t0: v128, t1: v128, t2: v128, t3: v128, w1: v128, w2: v128,
): v128 {
  return esc ? wordLanes(s, a, few, t0, t1, t2, t3, w1, w2) : wantedLanes(blockX(s, a), few, t0, t1, w1, w2);
}

/** Each half of the 16 bytes of x in reverse order. */
@inline function reverse8s(x: v128): v128 {
  return i8x16.shuffle(x, x, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
}

/**
 * The lanes of the 16 pairs (a + t, s - a - t) that hold a wanted value, exactly, for values
 * below 512 (WORDS). A block with no escaped byte is tested in byte lanes as in BYTES. Where a
 * part escapes (Officers: about one heap in twelve from 2^20 on, so most blocks), the values
 * are rebuilt as a low and a high byte plane from G, and the wanted byte is found among the 64
 * of the bitset by four swizzles: only the lanes that hold a wanted value go on to takeHits.
 */
@inline function wordLanes(
  s: i32, a: i32, few: bool, t0: v128, t1: v128, t2: v128, t3: v128, w1: v128, w2: v128,
): v128 {
  const lows = v128.load(G8 + <usize>a);
  const highs = v128.load(T8 + <usize>(s - a - 15));
  const rev = i8x16.shuffle(highs, highs, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  const ea = i8x16.eq(lows, ESCB);
  const eb = i8x16.eq(rev, ESCB);
  if (!v128.any_true(v128.or(ea, eb))) return wantedLanes(v128.xor(lows, rev), few, t0, t1, w1, w2);
  const pa = G + (<usize>a << 1);
  const pb = T + (<usize>(s - a - 15) << 1);
  const a0 = v128.load(pa);
  const a1 = v128.load(pa, 16);
  const b0 = v128.load(pb);
  const b1 = v128.load(pb, 16);
  // Low and high bytes by narrowing (pack instructions), not two-input byte shuffles.
  const low = i16x8.splat(0xff);
  const alo = v128.bitselect(i8x16.narrow_i16x8_u(v128.and(a0, low), v128.and(a1, low)), lows, ea);
  const ahi = v128.and(i8x16.narrow_i16x8_u(i16x8.shr_u(a0, 8), i16x8.shr_u(a1, 8)), ea);
  const blo = v128.bitselect(reverse8s(i8x16.narrow_i16x8_u(v128.and(b1, low), v128.and(b0, low))), rev, eb);
  const bhi = v128.and(reverse8s(i8x16.narrow_i16x8_u(i16x8.shr_u(b1, 8), i16x8.shr_u(b0, 8))), eb);
  const lo = v128.xor(alo, blo);
  const hi = v128.xor(ahi, bhi);
  if (few) {
    return v128.or(
      v128.and(i8x16.eq(lo, W1lo), i8x16.eq(hi, W1hi)),
      v128.and(i8x16.eq(lo, W2lo), i8x16.eq(hi, W2hi)),
    );
  }
  const idx = v128.or(i8x16.shr_u(lo, 3), i8x16.shl(hi, 5));
  const sixteen = i8x16.splat(16);
  const i1 = i8x16.sub(idx, sixteen);
  const i2 = i8x16.sub(i1, sixteen);
  const byte = v128.or(
    v128.or(i8x16.swizzle(t0, idx), i8x16.swizzle(t1, i1)),
    v128.or(i8x16.swizzle(t2, i2), i8x16.swizzle(t3, i8x16.sub(i2, sixteen))),
  );
  return v128.and(byte, i8x16.swizzle(POW2, v128.and(lo, i8x16.splat(7))));
}

/**
 * Scan state kept between the calls of one heap's scan (one call a sum and block when there
 * are several sums): how many values were wanted, and once at most two are left, those two as
 * splats (the same one twice when one is left; a value met since simply never matches again).
 */
let scanTotal: i32 = 0;
let fewLeft: bool = false;
let W1: v128 = i64x2.splat(0);
let W2: v128 = i64x2.splat(0);
let W1w: v128 = i64x2.splat(0);
let W2w: v128 = i64x2.splat(0);
// The same two values as a low and a high byte, for wordLanes' rebuilt planes.
let W1lo: v128 = i64x2.splat(0);
let W1hi: v128 = i64x2.splat(0);
let W2lo: v128 = i64x2.splat(0);
let W2hi: v128 = i64x2.splat(0);

/** `left` when W1 and W2 were last set: a hit that met no wanted value leaves them as they are. */
let fewFor: i32 = -1;

function refreshFew(): void {
  fewLeft = left <= 2;
  if (!fewLeft || left == fewFor) return;
  fewFor = left;
  // The (at most two) values of wanted[0, scanTotal) still wanted, in one pass; x2 = x1 when one is left.
  let x1 = -1;
  let x2 = -1;
  for (let j = 0; j < scanTotal; j++) {
    const x = load<i32>(WANTED + (<usize>j << 2));
    if (wantAt(x) == 0) continue;
    if (x1 >= 0) {
      x2 = x;
      break;
    }
    x1 = x;
    if (left == 1) break;
  }
  if (x2 < 0) x2 = x1;
  // A value past 255 only comes from an escaped part: wordLanes compares those lanes with W1lo/W1hi.
  W1 = i8x16.splat(<i8>(x1 < 256 ? x1 : ESC));
  W2 = i8x16.splat(<i8>(x2 < 256 ? x2 : ESC));
  W1w = i16x8.splat(<i16>x1);
  W2w = i16x8.splat(<i16>x2);
  W1lo = i8x16.splat(<i8>x1);
  W1hi = i8x16.splat(<i8>(x1 >> 8));
  W2lo = i8x16.splat(<i8>x2);
  W2hi = i8x16.splat(<i8>(x2 >> 8));
}

/** Set the bitset BITS to the wanted values wanted[0, total) still wanted (all below 512). */
function loadBits(total: i32): void {
  scanTotal = total;
  fewFor = -1;
  v128.store(BITS, i64x2.splat(0));
  v128.store(BITS, i64x2.splat(0), 16);
  v128.store(BITS, i64x2.splat(0), 32);
  v128.store(BITS, i64x2.splat(0), 48);
  for (let j = 0; j < total; j++) {
    const x = load<i32>(WANTED + (<usize>j << 2));
    if (wantAt(x) == 1) store<u8>(BITS + <usize>(x >> 3), <i32>load<u8>(BITS + <usize>(x >> 3)) | (1 << (x & 7)));
  }
}

/** The 16-bit lanes of x that equal one of the (at most two) values left, W1w and W2w. */
@inline function fewHits(x: v128): v128 {
  return v128.or(i16x8.eq(x, W1w), i16x8.eq(x, W2w));
}

/** The eight 16-bit lanes of x in reverse order. */
@inline function reverse16(x: v128): v128 {
  return i8x16.shuffle(x, x, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
}

/**
 * How step 2 tests pairs, from V (every value is below V, a power of two): BYTES, 16 pairs a
 * test in byte lanes, the bytes being the values; WORDS, the same, with the pairs of a block
 * that has an escaped part rebuilt exactly (wordLanes; the bitset BITS holds 512 values); SCALAR, a pair at a time
 * (8 pairs a test in 16-bit lanes once at most two values are wanted).
 */
const SCALAR: i32 = 0;
const BYTES: i32 = 1;
const WORDS: i32 = 2;
/**
 * The largest V for BYTES and for WORDS: 256 and 512. Tests lower them (setLaneLimits) so that
 * small tables run the paths that large values take.
 */
let bytesUpTo: i32 = 256;
let wordsUpTo: i32 = 512;
@inline function laneMode(V: i32): i32 {
  // Bytes are the values themselves while every value is at most ESC (below V).
  return V <= bytesUpTo && V - 1 <= ESC ? BYTES : V <= wordsUpTo ? WORDS : SCALAR;
}

export function setLaneLimits(bytes: i32, words: i32): void {
  bytesUpTo = min(bytes, 256);
  wordsUpTo = min(words, 512);
}

/** The scan's counter, shared with the gang's scans: wanted values not seen yet. */
let left: i32 = 0;

/**
 * Step 2 over the pairs (a, s - a) with a in [from, amax]: each wanted value met is cleared
 * from WANT, set in the bitset at `seen`, and counted down in `left`. Stops once it is 0 and
 * returns the first a not scanned (amax + 1 when it ran out of pairs). `lanes` (laneMode):
 * BYTES and WORDS run 16-pair blocks, testing the bitset BITS of the wanted values (loadBits),
 * which is kept in step with WANT.
 */
function scanSum(s: i32, from: i32, amax: i32, seen: usize, lanes: i32): i32 {
  let a = from;
  if (lanes != SCALAR && a + 15 <= amax) {
    // WORDS: values past ESC escape; their pairs hit and are read in full.
    // WORDS: values past ESC escape; wordLanes rebuilds their pairs exactly.
    const esc = lanes == WORDS;
    let t0 = v128.load(BITS);
    let t1 = v128.load(BITS, 16);
    let t2 = v128.load(BITS, 32);
    let t3 = v128.load(BITS, 48);
    let few = fewLeft;
    let w1 = W1;
    let w2 = W2;
    // 32 pairs a test while they last: one branch for two blocks. The lanes that hit are
    // taken in order over both blocks at once (each holds a wanted value, unless an earlier
    // lane met the same one): a hit in the first block does not cost the second one again.
    while (a + 15 <= amax) {
      const lanes = blockLanes(esc, s, a, few, t0, t1, t2, t3, w1, w2);
      let m: i32;
      let step = 16;
      if (a + 31 <= amax) {
        const next = blockLanes(esc, s, a + 16, few, t0, t1, t2, t3, w1, w2);
        if (!v128.any_true(v128.or(lanes, next))) {
          a += 32;
          continue;
        }
        m = i8x16.bitmask(i8x16.ne(lanes, i8x16.splat(0))) | (i8x16.bitmask(i8x16.ne(next, i8x16.splat(0))) << 16);
        step = 32;
      } else m = i8x16.bitmask(i8x16.ne(lanes, i8x16.splat(0)));
      if (m != 0) {
        const stop = takeHits(s, a, m, seen, true);
        if (stop > 0) return stop;
        t0 = v128.load(BITS);
        t1 = v128.load(BITS, 16);
        t2 = v128.load(BITS, 32);
        t3 = v128.load(BITS, 48);
        if (left <= 2) {
          refreshFew();
          few = true;
          w1 = W1;
          w2 = W2;
        }
      }
      a += step;
    }
  }
  // Values past 255 (or the tail of a block scan): one pair at a time while many values are
  // wanted, 8 pairs a test in 16-bit lanes once at most two are left (most of a long scan).
  while (a <= amax) {
    // 32 pairs a test while nothing hits; the 8-pair blocks below find the hit.
    while (fewLeft && a + 31 <= amax) {
      const la = v128.load(G8 + <usize>a);
      const lb = v128.load(G8 + <usize>a, 16);
      const ha = v128.load(T8 + <usize>(s - a - 15));
      const hb = v128.load(T8 + <usize>(s - a - 31));
      let x0: v128, x1: v128, x2: v128, x3: v128;
      const esc = v128.or(
        v128.or(i8x16.eq(la, ESCB), i8x16.eq(lb, ESCB)),
        v128.or(i8x16.eq(ha, ESCB), i8x16.eq(hb, ESCB)),
      );
      if (!v128.any_true(esc)) {
        x0 = v128.xor(i16x8.extend_low_i8x16_u(la), reverse16(i16x8.extend_high_i8x16_u(ha)));
        x1 = v128.xor(i16x8.extend_high_i8x16_u(la), reverse16(i16x8.extend_low_i8x16_u(ha)));
        x2 = v128.xor(i16x8.extend_low_i8x16_u(lb), reverse16(i16x8.extend_high_i8x16_u(hb)));
        x3 = v128.xor(i16x8.extend_high_i8x16_u(lb), reverse16(i16x8.extend_low_i8x16_u(hb)));
      } else {
        x0 = v128.xor(words8(a), reverse16(words8T(s - a - 7)));
        x1 = v128.xor(words8(a + 8), reverse16(words8T(s - a - 15)));
        x2 = v128.xor(words8(a + 16), reverse16(words8T(s - a - 23)));
        x3 = v128.xor(words8(a + 24), reverse16(words8T(s - a - 31)));
      }
      const hit01 = v128.or(fewHits(x0), fewHits(x1));
      const hit23 = v128.or(fewHits(x2), fewHits(x3));
      if (v128.any_true(v128.or(hit01, hit23))) break;
      a += 32;
    }
    // The 32-pair blocks may have ended exactly past amax: (amax + 1, s - amax - 1) is no pair
    // (a part equal to the other when parts must differ, else a pair already scanned).
    if (a > amax) break;
    if (fewLeft && a + 7 <= amax) {
      const x = v128.xor(words8(a), reverse16(words8T(s - a - 7)));
      let m = i16x8.bitmask(v128.or(i16x8.eq(x, W1w), i16x8.eq(x, W2w)));
      if (m == 0) {
        a += 8;
        continue;
      }
      const stop = takeHits(s, a, m, seen, false);
      if (stop > 0) return stop;
      refreshFew();
      a += 8;
      continue;
    }
    const x = gv(a) ^ gvT(s - a);
    if (wantAt(x) != 0) {
      if (seenHit(x, seen)) return a + 1;
      refreshFew();
    }
    a++;
  }
  return amax + 1;
}

/**
 * The lanes of m (bit t: the pair (a + t, s - a - t)) in order: each wanted value met is seen,
 * and with `bits` cleared from the bitset BITS too. Returns the first a not scanned when the
 * scan may stop, else 0.
 */
@inline function takeHits(s: i32, a: i32, m: i32, seen: usize, bits: bool): i32 {
  while (m != 0) {
    const t = ctz(m);
    m &= m - 1;
    const v = gv(a + t) ^ gvT(s - a - t);
    if (wantAt(v) == 0) continue;
    if (seenHit(v, seen)) return a + t + 1;
    if (bits) store<u8>(BITS + <usize>(v >> 3), <i32>load<u8>(BITS + <usize>(v >> 3)) & ~(1 << (v & 7)));
  }
  return 0;
}

/** A wanted value x met: clear it, record it, count it. True when the scan may stop. */
@inline function seenHit(x: i32, seen: usize): bool {
  store<u8>(WANT + <usize>x, 0);
  const at = seen + (<usize>(x >>> 5) << 2);
  store<i32>(at, load<i32>(at) | (1 << (x & 31)));
  return --left == 0;
}

/**
 * Step 2 over every split sum n - two[k], first parts a in [aFrom, min(aTo, amax)]: for several
 * sums the pairs of 16 first parts at a time, each sum in turn (the result is the set of values
 * seen, whatever the order; stopping early only saves time). Returns the first a not finished.
 */
function scan(n: i32, aFrom: i32, aTo: i32, seen: usize, lanes: i32, total: i32): i32 {
  const s0 = n - two(0);
  let amax = amaxOf(s0);
  scanTotal = total;
  fewFor = -1;
  if (lanes != SCALAR) loadBits(total);
  refreshFew();
  if (nTwo == 1 || distinct != 0) {
    if (aTo < amax) amax = aTo;
    return scanSum(s0, aFrom, amax, seen, lanes);
  }
  if (aTo < amax) amax = aTo;
  let a = aFrom;
  if (lanes != SCALAR) {
    a = scanSumsBytes(n, a, min(amax, (n - maxTwo) >> 1), seen, lanes == WORDS);
    if (a < 0) return -a;
  }
  for (; a <= amax; a += 16) {
    for (let k = 0; k < nTwo; k++) {
      const s = n - two(k);
      let am = s >> 1;
      if (am > amax) am = amax;
      if (am < a) break;
      const e = a + 15 < am ? a + 15 : am;
      // Stopped inside this block (perhaps at its last pair, which reads like running out): the
      // other sums' pairs of it may be unscanned, so report a.
      scanSum(s, a, e, seen, lanes);
      if (left == 0) return a;
    }
  }
  return amax + 1;
}

/**
 * scan's BYTES blocks over several sums at once while every sum has 16 pairs left (first parts
 * up to `limit`): the sums' lanes of one block of first parts, one after the other, with no
 * call a sum. Returns the first a not scanned, or minus the block's a when the scan may stop
 * (as scan reports it).
 */
function scanSumsBytes(n: i32, from: i32, limit: i32, seen: usize, esc: bool): i32 {
  let a = from;
  let t0 = v128.load(BITS);
  let t1 = v128.load(BITS, 16);
  let t2 = v128.load(BITS, 32);
  let t3 = v128.load(BITS, 48);
  let few = fewLeft;
  let w1 = W1;
  let w2 = W2;
  while (a + 15 <= limit) {
    let hit = false;
    for (let k = 0; k < nTwo; k++) {
      const s = n - two(k);
      const lanes = blockLanes(esc, s, a, few, t0, t1, t2, t3, w1, w2);
      if (!v128.any_true(lanes)) continue;
      hit = true;
      if (takeHits(s, a, i8x16.bitmask(i8x16.ne(lanes, i8x16.splat(0))), seen, true) > 0) return -a;
    }
    a += 16;
    if (!hit) continue;
    t0 = v128.load(BITS);
    t1 = v128.load(BITS, 16);
    t2 = v128.load(BITS, 32);
    t3 = v128.load(BITS, 48);
    if (left <= 2) {
      refreshFew();
      few = true;
      w1 = W1;
      w2 = W2;
    }
  }
  return a;
}

/**
 * SparseKernel.run: g[lo, hi) given the final g[0, lo) and the rare heaps RP/RV[0, rareCount)
 * of g[1, lo); rare heaps found are appended (the caller left room for hi - lo more). Returns
 * the first heap not computed: hi, or the heap whose value exceeds `cap` (getOverflow()).
 */
// ---- The closing step of a heap, run's and finish's ----

/** The largest value this call wrote, and the largest so far with the power of two above it (V). */
let runMax: i32 = 0;
let soFar: i32 = 0;
let valueCeil: i32 = 1;

/** A call's start: nothing written yet, every value so far at most maxBefore. */
@inline function startValues(maxBefore: i32): void {
  runMax = 0;
  soFar = maxBefore;
  valueCeil = 1;
  while (valueCeil <= soFar) valueCeil <<= 1;
  exactBytes(valueCeil);
  outOverflow = -1;
  outMiss = -1;
}

/**
 * After heap n's scan for the `need` wanted values (WANTED, ascending; WANT cleared here): the
 * least one never seen, else c. -1 when the scan stopped at a windowed table's reach short of
 * the last pair (a miss, outMiss = n): the caller returns n, left to the main thread.
 */
@inline function wantedMex(n: i32, c: i32, need: i32, reach: i32): i32 {
  let v = c;
  for (let j = 0; j < need; j++) {
    const x = load<i32>(WANTED + (<usize>j << 2));
    if (left > 0 && wantAt(x) == 1 && v == c) v = x;
    store<u8>(WANT + <usize>x, 0);
  }
  if (left > 0 && reach < amaxOf(n - minTwo)) {
    outMax = runMax;
    outMiss = n;
    return -1;
  }
  return v;
}

/**
 * g(n) = v: stored, counted, and appended to the rare heaps when rare. Returns -1 to go on, else
 * the heap the call returns: n when v passes `cap` (outOverflow), n + 1 after a rare heap past
 * a windowed table's reach (its partners of the heaps after it would lie before the tail).
 */
@inline function closeHeap(n: i32, v: i32, cap: i32): i32 {
  if (v > cap) {
    outMax = runMax;
    outOverflow = v;
    return n;
  }
  putValue(n, v);
  if (v > runMax) runMax = v;
  if (v > soFar) {
    soFar = v;
    while (valueCeil <= soFar) valueCeil <<= 1;
    exactBytes(valueCeil);
  }
  if (n >= 1 && (<i32>load<u8>(CLS + <usize>v) ^ (parity & n & 1)) == 0) {
    store<i32>(RP + (<usize>rareCount << 2), n);
    store<i32>(RV + (<usize>rareCount << 2), v);
    rareCount++;
    if (n > REACH) {
      outMax = runMax;
      return n + 1;
    }
  }
  return -1;
}

export function run(lo: i32, hi: i32, maxBefore: i32, cap: i32): i32 {
  if (cap > VALUE_LIMIT - 1) cap = VALUE_LIMIT - 1;
  startValues(maxBefore);
  const i0 = two(0);
  let B = -1;
  let bst = -1;
  const sums = sumLanes();
  // One bulk range for every sum of the block (sum lanes, or a single sum): its bounds and the
  // half window are the block's, kept for its heaps rather than searched again for each. Rare
  // heaps found inside the block lie past all of them.
  const kept = sums || nTwo == 1;
  let kb0 = 0;
  let kb1 = 0;
  for (let n = lo; n < hi; n++) {
    const st = nextStamp();
    if (n >= B + 16) {
      B = n;
      bst = -1;
      if (blockAt(n, hi, valueCeil)) {
        bst = nextLaneStamp();
        if (kept) {
          // Every part r of the bulk leaves the other part of each lane's sum in [1, B): r from
          // 16 - (the least offset), below B - (the largest).
          const d = sums ? maxTwo : two(0);
          halfWindow(rareCount, B, d);
          kb0 = lowerBound(rareCount, max(1, 16 - (sums ? minTwo : d)));
          kb1 = bulkEnd(rareCount, kb0, B - d);
          if (sums) sumMarks(B, kb0, kb1, bst);
          else bulk(B, d, kb0, kb1, bst);
        } else
          for (let k = 0; k < nTwo; k++) {
            const d = two(k);
            halfWindow(rareCount, B, d);
            const b0 = lowerBound(rareCount, max(1, 16 - d));
            bulk(B, d, b0, bulkEnd(rareCount, b0, B - d), bst);
          }
      }
    }
    const lane = LANES + <usize>((n - B) * LANE_BYTES);
    toLane = lane;
    toBst = bst;
    for (let k = 0; k < nWhole; k++) if (whole(k) == n) put(0, st);
    for (let k = 0; k < nOne; k++) {
      const r = one(k);
      if (n > r) put(gvT(n - r), st);
    }
    for (let k = 0; k < nTwo; k++) {
      const d = two(k);
      const s = n - d;
      if (s < 2) continue;
      const end = lowerBound(rareCount, s);
      if (bst < 0) {
        markSpan(s, 0, end, distinctSkip(s, 0, end), st);
        continue;
      }
      if (kept) {
        markLess(s, 0, end, kb0, kb1, st);
        continue;
      }
      halfWindow(rareCount, B, d);
      const b0 = lowerBound(rareCount, max(1, 16 - d));
      markLess(s, 0, end, b0, bulkEnd(rareCount, b0, B - d), st);
    }
    const common = 1 ^ (parity & (n - i0) & 1);
    const commons = classList(common);
    let c = valueCeil;
    let need = 0;
    if (bst >= 0) {
      // Heap B + t's sum n - d is lane t + maxTwo - d of the sum lanes.
      const sl = LANES + <usize>((16 + n - B + maxTwo) * LANE_BYTES);
      const s0 = sums ? sl - <usize>(two(0) * LANE_BYTES) : 0;
      const s1 = sums ? sl - <usize>(two(1) * LANE_BYTES) : 0;
      c = laneMex(lane, bst, common, valueCeil, s0, s1);
      need = laneWanted(lane, bst, common, c, s0, s1);
    } else {
      const rares = classList(common ^ 1);
      let k = 0;
      while (listAt(commons, k) < valueCeil && markAt(listAt(commons, k)) == st) k++;
      if (listAt(commons, k) < valueCeil) c = listAt(commons, k);
      for (let j = 0; listAt(rares, j) < c; j++) {
        const x = listAt(rares, j);
        if (markAt(x) != st) {
          store<u8>(WANT + <usize>x, 1);
          store<i32>(WANTED + (<usize>need << 2), x);
          need++;
        }
      }
    }
    let v = c;
    if (need > 0) {
      left = need;
      const reach = reachOf(n);
      scan(n, 1, reach, SEEN, laneMode(valueCeil), need);
      v = wantedMex(n, c, need, reach);
      if (v < 0) return n;
    }
    const stop = closeHeap(n, v, cap);
    if (stop >= 0) return stop;
  }
  outMax = runMax;
  return hi;
}

// ---- The gang's two phases (src/kernels/sparse-split.ts SparseSplitKernel, same rows) ----
//
// Row of heap n: Int32 words at rows + (n - rowFrom) * stride * 4, stride = wasmRowStride
// (src/kernels/wasm/sparse-wasm.ts) = 4 + 2 * rowWords: c_hi, the index of c1 among the common
// values, where the finish's rare check starts, a spare word, the gather's marks for values below
// rowWords * 32 as a bitset, the seen bitset. Bits, not the JavaScript kernel's copied stamps:
// a row of 2 KB a heap (values below 512) had the finish reading its tile's rows back from L3.

let rescans: i32 = 0;
let continued: i32 = 0;

export function getRescans(): i32 {
  return rescans;
}

export function getContinued(): i32 {
  return continued;
}

@inline function rowAt(rows: usize, n: i32, rowFrom: i32, rowWords: i32): usize {
  return rows + ((<usize>(n - rowFrom) * <usize>(4 + 2 * rowWords)) << 2);
}

/** Bit x of the bitset at b. */
@inline function bitAt(b: usize, x: i32): bool {
  return ((load<i32>(b + (<usize>(x >>> 5) << 2)) >>> (x & 31)) & 1) != 0;
}

/** SparseSplitKernel.gather over the first rareCount rare heaps: rows of n in [lo, hi) from g[0, F). */
export function gather(F: i32, lo: i32, hi: i32, VA: i32, rows: usize, rowWords: i32, rowFrom: i32, count: i32): void {
  gatherMarks(F, lo, hi, VA, rows, rowWords, rowFrom, count);
  gatherScans(F, lo, hi, VA, rows, rowWords, rowFrom);
}

function gatherMarks(F: i32, lo: i32, hi: i32, VA: i32, rows: usize, rowWords: i32, rowFrom: i32, count: i32): void {
  const rowBits = rowWords * 32;
  exactBytes(VA);
  const i0 = two(0);
  let B = -1;
  let bst = -1;
  // One split sum: the block's bulk range (and half window) serve its heaps as they are.
  const kept = nTwo == 1;
  let kb0 = 0;
  let kb1 = 0;
  cursor = 0;
  for (let n = lo; n < hi; n++) {
    const st = nextStamp();
    const base = rowAt(rows, n, rowFrom, rowWords);
    const mb = base + 16;
    // Bulk: rare heaps r with 1 <= r < min(F, B - d) whose other part is below F for every heap.
    if (n >= B + 16) {
      B = n;
      bst = -1;
      if (blockAt(n, hi, VA)) {
        bst = nextLaneStamp();
        for (let k = 0; k < nTwo; k++) {
          const d = two(k);
          halfWindow(count, B, d);
          kb0 = lowerBound(count, max(1, B + 16 - d - F));
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
        markLess(s, from, to, kb0, kb1, st);
        continue;
      }
      halfWindow(count, B, d);
      const b0 = lowerBound(count, max(1, B + 16 - d - F));
      markLess(s, from, to, b0, bulkEnd(count, b0, min(F, B - d)), st);
    }
    rowBitsFrom(mb, rowBits, st, lane, bst);
    const wbits = mb + (<usize>rowWords << 2);
    for (let o = 0; o < rowWords; o++) store<i32>(wbits + (<usize>o << 2), 0);
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

/**
 * The row's mark bits [0, rowBits) (a multiple of 32): set where MARK holds st or, in a block
 * (bst >= 0), where the lane holds bst (below LANE_BYTES: a block's heap marks only there).
 */
function rowBitsFrom(mb: usize, rowBits: i32, st: i32, lane: usize, bst: i32): void {
  const stv = i32x4.splat(st);
  const laneBits = bst >= 0 ? min(rowBits, LANE_BYTES) : 0;
  const bv = i8x16.splat(<i8>bst);
  for (let x = 0; x < laneBits; x += 16) {
    store<u16>(mb + <usize>(x >>> 3), <u16>i8x16.bitmask(i8x16.eq(v128.load(lane + <usize>x), bv)));
  }
  for (let x = laneBits; x < rowBits; x += 16) {
    const m = MARK + (<usize>x << 2);
    const lo = i16x8.narrow_i32x4_s(i32x4.eq(v128.load(m), stv), i32x4.eq(v128.load(m, 16), stv));
    const hi = i16x8.narrow_i32x4_s(i32x4.eq(v128.load(m, 32), stv), i32x4.eq(v128.load(m, 48), stv));
    store<u16>(mb + <usize>(x >>> 3), <u16>i8x16.bitmask(i8x16.narrow_i16x8_s(lo, hi)));
  }
}

function gatherScans(F: i32, lo: i32, hi: i32, VA: i32, rows: usize, rowWords: i32, rowFrom: i32): void {
  const rowBits = rowWords * 32;
  const i0 = two(0);
  for (let n = lo; n < hi; n++) {
    const base = rowAt(rows, n, rowFrom, rowWords);
    const mb = base + 16;
    // c_hi = c1: the rare values below it are looked for, none above (see sparse-frozen.ts).
    const c1 = load<i32>(base);
    const cv = i8x16.splat(<i8>(1 ^ (parity & (n - i0) & 1)));
    let need = 0;
    for (let x = 0; x < c1; x += 16) {
      const closed = i8x16.bitmask(i8x16.eq(v128.load(CLS + <usize>x), cv)) | <i32>load<u16>(mb + <usize>(x >>> 3));
      let m = ~closed & 0xffff;
      if (c1 - x < 16) m &= (1 << (c1 - x)) - 1;
      need = wantEach(x, m, need);
    }
    // The rare values below c1, where the finish's rare check starts.
    store<i32>(base, c1 - load<i32>(base, 4), 8);
    if (need == 0) continue;
    left = need;
    const aFrom = max(1, n - i0 - F + 1);
    // Until every wanted value is seen or the frozen pairs run out (or the window's reach: the
    // finish tells those apart).
    scan(n, aFrom, reachOf(n), mb + (<usize>rowWords << 2), laneMode(VA), need);
    if (left > 0) store<i32>(base, 0, 8);
    for (let j = 0; j < need; j++) store<u8>(WANT + <usize>load<i32>(WANTED + (<usize>j << 2)), 0);
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
    toLane = lane;
    toBst = bst;
    for (let k = 0; k < nWhole; k++) if (whole(k) == n) put(0, st);
    for (let k = 0; k < nOne; k++) {
      const r = one(k);
      if (n > r) put(gvT(n - r), st);
    }
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
    let k = load<i32>(base, 4);
    while (listAt(commons, k) < valueCeil && markedIn(listAt(commons, k), mb, rowBits, st, lane, bst)) k++;
    const c = listAt(commons, k) < valueCeil ? listAt(commons, k) : valueCeil;
    let need = 0;
    let rescan = false;
    for (let j = load<i32>(base, 8); listAt(rares, j) < c; j++) {
      const x = listAt(rares, j);
      if (markedIn(x, mb, rowBits, st, lane, bst)) continue;
      if (x < cHi) {
        if (bitAt(wb, x)) continue;
      } else rescan = true;
      store<u8>(WANT + <usize>x, 1);
      store<i32>(WANTED + (<usize>need << 2), x);
      need++;
    }
    let v = c;
    if (need > 0) {
      left = need;
      const reach = reachOf(n);
      if (rescan) {
        rescans++;
        scan(n, 1, reach, SEEN, laneMode(valueCeil), need);
      } else {
        // The gather scanned every frozen pair up to the reach: only the pairs with s - a >= F are left.
        continued++;
        scan(n, 1, min(reach, max(1, n - i0 - F + 1) - 1), SEEN, laneMode(valueCeil), need);
      }
      // Pairs past the window's reach were scanned by neither phase: a miss.
      v = wantedMex(n, c, need, reach);
      if (v < 0) return n;
    }
    const stop = closeHeap(n, v, cap);
    if (stop >= 0) return stop;
  }
  outMax = runMax;
  return hi;
}

@inline function markedIn(x: i32, mb: usize, rowBits: i32, st: i32, lane: usize, bst: i32): bool {
  return marked(x, st, lane, bst) || (x < rowBits && bitAt(mb, x));
}
