// Sparse space in WebAssembly (assembly/sparse.ts): a heap's closing step, and run, one
// worker's chunk.

import {
  BITS,
  CLS,
  LANES,
  REACH,
  RP,
  RQ,
  RV,
  SEEN,
  VALUE_LIMIT,
  WANT,
  WANTED,
  classList,
  clearBits,
  closedCount,
  exactBytes,
  listAt,
  markAt,
  maxTwo,
  minTwo,
  nTwo,
  nextStamp,
  outMax,
  outMiss,
  outOverflow,
  parity,
  putValue,
  rareCount,
  reachOf,
  two,
  wideCount,
} from './layout';
import {
  LANE_BYTES,
  blockAt,
  bulk,
  bulkEnd,
  distinctSkip,
  halfWindow,
  laneMex,
  laneWanted,
  lowerBound,
  markLess,
  markMoves,
  markSpan,
  nextLaneStamp,
  sumLanes,
  sumMarks,
  wantValues,
} from './step1';
import {
  frontEnd,
  frontMarks,
  noteScan,
  nearMarks,
} from './front';
import {
  BYTES,
  amaxOf,
  keepsBits,
  laneMode,
  left,
  scan,
  stillWanted,
} from './scan';
import {
  FRONT,
  classWord,
  planeBlock,
  planeOptions,
  planesAt,
  planesStart,
  planesStop,
  planesUpTo,
} from './planes';

// ---- The closing step of a heap, run's and finish's ----

/** Heaps this call computed on the planes (planes.ts): the gang's chooser reads it (getPlaneHeaps). */
let planeHeaps: i32 = 0;

export function getPlaneHeaps(): i32 {
  return planeHeaps;
}

/** The largest value this call wrote, and the largest so far with the power of two above it (V). */
export let runMax: i32 = 0;
export let soFar: i32 = 0;
export let valueCeil: i32 = 1;

/** A call's start: nothing written yet, every value so far at most maxBefore. */
@inline export function startValues(maxBefore: i32): void {
  runMax = 0;
  soFar = maxBefore;
  valueCeil = 1;
  while (valueCeil <= soFar) valueCeil <<= 1;
  exactBytes(valueCeil);
  outOverflow = -1;
  outMiss = -1;
}

/**
 * Clear WANT for the `need` wanted values (WANTED), every one below c: 16 values a store over
 * [0, c) where that is fewer stores than one a value.
 */
@inline export function clearWanted(c: i32, need: i32): void {
  if (c <= need << 4) for (let x = 0; x < c; x += 16) v128.store(WANT + <usize>x, i64x2.splat(0));
  else for (let j = 0; j < need; j++) store<u8>(WANT + <usize>load<i32>(WANTED + (<usize>j << 2)), 0);
}

/** The least value in the bitset BITS (one is there). */
@inline function leastWanted(): i32 {
  let k = 0;
  let w = load<u64>(BITS);
  while (w == 0) w = load<u64>(BITS + (<usize>++k << 3));
  return (k << 6) + <i32>ctz(w);
}

/**
 * After heap n's scan for the `need` wanted values (in BITS alone when `bitsOnly`, else WANTED,
 * ascending; WANT cleared here): the least one never seen, else c. -1 when the scan stopped at a
 * windowed table's reach short of the last pair (a miss, outMiss = n): the caller returns n, left
 * to the main thread.
 */
@inline export function wantedMex(n: i32, c: i32, need: i32, reach: i32, bitsOnly: bool): i32 {
  let v = c;
  if (bitsOnly) {
    if (left > 0) v = leastWanted();
  } else {
    // WANTED ascends: the first value still wanted is the least.
    if (left > 0)
      for (let j = 0; j < need; j++) {
        const x = load<i32>(WANTED + (<usize>j << 2));
        if (stillWanted(x) == 1) {
          v = x;
          break;
        }
      }
    clearWanted(c, need);
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
@inline export function closeHeap(n: i32, v: i32, cap: i32): i32 {
  if (v > cap) {
    outMax = runMax;
    outOverflow = v;
    return n;
  }
  putValue(n, v);
  closedCount++;
  if (v >= 256) wideCount++;
  if (v > runMax) runMax = v;
  if (v > soFar) {
    soFar = v;
    while (valueCeil <= soFar) valueCeil <<= 1;
    exactBytes(valueCeil);
  }
  if (n >= 1 && (<i32>load<u8>(CLS + <usize>v) ^ (parity & n & 1)) == 0) {
    store<i32>(RP + (<usize>rareCount << 2), n);
    store<i32>(RV + (<usize>rareCount << 2), v);
    store<i32>(RQ + (<usize>rareCount << 2), n);
    rareCount++;
    if (n > REACH) {
      outMax = runMax;
      return n + 1;
    }
  }
  return -1;
}

/**
 * Heap n's step after its block's marks (run's, and the pipe's closer): its own marks (the
 * one-heap moves, the rare heaps outside the block's bulk [kb0, kb1), the near pairs), c and the
 * wanted values from its lane (bst >= 0; with the marks of the bitset `bits` unless it is 0;
 * else from MARK at st), the scan from frontTo + 1, and the value closed. With a front, the heap
 * marks the rare heaps from index kf on (those past the front) but the bulk; without, every one
 * but the bulk. Returns -1 to go on, else the heap the call returns (closeHeap, a miss).
 */
@inline export function blockHeap(
  n: i32, B: i32, bst: i32, st: i32, lane: usize, bits: usize, sums: bool, kept: bool, kf: i32,
  kb0: i32, kb1: i32, frontTo: i32, cap: i32,
): i32 {
  const i0 = two(0);
  markMoves(n, lane, bst, st);
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
      markLess(s, frontTo > 0 ? kf : 0, end, kb0, kb1, st);
      continue;
    }
    halfWindow(rareCount, B, d);
    const b0 = lowerBound(rareCount, max(1, 16 - d));
    markLess(s, 0, end, b0, bulkEnd(rareCount, b0, B - d), st);
  }
  if (frontTo > 0)
    for (let k = 0; k < nTwo; k++) {
      const s = n - two(k);
      nearMarks(s, 1, 15 - two(k));
    }
  const common = 1 ^ (parity & (n - i0) & 1);
  const commons = classList(common);
  let c = valueCeil;
  let need = 0;
  const mode = laneMode(valueCeil);
  const bitsOnly = bst >= 0 && keepsBits(mode);
  if (bst >= 0) {
    // Heap B + t's sum n - d is lane t + maxTwo - d of the sum lanes.
    const sl = lane + <usize>((16 + maxTwo) * LANE_BYTES);
    const s0 = sums ? sl - <usize>(two(0) * LANE_BYTES) : 0;
    const s1 = sums ? sl - <usize>(two(1) * LANE_BYTES) : 0;
    c = laneMex(lane, bst, common, valueCeil, s0, s1, bits);
    need = laneWanted(lane, bst, common, c, s0, s1, bits, bitsOnly);
  } else {
    const rares = classList(common ^ 1);
    let k = 0;
    while (listAt(commons, k) < valueCeil && markAt(listAt(commons, k)) == st) k++;
    if (listAt(commons, k) < valueCeil) c = listAt(commons, k);
    for (let j = 0; listAt(rares, j) < c; j++) {
      const x = listAt(rares, j);
      if (markAt(x) != st) {
        need = wantValues(x, 1, need);
      }
    }
  }
  let v = c;
  if (need > 0) {
    left = need;
    const reach = reachOf(n);
    noteScan(scan(n, frontTo + 1, reach, SEEN, mode, need, bst >= 0) - 1);
    v = wantedMex(n, c, need, reach, bitsOnly);
    if (v < 0) return n;
  } else noteScan(frontTo);
  return closeHeap(n, v, cap);
}

/**
 * Heap n of a block on the planes (planes.ts): its options as a word, c and the wanted values
 * off it, the scan from FRONT + 1 when one is wanted, and the value closed (as blockHeap).
 */
@inline function planeHeap(n: i32, cap: i32): i32 {
  const w = planeOptions(n);
  const common = 1 ^ (parity & (n - two(0)) & 1);
  const open = ~w & classWord(common);
  const c = open != 0 ? min(<i32>ctz(open), valueCeil) : valueCeil;
  const below = c >= 64 ? <u64>-1 : (<u64>1 << <u64>c) - 1;
  const wanted = ~w & classWord(common ^ 1) & below;
  let v = c;
  if (wanted != 0) {
    clearBits();
    store<u64>(BITS, wanted);
    const need = <i32>popcnt(wanted);
    left = need;
    const reach = reachOf(n);
    scan(n, FRONT + 1, reach, SEEN, BYTES, need, true);
    v = wantedMex(n, c, need, reach, true);
    if (v < 0) return n;
  }
  return closeHeap(n, v, cap);
}

/**
 * SparseKernel.run: g[lo, hi) given the final g[0, lo) and the rare heaps RP/RV[0, rareCount)
 * of g[1, lo); rare heaps found are appended (the caller left room for hi - lo more). Returns
 * the first heap not computed: hi, or the heap whose value exceeds `cap` (getOverflow()).
 */
export function run(lo: i32, hi: i32, maxBefore: i32, cap: i32): i32 {
  if (cap > VALUE_LIMIT - 1) cap = VALUE_LIMIT - 1;
  startValues(maxBefore);
  let B = -1;
  let bst = -1;
  const sums = sumLanes();
  // One bulk range for every sum of the block (sum lanes, or a single sum): its bounds and the
  // half window are the block's, kept for its heaps rather than searched again for each. Rare
  // heaps found inside the block lie past all of them.
  const kept = sums || nTwo == 1;
  let kb0 = 0;
  let kb1 = 0;
  // The block's front: step 2's pairs [1, frontTo] are marked (0: none), a in [16 - d, frontTo] for
  // the whole block, the rest per heap.
  let frontTo = 0;
  const frontLo = max(1, 16 - minTwo);
  // The block's heaps on the planes (planes.ts), while every value is below planesUpTo.
  let planar = false;
  planesStart();
  planeHeaps = 0;
  for (let n = lo; n < hi; n++) {
    if (n >= B + 16) {
      B = n;
      bst = -1;
      frontTo = 0;
      planar = planesAt(n, hi, valueCeil, laneMode(valueCeil) == BYTES);
      if (planar) planeBlock(n, rareCount);
      else if (blockAt(n, hi, valueCeil)) {
        bst = nextLaneStamp();
        const aHi = frontEnd(B, maxTwo, frontLo, reachOf(B));
        if (aHi >= frontLo) {
          frontTo = aHi;
          for (let k = 0; k < nTwo; k++) frontMarks(B, two(k), max(1, 16 - two(k)), aHi, bst);
        }
        if (kept) {
          // Every part r of the bulk leaves the other part of each lane's sum in [1, B): r from
          // 16 - (the least offset), below B - (the largest). The front holds the pairs of the
          // rare heaps up to frontTo.
          const d = sums ? maxTwo : two(0);
          halfWindow(rareCount, B, d);
          kb0 = lowerBound(rareCount, frontTo > 0 ? frontTo + 1 : max(1, 16 - (sums ? minTwo : d)));
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
    if (planar) {
      const stop = planeHeap(n, cap);
      if (stop >= 0) return stop;
      planeHeaps++;
      if (valueCeil > planesUpTo) {
        // A value of planesUpTo or more: the block's other heaps alone (bst -1), as blockHeap
        // takes heaps outside a block.
        planar = false;
        planesStop();
      }
      continue;
    }
    const st = nextStamp();
    const lane = LANES + <usize>((n - B) * LANE_BYTES);
    const stop = blockHeap(n, B, bst, st, lane, 0, sums, kept, kb0, kb0, kb1, frontTo, cap);
    if (stop >= 0) return stop;
  }
  outMax = runMax;
  return hi;
}
