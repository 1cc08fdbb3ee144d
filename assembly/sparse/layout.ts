// Sparse space in WebAssembly (assembly/sparse.ts): the memory layout the JavaScript side sets,
// the shape and mask, the windowed table's bases, and reading and writing values.

import {
  LANE_BYTES,
  LANE_COUNT,
  laneStamp,
} from './step1';

// The layout: byte addresses set by setLayout (every region is the JavaScript side's to size).
export let MARK: usize = 0; // Int32 stamps, VALUE_LIMIT + 1
export let WANT: usize = 0; // Uint8 flags, VALUE_LIMIT + 1, all zero between heaps
export let WANTED: usize = 0; // Int32, VALUE_LIMIT + 1
export let CLS: usize = 0; // Uint8 class of each value under the mask
export let BYC0: usize = 0; // Int32 values of class 0, ascending, then a sentinel >= VALUE_LIMIT
export let BYC1: usize = 0; // the same for class 1
export let SHAPE: usize = 0; // Int32 whole[], one[], two[]
export let nWhole: i32 = 0;
export let nOne: i32 = 0;
export let nTwo: i32 = 0;
export let distinct: i32 = 0;
export let maxTwo: i32 = 0; // the largest split offset n - s
export let minTwo: i32 = 0; // the smallest
export let parity: i32 = 0;
export let G8: usize = 0; // the values as bytes, min(g, ESC): the table every read starts from
// Uint16 values, read only where G8 holds ESC (written only there: 2 bytes a heap of address space)
export let G: usize = 0;
/** The byte that says "look in G": 255, so that a value needs 2 bytes only from 255 on (tests set less). */
export let ESC: i32 = 255;
export let ESCV: v128 = i16x8.splat(255);
export let ESCB: v128 = i8x16.splat(-1);
// The low byte of every value (g & 255), read by step 2's scan once values pass 255 (LOWS).
export let L8: usize = 0;
// A windowed table (src/kernels/values.ts WindowedValues): heaps [0, HEADN) at G8/G, the
// head, and heaps from TAIL0 on at T8/T (bases moved back by TAIL0 - HEADN, modulo 2^32), the
// tail. The first part of a pair is read from the head, the second part, step 1's partners, the
// one-heap moves and the new values from the tail. Not windowed, TAIL0 = HEADN and T8 = G8.
export let T8: usize = 0;
export let T: usize = 0;
export let LT8: usize = 0;
export let HEADN: i32 = 0x7fffffff;
export let TAIL0: i32 = 0x7fffffff;
/** Windowed: a rare heap found past this one ends the run after it (its partners leave the tail). */
export let REACH: i32 = 0x7fffffff;
export let RP: usize = 0; // Int32 rare heaps, ascending
export let RV: usize = 0; // Int32 their values
// Int32 where each rare heap's partners are read: the partner of sum s is the tail's heap s - RQ[j].
// RQ[j] = RP[j], but for a rare heap whose partners a windowed table keeps in its band (src/engine/
// sparse-window.ts): then the band's slots, as far from the tail as RQ[j] - RP[j].
export let RQ: usize = 0;
export let BITS: usize = 0; // 64 bytes: the wanted values as a bitset (values below 512)
export let SEEN: usize = 0; // a scratch bitset the gang's finish scans write and nobody reads
// LANE_COUNT x LANE_BYTES: step 1's marks of a block of 16 heaps, a byte a value, then SUM_LANES
export let LANES: usize = 0;
// The words of the last 64 split sums while values are below 64 (planes.ts): 512 bytes.
export let RING: usize = 0;

export let rareCount: i32 = 0;
export let stamp: i32 = 0;
export let outMax: i32 = 0;
export let outOverflow: i32 = -1;
/** The heap a windowed run stopped at because its scan needs pairs outside the window, else -1. */
export let outMiss: i32 = -1;

export const VALUE_LIMIT: i32 = 1 << 16;

// Vector constants as globals written at run time (setLayout): V8 builds a constant vector again
// at each use inside a loop (three to five instructions), where a global is one load.
/** Lanes 15 down to 0: a swizzle by it reverses 16 bytes. */
export let REV: v128 = i64x2.splat(0);
/** Bit t & 7 in lane t: a swizzle by x & 7 (below 8) is 1 << (x & 7). */
export let POW2: v128 = i64x2.splat(0);
export let SEVEN: v128 = i64x2.splat(0);
export let SIXTEEN: v128 = i64x2.splat(0);
export let LOW5: v128 = i64x2.splat(0);
/** 0xf0 in every lane: x ^ it, for x - 16 of a byte index x below 32, is x below 16 and from 128 else. */
export let TOP4: v128 = i64x2.splat(0);
/** 1 to 7 in every lane: the byte planes' numbers (planes.ts rows). */
export let K1: v128 = i64x2.splat(0);
export let K2: v128 = i64x2.splat(0);
export let K3: v128 = i64x2.splat(0);
export let K4: v128 = i64x2.splat(0);
export let K5: v128 = i64x2.splat(0);
export let K6: v128 = i64x2.splat(0);
export let K7: v128 = i64x2.splat(0);

function setConstants(): void {
  REV = i8x16(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  POW2 = i8x16(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
  SEVEN = i8x16.splat(7);
  SIXTEEN = i8x16.splat(16);
  LOW5 = i8x16.splat(31);
  TOP4 = i8x16.splat(-16);
  K1 = i8x16.splat(1);
  K2 = i8x16.splat(2);
  K3 = i8x16.splat(3);
  K4 = i8x16.splat(4);
  K5 = i8x16.splat(5);
  K6 = i8x16.splat(6);
  K7 = i8x16.splat(7);
}

export function setLayout(
  mark: usize, want: usize, wanted: usize, cls: usize, byc0: usize, byc1: usize, bits: usize, seen: usize,
  ring: usize,
): void {
  MARK = mark;
  WANT = want;
  WANTED = wanted;
  CLS = cls;
  BYC0 = byc0;
  BYC1 = byc1;
  BITS = bits;
  SEEN = seen;
  RING = ring;
  setConstants();
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

export function setTables(g: usize, g8: usize, l8: usize, rp: usize, rv: usize, rq: usize): void {
  G = g;
  G8 = g8;
  L8 = l8;
  T = g;
  T8 = g8;
  LT8 = l8;
  HEADN = 0x7fffffff;
  TAIL0 = 0x7fffffff;
  REACH = 0x7fffffff;
  RP = rp;
  RV = rv;
  RQ = rq;
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
  LT8 = L8 + <usize>head - <usize>tailFrom;
  T = G + ((<usize>head - <usize>tailFrom) << 1);
}

export function getMiss(): i32 {
  return outMiss;
}

/** The last first part a windowed table holds pairs for at heap n (every pair when not windowed). */
@inline export function reachOf(n: i32): i32 {
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

/** The values below 64 of class 1 under the mask (CLS), as a word (planes.ts); class 0's is its complement. */
export let class1: u64 = 0;

/** The mask's parity rule, set after its classes (CLS), which also decide lowsFit and class1. */
export function setMaskParity(p: i32): void {
  parity = p;
  fitLows();
  const one = i8x16.splat(1);
  class1 = 0;
  for (let k = 0; k < 4; k++) {
    const lanes = <u64>i8x16.bitmask(i8x16.eq(v128.load(CLS + <usize>(k << 4)), one));
    class1 |= lanes << <u64>(k << 4);
  }
}

/** The scan's low bytes are read modulo LOWB (256, a power of two; tests lower it); 0: never read. */
export let LOWB: i32 = 256;
/** Tests: read the low bytes whatever the mask (they are exact in any case, only slower). */
export let LOWANY: bool = false;
/**
 * Whether the scan reads the low bytes: the mask has bit LOWB (its class changes there), so the
 * rare values below 2 LOWB have distinct low bytes and a pair of parts of one class, whose XOR
 * is rare, flags a wanted value only when that is its XOR; only pairs with a rare part, which
 * are few, flag a lane wrongly.
 */
export let lowsFit: bool = false;

function fitLows(): void {
  lowsFit = LOWB > 0 && (LOWANY || load<u8>(CLS + <usize>LOWB) != load<u8>(CLS));
}

/**
 * Whether the scan reads the low bytes under any mask while values from 256 on stay rare
 * (`lowsWhileRare`; tests turn it off to run the exact rebuild): a pair flags a wrong lane only
 * when one of its parts is such a value. Grundy's game past 7.25 * 10^6 heaps and 0.034 have a
 * value of 256 or more once in millions of heaps, under masks without bit 8.
 */
export let lowsWhileRare: bool = true;
/** Heaps this instance closed, and those of them whose value is 256 or more. */
export let closedCount: i64 = 0;
export let wideCount: i64 = 0;

/** Whether a 16-bit scan reads the low bytes: the mask suits them, or wide values are rare (one heap in 1024). */
@inline export function readsLows(): bool {
  return lowsFit || (lowsWhileRare && LOWB == 256 && wideCount <= closedCount >> 10);
}

export function setLows(b: i32, any: bool, whileRare: bool): void {
  LOWB = b;
  LOWANY = any;
  lowsWhileRare = whileRare;
  fitLows();
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

@inline export function whole(k: i32): i32 {
  return load<i32>(SHAPE + (<usize>k << 2));
}
@inline export function one(k: i32): i32 {
  return load<i32>(SHAPE + (<usize>(nWhole + k) << 2));
}
@inline export function two(k: i32): i32 {
  return load<i32>(SHAPE + (<usize>(nWhole + nOne + k) << 2));
}
@inline export function gv(h: i32): i32 {
  return valueIn(G8, G, h);
}

/** g(h) from the tail (h >= TAIL0 when windowed). */
@inline export function gvT(h: i32): i32 {
  return valueIn(T8, T, h);
}

/**
 * g(h) from the byte plane at b8 and its escaped values at b16 (G8 and G, or T8 and T): a loop
 * takes the addresses into locals once, since V8 loads a global again at every use in a loop
 * that stores.
 */
@inline export function valueIn(b8: usize, b16: usize, h: i32): i32 {
  const b = <i32>load<u8>(b8 + <usize>h);
  return b != ESC ? b : <i32>load<u16>(b16 + (<usize>h << 1));
}

/** g[h, h + 8) in 16-bit lanes: eight bytes widened, the lanes that hold ESC taken from G. */
@inline export function words8(h: i32): v128 {
  const x = v128.load8x8_u(G8 + <usize>h);
  return v128.any_true(i16x8.eq(x, ESCV)) ? unescape(x, h) : x;
}

/** words8 from the tail. */
@inline export function words8T(h: i32): v128 {
  const x = v128.load8x8_u(T8 + <usize>h);
  return v128.any_true(i16x8.eq(x, ESCV)) ? unescapeT(x, h) : x;
}

/**
 * Whether the bytes are the values themselves (every value so far at most ESC, below V): the
 * step-1 marks then read bytes alone, and XOR them in byte lanes. Set with V (exactBytes).
 */
export let EXACT8: bool = false;

@inline export function exactBytes(V: i32): void {
  EXACT8 = V - 1 <= ESC;
}

/**
 * The lanes of a where m is all ones, of b where it is zero: m is a comparison's result, each
 * lane all ones or all zeros, where relaxed SIMD's lane select (one instruction, not three) is
 * defined.
 */
@inline export function choose(a: v128, b: v128, m: v128): v128 {
  return ASC_FEATURE_RELAXED_SIMD ? v128.relaxed_laneselect<i8>(a, b, m) : v128.bitselect(a, b, m);
}

/** x, 16-bit lanes of g[h, h + 8) widened from bytes, with the escaped lanes read from G. */
@inline export function unescape(x: v128, h: i32): v128 {
  return unescapeIn(x, G, h, ESCV);
}

/** unescape from the tail. */
@inline export function unescapeT(x: v128, h: i32): v128 {
  return unescapeIn(x, T, h, ESCV);
}

/** unescape with the escaped values at b16 (G or T) and ESCV as `esc`, from a loop's locals (valueIn). */
@inline export function unescapeIn(x: v128, b16: usize, h: i32, esc: v128): v128 {
  return choose(v128.load(b16 + (<usize>h << 1)), x, i16x8.eq(x, esc));
}

/** Store g[n] = v: the byte, and the value in G when the byte cannot hold it. */
@inline export function putValue(n: i32, v: i32): void {
  store<u8>(T8 + <usize>n, <u8>(v < ESC ? v : ESC));
  store<u8>(LT8 + <usize>n, <u8>v);
  if (v >= ESC) store<u16>(T + (<usize>n << 1), <u16>v);
}
@inline export function rpos(j: i32): i32 {
  return load<i32>(RP + (<usize>j << 2));
}
/** The heap rare heap j's partners are read from: the partner of sum s is the tail's heap s - rq(j). */
@inline export function rq(j: i32): i32 {
  return load<i32>(RQ + (<usize>j << 2));
}
@inline export function rval(j: i32): i32 {
  return load<i32>(RV + (<usize>j << 2));
}
@inline export function markAt(x: i32): i32 {
  return load<i32>(MARK + (<usize>x << 2));
}
@inline export function setMark(x: i32, st: i32): void {
  store<i32>(MARK + (<usize>x << 2), st);
}
@inline export function wantAt(x: i32): i32 {
  return <i32>load<u8>(WANT + <usize>x);
}
@inline export function classList(c: i32): usize {
  return c != 0 ? BYC1 : BYC0;
}
@inline export function listAt(list: usize, k: i32): i32 {
  return load<i32>(list + (<usize>k << 2));
}

/** Empty the bitset BITS (64 bytes: the values below 512). */
@inline export function clearBits(): void {
  const zero = i64x2.splat(0);
  v128.store(BITS, zero);
  v128.store(BITS, zero, 16);
  v128.store(BITS, zero, 32);
  v128.store(BITS, zero, 48);
}

/** A new, empty stamped set (src/kernels/mex.ts nextStamp). */
export function nextStamp(): i32 {
  if (++stamp == 0x7fffffff) {
    memory.fill(MARK, 0, <usize>(VALUE_LIMIT + 1) << 2);
    stamp = 1;
  }
  return stamp;
}
