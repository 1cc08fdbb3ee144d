import type { BoardTable } from './table.js';

/**
 * King (one step left, down, or diagonally down-left: options (x-1, y), (x, y-1), (x-1, y-1))
 * and knight on the n x n board (options (x-2, y-1), (x-2, y+1), (x-1, y-2), (x+1, y-2) that stay
 * on the board, so n is part of the game). Few options, small values (at most 3 and 4): the
 * mex is a one-hot OR, mex = lowest zero bit.
 */

/**
 * King: g(x, ·) needs row x - 1 and the cell to the left. Rows [x0, x1) after rows < x0; a
 * parallel version pipelines rows (row x may compute y once row x - 1 has passed y).
 */
export function computeKingRows(values: Uint8Array, n: number, x0: number, x1: number): void {
  for (let x = x0; x < x1; x++) {
    const base = x * n;
    let left = 0; // one-hot of g(x, y - 1); 0 = off the board
    if (x === 0) {
      for (let y = 0; y < n; y++) {
        const m = left;
        const o = ~m & (m + 1);
        values[base + y] = 31 - Math.clz32(o);
        left = o;
      }
      continue;
    }
    const up = base - n;
    let upLeft = 0;
    for (let y = 0; y < n; y++) {
      const u = 1 << values[up + y]!;
      const m = u | upLeft | left;
      const o = ~m & (m + 1);
      values[base + y] = 31 - Math.clz32(o);
      left = o;
      upLeft = u;
    }
  }
}

export function kingTable(n: number): BoardTable {
  const values = new Uint8Array(n * n);
  computeKingRows(values, n, 0, n);
  return { n, values };
}

/** Diagonals per batch: the batch is then written into the row-major table in cache-sized tiles. */
const BATCH = 64;
/**
 * Ring of diagonals: s - 1 and s - 3 must still be there while s is computed, across batches.
 * Slots start off the board, so diagonals 0..2 read "no option" for s - 1 and s - 3 < 0.
 */
const RING = 128; // a power of two: slot = s & (RING - 1)
const PAD = 2;
/** Value stored off the board: its one-hot bit (1 << 8) is masked out of every mex. */
const OFF = 8;

export interface KnightState {
  readonly n: number;
  readonly values: Uint8Array;
  /** RING diagonals of n + 2 PAD entries, indexed by x + PAD. */
  readonly ring: Uint8Array;
}

export function createKnight(n: number): KnightState {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('n must be a positive integer');
  const ring = new Uint8Array(RING * (n + 2 * PAD)).fill(OFF);
  return { n, values: new Uint8Array(n * n), ring };
}

/**
 * Knight: every move lowers x + y by 1 or 3, so the anti-diagonals s = x + y are the order;
 * diagonals [s0, s1) after all s < s0 (the 3 before s0 still in the ring). Cells on one
 * diagonal are independent: a parallel version splits each diagonal, or a batch's x range.
 */
export function computeKnightDiagonals(st: KnightState, s0: number, s1: number): void {
  const { n, values, ring } = st;
  const L = n + 2 * PAD;
  for (let b0 = s0; b0 < s1; b0 += BATCH) {
    const b1 = Math.min(s1, b0 + BATCH);
    for (let s = b0; s < b1; s++) {
      const cur = (s & (RING - 1)) * L + PAD;
      const m1 = ((s - 1) & (RING - 1)) * L + PAD;
      const m3 = ((s - 3) & (RING - 1)) * L + PAD;
      ring.fill(OFF, cur - PAD, cur - PAD + L); // this slot held diagonal s - RING
      const xa = Math.max(0, s - (n - 1));
      const xb = Math.min(s, n - 1);
      for (let x = xa; x <= xb; x++) {
        // (x-2, y-1), (x-1, y-2) on s - 3; (x-2, y+1), (x+1, y-2) on s - 1
        const far = (1 << ring[m3 + x - 2]!) | (1 << ring[m3 + x - 1]!);
        const m = (far | (1 << ring[m1 + x - 2]!) | (1 << ring[m1 + x + 1]!)) & 0xff;
        const o = ~m & (m + 1);
        ring[cur + x] = 31 - Math.clz32(o);
      }
    }
    // write diagonals b0..b1-1 into rows: g(x, s - x) = ring[s][x], 64 rows at a time
    for (let xt = Math.max(0, b0 - (n - 1)); xt < n && xt < b1; xt += 64) {
      const xe = Math.min(n, xt + 64);
      for (let x = xt; x < xe; x++) {
        const sa = Math.max(b0, x);
        const sb = Math.min(b1 - 1, x + n - 1);
        const rowMinusX = x * n - x;
        let slot = (sa & (RING - 1)) * L + PAD + x;
        for (let s = sa; s <= sb; s++) {
          values[rowMinusX + s] = ring[slot]!;
          slot = ((s + 1) & (RING - 1)) === 0 ? PAD + x : slot + L;
        }
      }
    }
  }
}

/** The knight on the n x n board: g(x, y) for x, y < n. */
export function knightTable(n: number): BoardTable {
  const st = createKnight(n);
  computeKnightDiagonals(st, 0, 2 * n - 1);
  return { n, values: st.values };
}
