// Sparse space in WebAssembly (assembly/sparse.ts): while every value is below 64, each split
// sum's options as one 64-bit word, made once for all the heaps that split into it.
//
// Why: a heap's options then fit a word, and a sum's pairs are the same for every heap that
// splits into it (0.167's sum n - 3 is heap n - 1's n - 1 - 2). So the pairs (a, s - a) of a
// sum's first FRONT first parts and its pairs with a rare part go into its word once, for 16 sums
// at a time as eight byte planes (byte t of plane k: bits 8k to 8k + 7 of sum S + t's word); a
// heap ORs its sums' words and its moves, reads c and the wanted values off the result, and scans
// from FRONT + 1 only when a wanted value is left (a fifth of 0.167's heaps). The lane marks
// (step1.ts, front.ts) did each sum's pairs once for each of its heaps, a byte store a pair.

import {
  G8,
  K1,
  K2,
  K3,
  K4,
  K5,
  K6,
  K7,
  POW2,
  RING,
  RQ,
  RV,
  SEVEN,
  T8,
  class1,
  distinct,
  maxTwo,
  minTwo,
  nOne,
  nTwo,
  nWhole,
  one,
  reachOf,
  two,
  whole,
} from './layout';
import {
  lowerBound,
} from './step1';
import {
  lookup,
} from './scan';

/** Every value is below this while the planes run: 64 (one word) or less; tests lower it, 0 never. */
export let planesUpTo: i32 = 64;

export function setPlaneLimit(v: i32): void {
  planesUpTo = min(v, 64);
}

/** The first parts a whose pairs (a, s - a) go into every sum's word. */
export const FRONT: i32 = 128;
/** The ring's sums: RING holds the words of the last RING_SUMS sums (8 bytes each). */
export const RING_SUMS: i32 = 64;

/** The ring holds sums [ringFrom, ringTo), sum s at slot (s - ringBase) mod RING_SUMS. */
let ringBase: i32 = 0;
let ringFrom: i32 = 0;
let ringTo: i32 = 0;

@inline function slotOf(s: i32): usize {
  return RING + (<usize>((s - ringBase) & (RING_SUMS - 1)) << 3);
}

/** A run's start: no sum is held (the rare heaps may have changed since the last call). */
export function planesStart(): void {
  ringFrom = 0;
  ringTo = 0;
}

/** No sum is held any more (a block left the planes). */
export function planesStop(): void {
  ringTo = 0;
}

/** The values below 64 of class c (layout.ts class1, set with the mask). */
@inline export function classWord(c: i32): u64 {
  return c != 0 ? class1 : ~class1;
}

/**
 * Whether the block of heaps B..B + 15 runs on the planes: every value below planesUpTo (the
 * caller's V, in byte lanes), the sums' words fit the ring, every front pair lies inside a
 * windowed table's reach, and the sums are long enough that the front's partners lie before it.
 */
@inline export function planesAt(B: i32, hi: i32, V: i32, bytes: bool): bool {
  return (
    V <= planesUpTo &&
    bytes &&
    B + 16 <= hi &&
    distinct == 0 &&
    nTwo > 0 &&
    maxTwo - minTwo <= RING_SUMS - 16 &&
    B - maxTwo >= 2 * FRONT + 32 &&
    FRONT + 64 <= reachOf(B)
  );
}

/** The first front part of a block's rows: its partners in sums S..S + 15 lie before heap S + minTwo. */
@inline function rowsFrom(): i32 {
  return max(1, 16 - minTwo);
}

/**
 * The words of sums S..S + 15 (heaps B..B + 15 split into S - (maxTwo - minTwo)..S + 15, S = B -
 * minTwo): the sums before S from the last block, or made one at a time after a gap; then the
 * block's rows. A sum's near pairs (a below rowsFrom) are added at its first heap (planeOptions).
 */
export function planeBlock(B: i32, rareCount: i32): void {
  const S = B - minTwo;
  const first = S - (maxTwo - minTwo);
  if (ringTo != S || ringFrom > first) {
    ringBase = S;
    ringFrom = first;
    for (let s = first; s < S; s++) store<u64>(slotOf(s), sumWord(s, rareCount));
  }
  rows(S, rowsFrom(), FRONT, lowerBound(rareCount, FRONT + 1), lowerBound(rareCount, S), slotOf(S));
  ringTo = S + 16;
  if (ringFrom < ringTo - RING_SUMS) ringFrom = ringTo - RING_SUMS;
}

/** Sum s's word made alone: the pairs of first parts 1..FRONT and of the rare heaps in (FRONT, s). */
function sumWord(s: i32, rareCount: i32): u64 {
  let w: u64 = 0;
  for (let a = 1; a <= FRONT; a++) w |= bitOf(<i32>load<u8>(G8 + <usize>a) ^ <i32>load<u8>(T8 + <usize>(s - a)));
  const end = lowerBound(rareCount, s);
  for (let j = lowerBound(rareCount, FRONT + 1); j < end; j++)
    w |= bitOf(load<i32>(RV + (<usize>j << 2)) ^ <i32>load<u8>(T8 + <usize>(s - load<i32>(RQ + (<usize>j << 2)))));
  return w;
}

@inline function bitOf(v: i32): u64 {
  return <u64>1 << <u64>v;
}

/** Plane p with the lanes of x (below 64) whose high bits hi equal k set at their bit. */
@inline function plane(p: v128, hi: v128, bit: v128, k: v128): v128 {
  return v128.or(p, v128.and(bit, i8x16.eq(hi, k)));
}

/**
 * Rows into the words of sums S..S + 15 at `out` (16 slots in a row): the front, g[a] ^ g[S + t
 * - a] for a in [aLo, aHi], and the rare heaps j in [j0, j1), RV[j] ^ g[S + t - RQ[j]]. Each row
 * is one load and one XOR for the 16 sums, and its bits go into the eight planes by the
 * values' high three bits; the planes are then turned into the 16 words. The tables' addresses
 * and the constants are locals, as in step1.ts blockMarks.
 */
function rows(S: i32, aLo: i32, aHi: i32, j0: i32, j1: i32, out: usize): void {
  const g8 = G8;
  const t8 = T8;
  const rq = RQ;
  const rv = RV;
  const pow2 = POW2;
  const seven = SEVEN;
  const k0 = i8x16.splat(0);
  // Globals read into locals (layout.ts setConstants): V8 builds a constant vector again at each
  // use in a loop, three instructions each, eight a row.
  const k1 = K1;
  const k2 = K2;
  const k3 = K3;
  const k4 = K4;
  const k5 = K5;
  const k6 = K6;
  const k7 = K7;
  let p0 = k0;
  let p1 = k0;
  let p2 = k0;
  let p3 = k0;
  let p4 = k0;
  let p5 = k0;
  let p6 = k0;
  let p7 = k0;
  const count = j1 - j0;
  const last = aHi - aLo + 1 + max(count, 0);
  for (let i = 0; i < last; i++) {
    // The front's rows, then the rare heaps': one loop, so the planes stay in registers.
    let h: i32;
    let v: i32;
    if (i <= aHi - aLo) {
      const a = aLo + i;
      h = S - a;
      v = <i32>load<u8>(g8 + <usize>a);
    } else {
      const o = <usize>(j0 + i - (aHi - aLo + 1)) << 2;
      h = S - load<i32>(rq + o);
      v = load<i32>(rv + o);
    }
    const x = v128.xor(v128.load(t8 + <usize>h), i8x16.splat(<i8>v));
    const hi = v128.and(i16x8.shr_u(x, 3), seven);
    const bit = lookup(pow2, v128.and(x, seven));
    p0 = plane(p0, hi, bit, k0);
    p1 = plane(p1, hi, bit, k1);
    p2 = plane(p2, hi, bit, k2);
    p3 = plane(p3, hi, bit, k3);
    p4 = plane(p4, hi, bit, k4);
    p5 = plane(p5, hi, bit, k5);
    p6 = plane(p6, hi, bit, k6);
    p7 = plane(p7, hi, bit, k7);
  }
  // Planes to words: bytes of planes k, k + 1 side by side, then 16-bit pairs, then 32-bit halves.
  const a01l = i8x16.shuffle(p0, p1, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  const a01h = i8x16.shuffle(p0, p1, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  const a23l = i8x16.shuffle(p2, p3, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  const a23h = i8x16.shuffle(p2, p3, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  const a45l = i8x16.shuffle(p4, p5, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  const a45h = i8x16.shuffle(p4, p5, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  const a67l = i8x16.shuffle(p6, p7, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  const a67h = i8x16.shuffle(p6, p7, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  words(a01l, a23l, a45l, a67l, out);
  words(a01h, a23h, a45h, a67h, out + 64);
}

/**
 * Eight sums' words at `out` from the byte pairs of planes 0-1, 2-3, 4-5 and 6-7 (16-bit lane
 * t: sum t's two bytes).
 */
@inline function words(a01: v128, a23: v128, a45: v128, a67: v128, out: usize): void {
  const b03l = i8x16.shuffle(a01, a23, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23);
  const b03h = i8x16.shuffle(a01, a23, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31);
  const b47l = i8x16.shuffle(a45, a67, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23);
  const b47h = i8x16.shuffle(a45, a67, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31);
  v128.store(out, i8x16.shuffle(b03l, b47l, 0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23));
  v128.store(out, i8x16.shuffle(b03l, b47l, 8, 9, 10, 11, 24, 25, 26, 27, 12, 13, 14, 15, 28, 29, 30, 31), 16);
  v128.store(out, i8x16.shuffle(b03h, b47h, 0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23), 32);
  v128.store(out, i8x16.shuffle(b03h, b47h, 8, 9, 10, 11, 24, 25, 26, 27, 12, 13, 14, 15, 28, 29, 30, 31), 48);
}

/**
 * Heap n's options as a word (a block's heap, after planeBlock): its first sum's word with its
 * near pairs added (and kept, for the heaps after it that split into that sum), its other sums'
 * words, and its moves that leave one heap or none.
 */
@inline export function planeOptions(n: i32): u64 {
  const s0 = n - minTwo;
  const at = slotOf(s0);
  let w = load<u64>(at);
  const near = rowsFrom();
  for (let a = 1; a < near; a++) w |= bitOf(<i32>load<u8>(G8 + <usize>a) ^ <i32>load<u8>(T8 + <usize>(s0 - a)));
  store<u64>(at, w);
  for (let k = 0; k < nTwo; k++) {
    const d = two(k);
    if (d != minTwo) w |= load<u64>(slotOf(n - d));
  }
  for (let k = 0; k < nOne; k++) {
    const r = one(k);
    if (n > r) w |= bitOf(<i32>load<u8>(T8 + <usize>(n - r)));
  }
  for (let k = 0; k < nWhole; k++) if (whole(k) == n) w |= 1;
  return w;
}

