// Sparse space in WebAssembly (assembly/sparse.ts): the front, step 2's first pairs marked a block
// at a time the way step 1 marks its rare pairs.
//
// Why: a scan's first pairs meet most of the heap's wanted values, many of them several times,
// and every lane that hits costs about twenty instructions to read back and clear (Officers near
// 2^22: 119 lanes a heap for 57 values). Marking a pair into its heap's lane costs about 2.5.
// So the pairs (a, s - a), a in [aLo, aHi], go into the lanes of a block's 16 heaps beside step
// 1's bulk: they are options like any other, c and the wanted values are read from lanes that
// hold them, and the scan goes on from aHi + 1. One thread ran 6-22% faster
// (bench/NOTES.md). Every value stays exact: the marks are options of the heap whatever the front.

import {
  ESCV,
  EXACT8,
  G,
  G8,
  LANES,
  REV,
  SIXTEEN,
  T,
  T8,
  choose,
  valueIn,
  words8,
  words8T,
} from './layout';
import {
  LANE_BYTES,
  laneStores,
  rowBytes,
  rowWords,
  toBst,
  toLane,
} from './step1';
import {
  reverse16,
} from './scan';

/** The front's length: a fixed one (tests), or -1 to follow the scans. */
export let frontFixed: i32 = -1;
/** Pairs the next blocks mark a sum: FRONT_SHARE of the mean scan length, from the front's start. */
export let frontPairs: i32 = 0;
const FRONT_SHARE: f64 = 0.4;
/** The scans frontPairs follows: this many, each counted up to SCAN_CAP pairs (a scan that runs out is one). */
const FRONT_EVERY: i32 = 4096;
const SCAN_CAP: i32 = 16384;
let scanned: f64 = 0;
let scans: i32 = 0;

export function setFront(k: i32): void {
  frontFixed = k;
  frontPairs = k >= 0 ? k : 0;
  scanned = 0;
  scans = 0;
}

/** The front's length as another instance follows it (the pipe's marker), unless fixed. */
export function setFrontPairs(k: i32): void {
  if (frontFixed < 0) frontPairs = k;
}

/** A heap's scan went `length` pairs past its front's start (its front's length when it had no scan). */
@inline export function noteScan(length: i32): void {
  scanned += <f64>min(length, SCAN_CAP);
  if (++scans < FRONT_EVERY) return;
  if (frontFixed < 0) frontPairs = (<i32>((FRONT_SHARE * scanned) / <f64>scans) >> 4) << 4;
  scanned = 0;
  scans = 0;
}

/**
 * The front's last first part for the block B..B + 15 of sum offset d starting at aLo (every
 * partner of [aLo, ...] below the block, aLo >= 16 - d): aLo - 1 when the block has none, so
 * that every pair of the front is a pair of each heap of the block and within `reach`.
 */
@inline export function frontEnd(B: i32, d: i32, aLo: i32, reach: i32): i32 {
  const aHi = aLo + frontPairs - 1;
  return frontPairs > 0 && 2 * aHi + 2 <= B - d && aHi + 64 <= reach ? aHi : aLo - 1;
}

/**
 * Lane t's byte x = bst for x = g[a] ^ g[B + t - d - a], a in [aLo, aHi] (aLo >= 16 - d). The
 * tables' addresses in locals, as in blockMarks.
 */
export function frontMarks(B: i32, d: i32, aLo: i32, aHi: i32, bst: i32): void {
  const at = i32x4.splat(<i32>LANES);
  const g8 = G8;
  const t8 = T8;
  const h0 = B - d;
  if (EXACT8) for (let a = aLo; a <= aHi; a++) rowBytes(h0 - a, <i32>load<u8>(g8 + <usize>a), bst, at, t8);
  else {
    const g16 = G;
    const t16 = T;
    const esc = ESCV;
    for (let a = aLo; a <= aHi; a++) rowWords(h0 - a, valueIn(g8, g16, a), bst, at, t8, t16, esc);
  }
}

/**
 * Heap n's own pairs (a, s - a), a in [from, to] (fewer than 16: those a block's front cannot
 * take), into its lane (toLane at toBst): the 16 pairs from `from` in one XOR, as the scan reads
 * them, the lanes past `to` sent to the lane's last byte, which no one reads (values are below
 * 512 in a block). A pair at a time was a fifth of 0.167's time, with 25 of them a heap.
 */
export function nearMarks(s: i32, from: i32, to: i32): void {
  if (from > to) return;
  const a = i8x16.sub(SIXTEEN, REV);
  const past = i8x16.gt_u(a, i8x16.splat(<i8>(to - from + 1)));
  const pastLo = i16x8.extend_low_i8x16_s(past);
  const pastHi = i16x8.extend_high_i8x16_s(past);
  const junk = i16x8.splat(<i16>(LANE_BYTES - 1));
  let x0: v128;
  let x1: v128;
  if (EXACT8) {
    const x = v128.xor(v128.load(G8 + <usize>from), i8x16.swizzle(v128.load(T8 + <usize>(s - from - 15)), REV));
    x0 = i16x8.extend_low_i8x16_u(x);
    x1 = i16x8.extend_high_i8x16_u(x);
  } else {
    x0 = v128.xor(words8(from), reverse16(words8T(s - from - 7)));
    x1 = v128.xor(words8(from + 8), reverse16(words8T(s - from - 15)));
  }
  // Step 1's stores put lane t's byte t lanes on: the bases step back as far, so that all 16
  // land in this one lane.
  const y0 = choose(junk, x0, pastLo);
  const y1 = choose(junk, x1, pastHi);
  const at = i32x4.splat(<i32>toLane);
  const lb = LANE_BYTES;
  laneStores(
    i32x4.add(i32x4.extend_low_i16x8_u(y0), i32x4.sub(at, i32x4(0, lb, 2 * lb, 3 * lb))),
    i32x4.add(i32x4.extend_high_i16x8_u(y0), i32x4.sub(at, i32x4(4 * lb, 5 * lb, 6 * lb, 7 * lb))),
    i32x4.add(i32x4.extend_low_i16x8_u(y1), i32x4.sub(at, i32x4(8 * lb, 9 * lb, 10 * lb, 11 * lb))),
    i32x4.add(i32x4.extend_high_i16x8_u(y1), i32x4.sub(at, i32x4(12 * lb, 13 * lb, 14 * lb, 15 * lb))),
    toBst,
  );
}
