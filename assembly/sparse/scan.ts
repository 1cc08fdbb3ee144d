// Sparse space in WebAssembly (assembly/sparse.ts), step 2: the scan of the pairs of common heaps
// for the rare values below c, 16 or 32 pairs a test.

import {
  BITS,
  ESC,
  ESCB,
  EXACT8,
  G,
  G8,
  L8,
  LOWB,
  LOW5,
  LT8,
  POW2,
  REV,
  SEEN,
  SEVEN,
  SIXTEEN,
  TOP4,
  T,
  T8,
  WANT,
  WANTED,
  choose,
  clearBits,
  distinct,
  gv,
  gvT,
  readsLows,
  maxTwo,
  nTwo,
  two,
  wantAt,
  words8,
  words8T,
} from './layout';
import {
  w1,
} from './step1';

/** The largest first part a of a split with sum s (a <= the other part; a < it when distinct). */
@inline export function amaxOf(s: i32): i32 {
  return distinct != 0 ? (s - 1) >> 1 : s >> 1;
}

/**
 * The XORs of the 16 pairs (a + t, s - a - t), t < 16, as bytes: lows = g[a, a + 16) and
 * highs = g(s - a - 16, s - a], the latter reversed (exact where neither part escapes). A lane is
 * wanted when bit x & 7 of byte x >> 3 of the bitset is set (two 16-byte swizzles find the byte),
 * or, once at most two wanted values are left (most of a long scan), when it equals one of them.
 */
@inline export function blockX(s: i32, a: i32): v128 {
  return pairXor(G8, T8, s, a, REV, false, i64x2.splat(0));
}

/**
 * The XORs of the 16 pairs (a + t, s - a - t) from the byte planes at g8 (first parts) and t8
 * (second parts, read reversed by `rev`), modulo LOWB when `fold` (`lowMask` = LOWB - 1).
 */
@inline function pairXor(g8: usize, t8: usize, s: i32, a: i32, rev: v128, fold: bool, lowMask: v128): v128 {
  const x = v128.xor(v128.load(g8 + <usize>a), lookup(v128.load(t8 + <usize>(s - a - 15)), rev));
  return fold ? v128.and(x, lowMask) : x;
}

/**
 * The bytes of t at the indices in s, each below 16 or from 128 (0): one instruction with relaxed
 * SIMD, whose swizzle leaves indices from 16 to 127 to the machine.
 */
@inline export function lookup(t: v128, s: v128): v128 {
  return ASC_FEATURE_RELAXED_SIMD ? v128.relaxed_swizzle(t, s) : i8x16.swizzle(t, s);
}

/** The lanes of x equal to w1 or to w2 (the one or two values left). */
@inline function eitherOf(x: v128, w1: v128, w2: v128): v128 {
  return v128.or(i8x16.eq(x, w1), i8x16.eq(x, w2));
}

/** Nonzero in the lanes of x that hold a wanted value: many wanted, the bitset (t0, t1); few, w1 and w2. */
@inline export function wantedLanes(x: v128, few: bool, t0: v128, t1: v128, w1: v128, w2: v128): v128 {
  if (few) return eitherOf(x, w1, w2);
  return inBits(x, t0, t1, LOW5, SIXTEEN, TOP4, POW2, SEVEN);
}

/** The lanes of x whose bit is set in the 256-bit set (t0, t1). */
@inline function inBits(
  x: v128, t0: v128, t1: v128, low5: v128, sixteen: v128, top4: v128, pow2: v128, seven: v128,
): v128 {
  // x >> 3 in 16-bit lanes, masked to 5 bits: WebAssembly's byte shift costs a mask built each time.
  const idx = v128.and(i16x8.shr_u(x, 3), low5);
  const i1 = i8x16.sub(idx, sixteen);
  // idx below 16 for t0, and from 128 where it is not (i1 ^ 0xf0): a lookup's index is either.
  const i0 = ASC_FEATURE_RELAXED_SIMD ? v128.xor(i1, top4) : idx;
  const byte = v128.or(lookup(t0, i0), lookup(t1, i1));
  return v128.and(byte, lookup(pow2, v128.and(x, seven)));
}

/**
 * The XORs of the same 16 pairs as blockX from the low bytes (L8), modulo LOWB: every pair whose
 * XOR is a wanted value shows that value's low byte, so the lanes they flag hold every hit (a
 * pair of a value from 256 on and one below it may show a wanted low byte too; takeHits reads
 * each flagged pair exactly and skips it).
 */
@inline export function blockLows(s: i32, a: i32): v128 {
  return pairXor(L8, LT8, s, a, REV, LOWB < 256, i8x16.splat(<i8>(LOWB - 1)));
}

/**
 * A block's wanted lanes, by `esc`: the bytes' own test (BYTES), wordLanes where values may
 * escape (WORDS), or the low bytes' test against the folded bitset (LOWS: t0, t1 from foldBits).
 */
@inline export function blockLanes(
  esc: i32, s: i32, a: i32, few: bool, t0: v128, t1: v128, t2: v128, t3: v128, w1: v128, w2: v128,
): v128 {
  if (esc == LOWS) return wantedLanes(blockLows(s, a), few, t0, t1, w1, w2);
  if (esc == WORDS) return wordLanes(s, a, few, t0, t1, t2, t3, w1, w2, REV, ESCB, LOW5, SIXTEEN, POW2, SEVEN);
  return wantedLanes(blockX(s, a), few, t0, t1, w1, w2);
}

/** Each half of the 16 bytes of x in reverse order. */
@inline export function reverse8s(x: v128): v128 {
  return i8x16.shuffle(x, x, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
}

/**
 * The lanes of the 16 pairs (a + t, s - a - t) that hold a wanted value, exactly, for values
 * below 512 (WORDS). A block with no escaped byte is tested in byte lanes as in BYTES. Where a
 * part escapes (Officers: about one heap in twelve from 2^20 on, so most blocks), the values
 * are rebuilt as a low and a high byte plane from G, and the wanted byte is found among the 64
 * of the bitset by four swizzles: only the lanes that hold a wanted value go on to takeHits.
 */
@inline export function wordLanes(
  s: i32, a: i32, few: bool, t0: v128, t1: v128, t2: v128, t3: v128, w1: v128, w2: v128,
  rev: v128, escb: v128, low5: v128, sixteen: v128, pow2: v128, seven: v128,
): v128 {
  const lows = v128.load(G8 + <usize>a);
  const highs = v128.load(T8 + <usize>(s - a - 15));
  const back = lookup(highs, rev);
  const ea = i8x16.eq(lows, escb);
  const eb = i8x16.eq(back, escb);
  if (!v128.any_true(v128.or(ea, eb))) {
    const x = v128.xor(lows, back);
    return few ? eitherOf(x, w1, w2) : inBits(x, t0, t1, low5, sixteen, TOP4, pow2, seven);
  }
  const pa = G + (<usize>a << 1);
  const pb = T + (<usize>(s - a - 15) << 1);
  const a0 = v128.load(pa);
  const a1 = v128.load(pa, 16);
  const b0 = v128.load(pb);
  const b1 = v128.load(pb, 16);
  // Low and high bytes by narrowing (pack instructions), not two-input byte shuffles.
  const low = i16x8.splat(0xff);
  const alo = choose(i8x16.narrow_i16x8_u(v128.and(a0, low), v128.and(a1, low)), lows, ea);
  const ahi = v128.and(i8x16.narrow_i16x8_u(i16x8.shr_u(a0, 8), i16x8.shr_u(a1, 8)), ea);
  const blo = choose(reverse8s(i8x16.narrow_i16x8_u(v128.and(b1, low), v128.and(b0, low))), back, eb);
  const bhi = v128.and(reverse8s(i8x16.narrow_i16x8_u(i16x8.shr_u(b1, 8), i16x8.shr_u(b0, 8))), eb);
  const lo = v128.xor(alo, blo);
  const hi = v128.xor(ahi, bhi);
  if (few) {
    return v128.or(
      v128.and(i8x16.eq(lo, W1lo), i8x16.eq(hi, W1hi)),
      v128.and(i8x16.eq(lo, W2lo), i8x16.eq(hi, W2hi)),
    );
  }
  // The byte index lo >> 3 | hi << 5 by 16-bit shifts (hi is 0 or 1, so nothing crosses a byte).
  const idx = v128.or(v128.and(i16x8.shr_u(lo, 3), low5), i16x8.shl(hi, 5));
  const i1 = i8x16.sub(idx, sixteen);
  const i2 = i8x16.sub(i1, sixteen);
  const byte = v128.or(
    v128.or(i8x16.swizzle(t0, idx), i8x16.swizzle(t1, i1)),
    v128.or(i8x16.swizzle(t2, i2), i8x16.swizzle(t3, i8x16.sub(i2, sixteen))),
  );
  return v128.and(byte, i8x16.swizzle(pow2, v128.and(lo, seven)));
}

/**
 * Scan state kept between the calls of one heap's scan (one call a sum and block when there
 * are several sums): how many values were wanted, and once at most two are left, those two as
 * splats (the same one twice when one is left; a value met since simply never matches again).
 */
export let scanTotal: i32 = 0;
export let fewLeft: bool = false;
export let W1: v128 = i64x2.splat(0);
export let W2: v128 = i64x2.splat(0);
export let W1w: v128 = i64x2.splat(0);
export let W2w: v128 = i64x2.splat(0);
// The same two values as a low and a high byte, for wordLanes' rebuilt planes.
export let W1lo: v128 = i64x2.splat(0);
export let W1hi: v128 = i64x2.splat(0);
export let W2lo: v128 = i64x2.splat(0);
export let W2hi: v128 = i64x2.splat(0);
// The same two values modulo LOWB, for the low bytes' test (LOWS).
export let W1f: v128 = i64x2.splat(0);
export let W2f: v128 = i64x2.splat(0);

/** `left` when W1 and W2 were last set: a hit that met no wanted value leaves them as they are. */
export let fewFor: i32 = -1;

/** The values W1 and W2 were set to (x2 = x1 when one was left). */
let fewX1: i32 = -1;
let fewX2: i32 = -1;

/** fewLeft from `left`, and W1 and W2 set once it is at most two (the test inline, at each hit). */
@inline export function refreshFew(): void {
  fewLeft = left <= 2;
  if (fewLeft && left != fewFor) setFew();
}

function setFew(): void {
  const was = fewFor;
  fewFor = left;
  // The (at most two) values still wanted, from the bitset while it is kept (a few word tests
  // instead of a branch a wanted value), else from wanted[0, scanTotal); x2 = x1 when one is left.
  // One of the two just met: the other is the one whose bit is still set, no walk over the bitset.
  let x1 = -1;
  let x2 = -1;
  if (bitsKept && was == 2 && left == 1) {
    x1 = (<i32>load<u8>(BITS + <usize>(fewX1 >> 3)) >> (fewX1 & 7)) & 1 ? fewX1 : fewX2;
  } else if (bitsKept) {
    for (let k = 0; k < 8 && x2 < 0; k++) {
      let w = load<u64>(BITS + (<usize>k << 3));
      while (w != 0) {
        const x = (k << 6) + <i32>ctz(w);
        w &= w - 1;
        if (x1 < 0) x1 = x;
        else {
          x2 = x;
          break;
        }
      }
    }
  } else for (let j = 0; j < scanTotal; j++) {
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
  fewX1 = x1;
  fewX2 = x2;
  // A value past 255 only comes from an escaped part: wordLanes compares those lanes with W1lo/W1hi.
  W1 = i8x16.splat(<i8>(x1 < 256 ? x1 : ESC));
  W2 = i8x16.splat(<i8>(x2 < 256 ? x2 : ESC));
  W1w = i16x8.splat(<i16>x1);
  W2w = i16x8.splat(<i16>x2);
  W1lo = i8x16.splat(<i8>x1);
  W1hi = i8x16.splat(<i8>(x1 >> 8));
  W2lo = i8x16.splat(<i8>x2);
  W2hi = i8x16.splat(<i8>(x2 >> 8));
  W1f = i8x16.splat(<i8>(x1 & (LOWB - 1)));
  W2f = i8x16.splat(<i8>(x2 & (LOWB - 1)));
}

/**
 * The bitset BITS folded modulo LOWB, for the low bytes' test: the halves (t0 and t1 as
 * wantedLanes reads them) are F0 and F1. Two wanted values never share a folded bit while the
 * mask suits the low bytes (lowsFit: they differ in their class); when they do, a flagged lane
 * is still read exactly.
 */
export let F0: v128 = i64x2.splat(0);
export let F1: v128 = i64x2.splat(0);

@inline export function foldBits(): void {
  if (LOWB == 256) {
    F0 = v128.or(v128.load(BITS), v128.load(BITS, 32));
    F1 = v128.or(v128.load(BITS, 16), v128.load(BITS, 48));
    return;
  }
  foldSmall();
}

/** foldBits for the lower LOWB that tests set (8 to 128). */
function foldSmall(): void {
  let w0: u64 = 0;
  let w1: u64 = 0;
  for (let j = 0; j < 8; j++) {
    const x = load<u64>(BITS + (<usize>j << 3));
    if (LOWB == 128 && (j & 1) != 0) w1 |= x;
    else w0 |= x;
  }
  if (LOWB <= 32) w0 |= w0 >> 32;
  if (LOWB <= 16) w0 |= w0 >> 16;
  if (LOWB <= 8) w0 |= w0 >> 8;
  if (LOWB < 64) w0 &= (<u64>1 << <u64>LOWB) - 1;
  F0 = i64x2.replace_lane(i64x2.splat(w0), 1, w1);
  F1 = i64x2.splat(0);
}

/**
 * Whether BITS holds exactly the values still wanted (a scan in byte or 16-bit lanes, whose
 * values are all below 512): every hit clears its bit.
 */
export let bitsKept: bool = false;

/**
 * Whether a scan in lane mode `lanes` keeps the bitset BITS: then it reads and clears only BITS,
 * and its callers may leave WANT and WANTED unwritten (wantEach's bitsOnly).
 */
@inline export function keepsBits(lanes: i32): bool {
  return lanes != SCALAR;
}

/** Set the bitset BITS to the wanted values wanted[0, total) still wanted (all below 512). */
export function loadBits(total: i32): void {
  bitsKept = true;
  scanTotal = total;
  fewFor = -1;
  clearBits();
  for (let j = 0; j < total; j++) {
    const x = load<i32>(WANTED + (<usize>j << 2));
    if (wantAt(x) == 1) store<u8>(BITS + <usize>(x >> 3), <i32>load<u8>(BITS + <usize>(x >> 3)) | (1 << (x & 7)));
  }
}

/** The 16-bit lanes of x that equal one of the (at most two) values left, W1w and W2w. */
@inline export function fewHits(x: v128): v128 {
  return v128.or(i16x8.eq(x, W1w), i16x8.eq(x, W2w));
}

/** The eight 16-bit lanes of x in reverse order. */
@inline export function reverse16(x: v128): v128 {
  return i8x16.shuffle(x, x, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
}

/**
 * How step 2 tests pairs, from V (every value is below V, a power of two): BYTES, 16 pairs a
 * test in byte lanes, the bytes being the values; WORDS, the same, with the pairs of a block
 * that has an escaped part rebuilt exactly (wordLanes; the bitset BITS holds 512 values); SCALAR, a pair at a time
 * (8 pairs a test in 16-bit lanes once at most two values are wanted).
 */
export const SCALAR: i32 = 0;
export const BYTES: i32 = 1;
export const WORDS: i32 = 2;
/** WORDS read from the low bytes: a WORDS scan while readsLows (the mask suits them, or wide values are rare). */
export const LOWS: i32 = 3;
/**
 * The largest V for BYTES and for WORDS: 256 and 512. Tests lower them (setLaneLimits) so that
 * small tables run the paths that large values take.
 */
export let bytesUpTo: i32 = 256;
export let wordsUpTo: i32 = 512;
@inline export function laneMode(V: i32): i32 {
  // Bytes are the values themselves while every value is at most ESC (below V).
  return V <= bytesUpTo && V - 1 <= ESC ? BYTES : V <= wordsUpTo ? WORDS : SCALAR;
}

/** How a scan in lane mode `lanes` (BYTES or WORDS) tests its blocks: BYTES, WORDS or LOWS. */
@inline export function blockMode(lanes: i32): i32 {
  return lanes == WORDS ? (readsLows() ? LOWS : WORDS) : BYTES;
}

export function setLaneLimits(bytes: i32, words: i32): void {
  bytesUpTo = min(bytes, 256);
  wordsUpTo = min(words, 512);
}

/** The scan's counter, shared with the gang's scans: wanted values not seen yet. */
export let left: i32 = 0;

/** The lanes of l that are not zero, as bits. */
@inline function nonzero(l: v128): i32 {
  return ~i8x16.bitmask(i8x16.eq(l, i8x16.splat(0))) & 0xffff;
}

/**
 * scanSum's tests, for each block mode `esc` (BYTES, LOWS or WORDS): 64 pairs a test while more
 * than two values are wanted (hits are frequent, and each test that hits costs a mispredicted
 * branch), then 32 pairs against the two values left (most of a long scan). Every table base
 * and constant is read once into locals: V8 builds a constant vector again at each use and
 * reloads a global at each read, and a loop with both at every block ran about twice the
 * instructions. Returns the first a not scanned once fewer pairs are left than a test takes, or
 * minus the first a not scanned when the scan may stop.
 */
@inline function blocks(s: i32, from: i32, amax: i32, seen: usize, esc: i32): i32 {
  const rev = REV;
  const escb = ESCB;
  const low5 = LOW5;
  const sixteen = SIXTEEN;
  const top4 = TOP4;
  const pow2 = POW2;
  const seven = SEVEN;
  const lows = esc == LOWS;
  const g8 = lows ? L8 : G8;
  const t8 = lows ? LT8 : T8;
  const fold = lows && LOWB < 256;
  const lowMask = i8x16.splat(<i8>(LOWB - 1));
  const zero = i64x2.splat(0);
  let a = from;
  if (!fewLeft) {
    if (lows) foldBits();
    let t0 = lows ? F0 : v128.load(BITS);
    let t1 = lows ? F1 : v128.load(BITS, 16);
    let t2 = esc == WORDS ? v128.load(BITS, 32) : zero;
    let t3 = esc == WORDS ? v128.load(BITS, 48) : zero;
    while (a + 63 <= amax) {
      let l0: v128, l1: v128, l2: v128, l3: v128;
      if (esc == WORDS) {
        l0 = wordLanes(s, a, false, t0, t1, t2, t3, zero, zero, rev, escb, low5, sixteen, pow2, seven);
        l1 = wordLanes(s, a + 16, false, t0, t1, t2, t3, zero, zero, rev, escb, low5, sixteen, pow2, seven);
        l2 = wordLanes(s, a + 32, false, t0, t1, t2, t3, zero, zero, rev, escb, low5, sixteen, pow2, seven);
        l3 = wordLanes(s, a + 48, false, t0, t1, t2, t3, zero, zero, rev, escb, low5, sixteen, pow2, seven);
      } else {
        l0 = inBits(pairXor(g8, t8, s, a, rev, fold, lowMask), t0, t1, low5, sixteen, top4, pow2, seven);
        l1 = inBits(pairXor(g8, t8, s, a + 16, rev, fold, lowMask), t0, t1, low5, sixteen, top4, pow2, seven);
        l2 = inBits(pairXor(g8, t8, s, a + 32, rev, fold, lowMask), t0, t1, low5, sixteen, top4, pow2, seven);
        l3 = inBits(pairXor(g8, t8, s, a + 48, rev, fold, lowMask), t0, t1, low5, sixteen, top4, pow2, seven);
      }
      if (!v128.any_true(v128.or(v128.or(l0, l1), v128.or(l2, l3)))) {
        a += 64;
        continue;
      }
      // One mask for the 64 lanes: one loop, so one mispredicted exit a test that hits.
      const m = <u64>(nonzero(l0) | (nonzero(l1) << 16)) | (<u64>(nonzero(l2) | (nonzero(l3) << 16)) << 32);
      const stop = takeHits<u64>(s, a, m, seen, true);
      if (stop > 0) return -stop;
      a += 64;
      if (left <= 2) {
        refreshFew();
        break;
      }
      if (lows) foldBits();
      t0 = lows ? F0 : v128.load(BITS);
      t1 = lows ? F1 : v128.load(BITS, 16);
      if (esc == WORDS) {
        t2 = v128.load(BITS, 32);
        t3 = v128.load(BITS, 48);
      }
    }
  }
  if (!fewLeft) return a;
  let w1 = lows ? W1f : W1;
  let w2 = lows ? W2f : W2;
  while (a + 31 <= amax) {
    let l0: v128, l1: v128;
    if (esc == WORDS) {
      l0 = wordLanes(s, a, true, zero, zero, zero, zero, w1, w2, rev, escb, low5, sixteen, pow2, seven);
      l1 = wordLanes(s, a + 16, true, zero, zero, zero, zero, w1, w2, rev, escb, low5, sixteen, pow2, seven);
    } else {
      l0 = eitherOf(pairXor(g8, t8, s, a, rev, fold, lowMask), w1, w2);
      l1 = eitherOf(pairXor(g8, t8, s, a + 16, rev, fold, lowMask), w1, w2);
    }
    if (!v128.any_true(v128.or(l0, l1))) {
      a += 32;
      continue;
    }
    const stop = takeHits<i32>(s, a, nonzero(l0) | (nonzero(l1) << 16), seen, true);
    if (stop > 0) return -stop;
    a += 32;
    refreshFew();
    w1 = lows ? W1f : W1;
    w2 = lows ? W2f : W2;
  }
  return a;
}

function blocksBytes(s: i32, from: i32, amax: i32, seen: usize): i32 {
  return blocks(s, from, amax, seen, BYTES);
}

function blocksLows(s: i32, from: i32, amax: i32, seen: usize): i32 {
  return blocks(s, from, amax, seen, LOWS);
}

function blocksWords(s: i32, from: i32, amax: i32, seen: usize): i32 {
  return blocks(s, from, amax, seen, WORDS);
}

/**
 * Step 2 over the pairs (a, s - a) with a in [from, amax]: each wanted value met is cleared
 * from WANT, set in the bitset at `seen`, and counted down in `left`. Stops once it is 0 and
 * returns the first a not scanned (amax + 1 when it ran out of pairs). `lanes` (laneMode):
 * BYTES and WORDS run 16-pair blocks, testing the bitset BITS of the wanted values (loadBits),
 * which is kept in step with WANT.
 */
export function scanSum(s: i32, from: i32, amax: i32, seen: usize, lanes: i32): i32 {
  let a = from;
  if (lanes != SCALAR && a + 15 <= amax) {
    // WORDS: values past ESC escape; wordLanes rebuilds their pairs exactly, or the low bytes
    // flag them (LOWS).
    const esc = blockMode(lanes);
    if (a + 31 <= amax) {
      if (esc == LOWS) a = blocksLows(s, a, amax, seen);
      else a = esc == WORDS ? blocksWords(s, a, amax, seen) : blocksBytes(s, a, amax, seen);
      if (a < 0) return -a;
    }
    if (esc == LOWS) foldBits();
    let t0 = esc == LOWS ? F0 : v128.load(BITS);
    let t1 = esc == LOWS ? F1 : v128.load(BITS, 16);
    let t2 = v128.load(BITS, 32);
    let t3 = v128.load(BITS, 48);
    let few = fewLeft;
    let w1 = esc == LOWS ? W1f : W1;
    let w2 = esc == LOWS ? W2f : W2;
    // What blocks leaves (fewer pairs than its tests take): 32 pairs a test, then 16. The lanes
    // that hit are taken in order over the test's blocks at once (each holds a wanted value,
    // unless an earlier lane met the same one, which then reads as not wanted).
    while (a + 15 <= amax) {
      const zero = i8x16.splat(0);
      let step = 16;
      let stop = 0;
      const lanes = blockLanes(esc, s, a, few, t0, t1, t2, t3, w1, w2);
      let m = i8x16.bitmask(i8x16.ne(lanes, zero));
      if (a + 31 <= amax) {
        const next = blockLanes(esc, s, a + 16, few, t0, t1, t2, t3, w1, w2);
        step = 32;
        if (!v128.any_true(v128.or(lanes, next))) {
          a += step;
          continue;
        }
        m |= i8x16.bitmask(i8x16.ne(next, zero)) << 16;
      }
      if (m == 0) {
        a += step;
        continue;
      }
      stop = takeHits<i32>(s, a, m, seen, true);
      if (stop > 0) return stop;
      if (esc == LOWS) foldBits();
      t0 = esc == LOWS ? F0 : v128.load(BITS);
      t1 = esc == LOWS ? F1 : v128.load(BITS, 16);
      t2 = v128.load(BITS, 32);
      t3 = v128.load(BITS, 48);
      if (left <= 2) {
        refreshFew();
        few = true;
        w1 = esc == LOWS ? W1f : W1;
        w2 = esc == LOWS ? W2f : W2;
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
      const stop = takeHits<i32>(s, a, m, seen, bitsKept);
      if (stop > 0) return stop;
      refreshFew();
      a += 8;
      continue;
    }
    const x = gv(a) ^ gvT(s - a);
    if (stillWanted(x) != 0) {
      if (seenHit(x, seen)) return a + 1;
      refreshFew();
    }
    a++;
  }
  return amax + 1;
}

/**
 * Whether wanted value x is still wanted: its bit in BITS while that is kept (takeHits and
 * seenHit then leave WANT as it was until the heap ends), else WANT.
 */
@inline export function stillWanted(x: i32): i32 {
  if (!bitsKept) return wantAt(x);
  return x < 512 ? (<i32>load<u8>(BITS + <usize>(x >> 3)) >> (x & 7)) & 1 : 0;
}

/**
 * The lanes of m (bit t: the pair (a + t, s - a - t)) in order: each wanted value met is seen
 * and cleared from the bitset BITS (`bits`: the scan keeps it, every value below 512) or else
 * from WANT. Returns the first a not scanned when the scan may stop, else 0. The count left is
 * kept in a local, and the seen bitset is written only where someone reads it (not SEEN).
 */
@inline export function takeHits<M>(s: i32, a: i32, m: M, seen: usize, bits: bool): i32 {
  let l = left;
  const keep = seen != SEEN;
  while (m != 0) {
    const t = <i32>ctz(m);
    m &= m - 1;
    const ha = a + t;
    const hb = s - a - t;
    const ba = <i32>load<u8>(G8 + <usize>ha);
    const bb = <i32>load<u8>(T8 + <usize>hb);
    // The bytes are the values (EXACT8), or both parts are read with no branch on an escape
    // (which was mispredicted at Officers' lanes).
    const v = EXACT8
      ? ba ^ bb
      : select<i32>(<i32>load<u16>(G + (<usize>ha << 1)), ba, ba == ESC) ^
        select<i32>(<i32>load<u16>(T + (<usize>hb << 1)), bb, bb == ESC);
    let w: i32;
    if (bits) {
      const at = BITS + <usize>(v >> 3);
      const b = <i32>load<u8>(at);
      w = (b >> (v & 7)) & 1;
      store<u8>(at, b & ~(1 << (v & 7)));
    } else {
      w = wantAt(v);
      store<u8>(WANT + <usize>v, 0);
      if (v < 512) store<u8>(BITS + <usize>(v >> 3), <i32>load<u8>(BITS + <usize>(v >> 3)) & ~(1 << (v & 7)));
    }
    if (keep) {
      const at = seen + (<usize>(v >>> 5) << 2);
      store<i32>(at, load<i32>(at) | (w << (v & 31)));
    }
    l -= w;
    if (l == 0) {
      left = 0;
      return ha + 1;
    }
  }
  left = l;
  return 0;
}

/** A wanted value x met: clear it (as takeHits does), record it, count it. True when the scan may stop. */
@inline export function seenHit(x: i32, seen: usize): bool {
  if (bitsKept) store<u8>(BITS + <usize>(x >> 3), <i32>load<u8>(BITS + <usize>(x >> 3)) & ~(1 << (x & 7)));
  else {
    store<u8>(WANT + <usize>x, 0);
    if (x < 512) store<u8>(BITS + <usize>(x >> 3), <i32>load<u8>(BITS + <usize>(x >> 3)) & ~(1 << (x & 7)));
  }
  const at = seen + (<usize>(x >>> 5) << 2);
  store<i32>(at, load<i32>(at) | (1 << (x & 31)));
  return --left == 0;
}

/**
 * Step 2 over every split sum n - two[k], first parts a in [aFrom, min(aTo, amax)]: for several
 * sums the pairs of 16 first parts at a time, each sum in turn (the result is the set of values
 * seen, whatever the order; stopping early only saves time). Returns the first a not finished.
 * `ready`: BITS already holds the wanted values (wantEach wrote it), else it is built from them.
 */
export function scan(n: i32, aFrom: i32, aTo: i32, seen: usize, lanes: i32, total: i32, ready: bool): i32 {
  const s0 = n - two(0);
  let amax = amaxOf(s0);
  scanTotal = total;
  fewFor = -1;
  bitsKept = keepsBits(lanes);
  if (bitsKept && !ready) loadBits(total);
  refreshFew();
  if (nTwo == 1 || distinct != 0) {
    if (aTo < amax) amax = aTo;
    return scanSum(s0, aFrom, amax, seen, lanes);
  }
  if (aTo < amax) amax = aTo;
  let a = aFrom;
  if (lanes != SCALAR) {
    a = scanSumsBytes(n, a, min(amax, (n - maxTwo) >> 1), seen, lanes);
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
export function scanSumsBytes(n: i32, from: i32, limit: i32, seen: usize, lanes: i32): i32 {
  let a = from;
  const esc = blockMode(lanes);
  if (esc == LOWS) foldBits();
  let t0 = esc == LOWS ? F0 : v128.load(BITS);
  let t1 = esc == LOWS ? F1 : v128.load(BITS, 16);
  let t2 = v128.load(BITS, 32);
  let t3 = v128.load(BITS, 48);
  let few = fewLeft;
  let w1 = esc == LOWS ? W1f : W1;
  let w2 = esc == LOWS ? W2f : W2;
  // Two sums (0.167, 0.354): one branch for both sums' blocks while neither hits.
  const s0 = n - two(0);
  const s1 = nTwo == 2 ? n - two(1) : 0;
  while (a + 15 <= limit) {
    const zero = i8x16.splat(0);
    let hit = false;
    if (nTwo == 2) {
      const l0 = blockLanes(esc, s0, a, few, t0, t1, t2, t3, w1, w2);
      const l1 = blockLanes(esc, s1, a, few, t0, t1, t2, t3, w1, w2);
      hit = v128.any_true(v128.or(l0, l1));
      if (hit) {
        const m0 = i8x16.bitmask(i8x16.ne(l0, zero));
        const m1 = i8x16.bitmask(i8x16.ne(l1, zero));
        // A lane of the second sum whose value the first just met reads as not wanted.
        if (m0 != 0 && takeHits<i32>(s0, a, m0, seen, true) > 0) return -a;
        if (m1 != 0 && takeHits<i32>(s1, a, m1, seen, true) > 0) return -a;
      }
    } else
      for (let k = 0; k < nTwo; k++) {
        const s = n - two(k);
        const lanes = blockLanes(esc, s, a, few, t0, t1, t2, t3, w1, w2);
        if (!v128.any_true(lanes)) continue;
        hit = true;
        if (takeHits<i32>(s, a, i8x16.bitmask(i8x16.ne(lanes, zero)), seen, true) > 0) return -a;
      }
    a += 16;
    if (!hit) continue;
    if (esc == LOWS) foldBits();
    t0 = esc == LOWS ? F0 : v128.load(BITS);
    t1 = esc == LOWS ? F1 : v128.load(BITS, 16);
    t2 = v128.load(BITS, 32);
    t3 = v128.load(BITS, 48);
    if (left <= 2) {
      refreshFew();
      few = true;
      w1 = esc == LOWS ? W1f : W1;
      w2 = esc == LOWS ? W2f : W2;
    }
  }
  return a;
}
