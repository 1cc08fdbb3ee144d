// Sparse space in WebAssembly (assembly/sparse.ts): the pipe, run's work on two threads for a
// game with one split sum, or two whose sums share lanes. The marker marks each block's pairs
// whose parts are all final when it gets there (the front from its 16 * LAG-th pair, step 1's
// bulk) into a ring of lane sets, and hands them over as a bitset a heap; the closer, up to LAG
// blocks behind, marks the block's other pairs into its own lanes and runs run's per-heap step
// over both (heap.ts blockHeap). Every heap gets run's marks, so run's value.
//
// Why: the tile gang's members guess from the final values and the finish redoes what a guess
// missed, one heap at a time: Officers' gang took 13% more thread time than one worker, 0.161's
// 35%. Here nothing is guessed: the two share run's own work, step 1 and the front (about 60%
// of it) against the scan, and the closer takes the top of each block's bulk (TAKE rare heaps,
// by the same block marks) until neither waits for the other more than it is waited for.

/** Milliseconds from some fixed time (performance.now): how long a thread waited. */
@external("env", "clock")
declare function clock(): f64;

import {
  LANES,
  VALUE_LIMIT,
  maxTwo,
  minTwo,
  nTwo,
  exactBytes,
  nextStamp,
  outMax,
  rareCount,
  reachOf,
  setLanes,
  two,
} from './layout';
import {
  LANE_BYTES,
  LANE_COUNT,
  SUM_LANES,
  blockAt,
  bulk,
  bulkEnd,
  halfWindow,
  lowerBound,
  nextLaneStamp,
  sumLanes,
  sumMarks,
} from './step1';
import {
  frontEnd,
  frontPairs,
  frontMarks,
  setFrontPairs,
} from './front';
import {
  blockHeap,
  runMax,
  soFar,
  startValues,
  valueCeil,
} from './heap';

// The control words (Int32 from ctl, in the shared memory): the closer's on one cache line, the
// marker's on the next, so that neither's stores evict the line the other spins on.
/** Every heap below it is final: the closer's progress, published a block at a time. */
const FIN: usize = 0;
/** The closer's rare count and largest value, published before FIN. */
const RARE: usize = 4;
const SOFAR: usize = 8;
/** The front's length (front.ts frontPairs): the closer's scans set it, the marker follows. */
const FRONT: usize = 12;
/** The rare heaps at the top of each block's bulk that the closer marks itself (see pipeFinish). */
const TAKE: usize = 16;
/** Blocks the closer began by waiting for the marker, and the µs it waited. */
const WAIT_CLOSER: usize = 20;
const WAITED_CLOSER: usize = 24;
/** Nonzero while the closer sleeps on MARKED: only then does the marker send a wake-up. */
const SLEEP_CLOSER: usize = 28;
/** Every block below it is marked: the marker's progress, and its mid pass's next block. */
const MARKED: usize = 64;
/** The marker's far pass's next block. */
const FAR: usize = 68;
const WAIT_MARKER: usize = 76;
const WAITED_MARKER: usize = 80;
const SLEEP_MARKER: usize = 84;
/** Nonzero: both leave at once (the run ends, or fails). */
const STOP: usize = 128;
/** Nonzero: neither waits, each returns where it would (tests run the two in turn on one thread). */
const STEP: usize = 132;
export const PIPE_CONTROL_BYTES: i32 = 192;

/**
 * The closer may be up to LAG blocks behind a block the marker publishes, so it marks the pairs
 * whose small part is below 16 * LAG; the marker's far passes run up to SLOTS blocks ahead, the
 * lane sets of the ring (a quarter MiB of touched lines for one sum, within the core's L2).
 */
const LAG: i32 = 4;
const SLOTS: i32 = 32;

/**
 * A ring slot: a header, the block's 16 bitsets (the closer reads those), then the marker's lanes
 * of the block (16 heaps' and 32 sums'). Header (Int32): the slot's lane stamp, the block's stamp
 * (-1: not a block, the closer computes it alone), the front's end, the bulk range [kb0, kb1) and
 * where the closer's part of it starts.
 */
const SLOT_HEAD: usize = 64;
/** After the header, each heap's marks as a bitset of the values below 512, which the closer reads. */
const BITS_BYTES: usize = 64;
const SLOT_LANES: usize = SLOT_HEAD + 16 * BITS_BYTES;
const SLOT_BYTES: usize = SLOT_LANES + <usize>(LANE_COUNT * LANE_BYTES);

/** Bytes of the pipe's control block and ring. */
export function pipeBytes(): i32 {
  return PIPE_CONTROL_BYTES + SLOTS * <i32>SLOT_BYTES;
}

/** Block B's slot in the ring after the control block at ctl, whose blocks start at `base`. */
@inline function slotOf(ctl: usize, base: i32, B: i32): usize {
  return ctl + <usize>PIPE_CONTROL_BYTES + <usize>(((B - base) >> 4) % SLOTS) * SLOT_BYTES;
}

/**
 * Spin until the word at ctl + p is at least v (then sleep in steps of 0.2 ms: a thread that
 * waits long is waiting for a core), or until STOP: whether to go on. In STEP, no wait.
 */
function waitFor(ctl: usize, p: usize, v: i32, counter: usize, waited: usize, sleep: usize): bool {
  if (atomic.load<i32>(ctl + p) >= v) return true;
  atomic.add<i32>(ctl + counter, 1);
  const since = clock();
  let spins = 0;
  while (true) {
    const now = atomic.load<i32>(ctl + p);
    if (now >= v) {
      atomic.add<i32>(ctl + waited, <i32>((clock() - since) * 1000));
      return true;
    }
    if (atomic.load<i32>(ctl + STOP) != 0 || atomic.load<i32>(ctl + STEP) != 0) return false;
    if (++spins > 4096) {
      // Said before the value is read again, so that a publisher that missed it finds it set.
      atomic.store<i32>(ctl + sleep, 1);
      if (atomic.load<i32>(ctl + p) == now) atomic.wait<i32>(ctl + p, now, 200000);
      atomic.store<i32>(ctl + sleep, 0);
    }
  }
}

/** Word p = v, and a wake-up for whoever sleeps on it (a wake-up costs a lock in the engine). */
@inline function post(ctl: usize, p: usize, v: i32, sleep: usize): void {
  atomic.store<i32>(ctl + p, v);
  if (atomic.load<i32>(ctl + sleep) != 0) atomic.notify(ctl + p, 1);
}

/** The exact bytes and the value ceiling of the values below FIN, which the marks read. */
@inline function valuesBelowFin(ctl: usize): i32 {
  const most = atomic.load<i32>(ctl + SOFAR);
  let V = 1;
  while (V <= most) V <<= 1;
  exactBytes(V);
  return V;
}

/**
 * The marker. A block's pairs with a small part of at least 16 * LAG, in two passes: the _far_
 * pairs (small part from 16 * SLOTS, most of them: the front's far end and step 1's bulk) once
 * FIN >= B + 16 - 16 * SLOTS, as soon as the block's slot is free; the _mid_ pairs (small part
 * in [16 * LAG, 16 * SLOTS)) once FIN >= B + 16 - 16 * LAG, which publishes the block. The mid
 * pass of the oldest block goes first; while it must wait, the far passes run ahead, so that
 * the marker has work while the closer is slow on a block of long scans. Goes on from FAR and
 * MARKED (base at first) until hi, or STOP. Returns the blocks published.
 */
export function pipeMarks(base: i32, hi: i32, ctl: usize): i32 {
  const R0 = 16 * LAG;
  const RF = 16 * SLOTS;
  const lanes = LANES;
  let far = atomic.load<i32>(ctl + FAR);
  let mid = atomic.load<i32>(ctl + MARKED);
  let blocks = 0;
  while (mid + 16 <= hi) {
    const fin = atomic.load<i32>(ctl + FIN);
    if (mid < far && fin >= mid + 16 - R0) {
      midMarks(mid, base, ctl, R0, RF);
      mid += 16;
      post(ctl, MARKED, mid, SLEEP_CLOSER);
      blocks++;
      continue;
    }
    if (far + 16 <= hi && fin >= far + 16 - RF) {
      farMarks(far, hi, base, ctl, R0, RF);
      far += 16;
      atomic.store<i32>(ctl + FAR, far);
      continue;
    }
    // Nothing to do until the closer moves on.
    if (!waitFor(ctl, FIN, fin + 1, WAIT_MARKER, WAITED_MARKER, SLEEP_MARKER)) break;
  }
  setLanes(lanes);
  return blocks;
}

/** The front's pairs (a, s - a), a in [from, to], for every split sum s of block B's heaps. */
@inline function frontOf(B: i32, from: i32, to: i32, bst: i32): void {
  for (let k = 0; k < nTwo; k++) {
    const d = two(k);
    frontMarks(B, d, max(from, max(1, 16 - d)), to, bst);
  }
}

/** Block B's marks of the rare heaps [b0, b1): in the sum lanes when the block's sums share them, else its lanes. */
@inline function bulkOf(B: i32, sums: bool, b0: i32, b1: i32, bst: i32): void {
  if (sums) sumMarks(B, b0, b1, bst);
  else bulk(B, two(0), b0, b1, bst);
}

/** The far pass of block B into its slot (see pipeMarks), which also decides what the block holds. */
function farMarks(B: i32, hi: i32, base: i32, ctl: usize, R0: i32, RF: i32): void {
  const count = atomic.load<i32>(ctl + RARE);
  const V = valuesBelowFin(ctl);
  const slot = slotOf(ctl, base, B);
  const sums = sumLanes();
  let bst = -1;
  let frontTo = 0;
  let kb0 = 0;
  let kb1 = 0;
  let kbm = 0;
  if (blockAt(B, hi, V)) {
    bst = load<i32>(slot) + 1;
    // A slot's first block, or its stamps run out: its lanes are emptied (only the sum lanes' when used).
    if (bst < 2 || bst > 255) {
      memory.fill(slot + SLOT_LANES, 0, <usize>((sums ? LANE_COUNT : <i32>16) * LANE_BYTES));
      bst = 2;
    }
    store<i32>(slot, bst);
    setLanes(slot + SLOT_LANES);
    setFrontPairs(atomic.load<i32>(ctl + FRONT));
    // The front as run's; the closer marks its pairs below R0, the mid pass those below RF.
    const aLo = max(1, 16 - minTwo);
    const aHi = frontEnd(B, maxTwo, aLo, reachOf(B));
    if (aHi >= aLo) frontTo = aHi;
    if (frontTo >= RF) frontOf(B, RF, frontTo, bst);
    const d = sums ? maxTwo : two(0);
    halfWindow(count, B, d);
    kb0 = lowerBound(count, max(frontTo + 1, R0));
    kb1 = bulkEnd(count, kb0, B - d);
    kbm = max(kb0, kb1 - atomic.load<i32>(ctl + TAKE));
    bulkOf(B, sums, max(kb0, lowerBound(count, RF)), kbm, bst);
  }
  store<i32>(slot, bst, 4);
  store<i32>(slot, frontTo, 8);
  store<i32>(slot, kb0, 12);
  store<i32>(slot, kb1, 16);
  store<i32>(slot, kbm, 20);
}

/** The mid pass of block B (see pipeMarks): the front's and the bulk's pairs with a small part in [R0, RF). */
function midMarks(B: i32, base: i32, ctl: usize, R0: i32, RF: i32): void {
  const slot = slotOf(ctl, base, B);
  const bst = load<i32>(slot, 4);
  if (bst < 0) return;
  const frontTo = load<i32>(slot, 8);
  const kb0 = load<i32>(slot, 12);
  const kbm = load<i32>(slot, 20);
  const count = atomic.load<i32>(ctl + RARE);
  const V = valuesBelowFin(ctl);
  const sums = sumLanes();
  setLanes(slot + SLOT_LANES);
  if (frontTo >= R0) frontOf(B, R0, min(frontTo, RF - 1), bst);
  halfWindow(count, B, sums ? maxTwo : two(0));
  bulkOf(B, sums, kb0, min(kbm, lowerBound(count, RF)), bst);
  laneBits(slot + SLOT_HEAD, slot + SLOT_LANES, bst, V, sums);
}

/**
 * The marks at bst below V (at most 512) of each heap B + t, its lane t and, when the block's
 * sums share lanes, the lanes of its two sums (16 + t + maxTwo - d), as 16 bitsets of 512 bits
 * from `to` (zero from V): the closer reads a line a heap, where the lanes themselves (up to 8
 * lines a heap and lane, written by the other core) cost it a transfer a line.
 */
function laneBits(to: usize, lanes: usize, bst: i32, V: i32, sums: bool): void {
  const bv = i8x16.splat(<i8>bst);
  const zero = i64x2.splat(0);
  const s0 = <usize>((16 + maxTwo - two(0)) * LANE_BYTES);
  const s1 = sums ? <usize>((16 + maxTwo - two(1)) * LANE_BYTES) : s0;
  for (let t: usize = 0; t < 16; t++) {
    const lane = lanes + t * <usize>LANE_BYTES;
    const bits = to + t * BITS_BYTES;
    v128.store(bits, zero);
    v128.store(bits, zero, 16);
    v128.store(bits, zero, 32);
    v128.store(bits, zero, 48);
    for (let x = 0; x < V; x += 16) {
      let m = i8x16.eq(v128.load(lane + <usize>x), bv);
      if (sums) {
        const a = i8x16.eq(v128.load(lane + s0 + <usize>x), bv);
        m = v128.or(m, v128.or(a, i8x16.eq(v128.load(lane + s1 + <usize>x), bv)));
      }
      store<u16>(bits + <usize>(x >> 3), i8x16.bitmask(m));
    }
  }
}

/** Blocks between two moves of the closer's take, and its step (rare heaps). */
const TAKE_EVERY: i32 = 64;
const TAKE_STEP: i32 = 8;
/** The closer's blocks since its pipe began, and the waits' difference when TAKE last moved (calls are segments). */
let takeBlocks: i32 = 0;
let takeWaits: i32 = 0;

/**
 * The closer: g[lo, hi) as run computes it (lo and hi on the ring's blocks from `base`, or hi
 * the marker's end), each block's lanes from the marker's slot plus the front's first pairs,
 * the near pairs and the rare heaps past the marker's bulk. Publishes FIN after each block; the
 * caller sets STOP when the run ends. Returns the first heap not computed, as run does.
 */
export function pipeFinish(base: i32, lo: i32, hi: i32, maxBefore: i32, cap: i32, ctl: usize): i32 {
  if (cap > VALUE_LIMIT - 1) cap = VALUE_LIMIT - 1;
  const R0 = 16 * LAG;
  const sums = sumLanes();
  startValues(maxBefore);
  let take = atomic.load<i32>(ctl + TAKE);
  // Blocks start at lo, as the marker's do (run's first block may start later when lo < 15).
  let B = lo - 16;
  let bst = -1;
  let kf = 0;
  let kb0 = 0;
  let kb1 = 0;
  let frontTo = 0;
  let slot: usize = 0;
  let stop = hi;
  if (lo == base) {
    takeBlocks = 0;
    takeWaits = 0;
  }
  for (let n = lo; n < hi; n++) {
    const st = nextStamp();
    if (n >= B + 16) {
      if (n > lo) {
        publish(ctl, n);
        if (++takeBlocks % TAKE_EVERY == 0) {
          // The one that waited more has the lighter share: move rare heaps towards it.
          const w = atomic.load<i32>(ctl + WAITED_CLOSER) - atomic.load<i32>(ctl + WAITED_MARKER);
          if (w > takeWaits) take += TAKE_STEP;
          else if (w < takeWaits) take = max(0, take - TAKE_STEP);
          takeWaits = w;
          atomic.store<i32>(ctl + TAKE, take);
        }
      }
      B = n;
      bst = -1;
      frontTo = 0;
      if (B + 16 <= hi) {
        if (!waitFor(ctl, MARKED, B + 16, WAIT_CLOSER, WAITED_CLOSER, SLEEP_CLOSER)) {
          stop = n;
          break;
        }
        slot = slotOf(ctl, base, B);
        const marked = load<i32>(slot, 4);
        // The marker judged the block by the values below FIN then, at most those below B now.
        if (marked >= 0 && blockAt(B, hi, valueCeil)) {
          bst = nextLaneStamp();
          frontTo = load<i32>(slot, 8);
          kb0 = load<i32>(slot, 12);
          kb1 = load<i32>(slot, 16);
          if (frontTo > 0) frontOf(B, 1, min(frontTo, R0 - 1), bst);
          kf = lowerBound(rareCount, frontTo + 1);
          halfWindow(rareCount, B, sums ? maxTwo : two(0));
          bulkOf(B, sums, load<i32>(slot, 20), kb1, bst);
        }
      }
    }
    // The closer marks into its own lanes: the marker's, in the slot, it only reads (a line both
    // write goes back and forth between the cores).
    const lane = LANES + <usize>((n - B) * LANE_BYTES);
    const bits = bst >= 0 ? slot + SLOT_HEAD + <usize>(n - B) * BITS_BYTES : 0;
    const at = blockHeap(n, B, bst, st, lane, bits, sums, true, kf, kb0, kb1, frontTo, cap);
    if (at >= 0) {
      stop = at;
      break;
    }
  }
  outMax = runMax;
  publish(ctl, stop);
  return stop;
}

/** The closer's progress: its rare heaps and largest value first, then FIN, which the marker waits on. */
function publish(ctl: usize, n: i32): void {
  atomic.store<i32>(ctl + FRONT, frontPairs);
  atomic.store<i32>(ctl + RARE, rareCount);
  atomic.store<i32>(ctl + SOFAR, soFar);
  post(ctl, FIN, n, SLEEP_MARKER);
}
