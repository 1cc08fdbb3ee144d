import { expandUpper, upperLength, upperRowStart, type BoardTable } from './table.js';

/**
 * King (one step left, down, or diagonally down-left: options (x-1, y), (x, y-1), (x-1, y-1))
 * and knight on the n x n board (options (x-2, y-1), (x-2, y+1), (x-1, y-2), (x+1, y-2) that stay
 * on the board, so n is part of the game). Few options, small values (at most 3 and 4): the
 * mex is a one-hot OR, mex = lowest zero bit.
 *
 * Both option sets are symmetric in x and y, so the kernels compute the packed upper triangle
 * y >= x only (table.ts: upperRowStart): half the cells, and the layout the store keeps.
 */

/**
 * King, row by row: g(x, y) needs g(x - 1, y), g(x - 1, y - 1) and the cell to its left. On
 * the diagonal the left cell (x, x - 1) is the mirror of (x - 1, x), the cell above: no
 * mirror read is needed.
 */
export function kingUpper(n: number): Uint8Array {
  const out = new Uint8Array(upperLength(n));
  let left = 0; // one-hot of g(x, y - 1); 0 = off the board
  for (let y = 0; y < n; y++) {
    const o = ~left & (left + 1);
    out[y] = 31 - Math.clz32(o);
    left = o;
  }
  for (let x = 1; x < n; x++) {
    // Row x - 1 starts at y = x - 1: g(x - 1, y) is at up + y - x + 1.
    const up = upperRowStart(n, x - 1) + 1;
    const cur = upperRowStart(n, x);
    let upLeft = 1 << out[up - 1]!;
    left = 0;
    for (let i = 0; i < n - x; i++) {
      const u = 1 << out[up + i]!;
      const m = u | upLeft | left;
      const o = ~m & (m + 1);
      out[cur + i] = 31 - Math.clz32(o);
      left = o;
      upLeft = u;
    }
  }
  return out;
}

export function kingTable(n: number): BoardTable {
  return { n, values: expandUpper(kingUpper(n), n) };
}

/** Diagonals per batch: the batch is then written into the triangle's rows in cache-sized tiles. */
const BATCH = 64;
/**
 * Ring of diagonals: s - 1 and s - 3 must still be there while s is computed, across batches.
 * It holds one-hot values (1 << g), 0 off the board, so a mex is ORs and one add.
 */
const RING = 128; // a power of two: slot = s & (RING - 1)
const PAD = 2;
/** The value of a one-hot byte. */
const VALUE_OF = Uint8Array.from({ length: 256 }, (_, o) => 31 - Math.clz32(o));

/**
 * Knight: every move lowers x + y by 1 or 3, so the anti-diagonals s = x + y are the order, and
 * cells on one diagonal are independent. Each diagonal is computed for x <= y, then mirrored in
 * the ring, so the next diagonals read both halves.
 */
export function knightUpper(n: number): Uint8Array {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('n must be a positive integer');
  const out = new Uint8Array(upperLength(n));
  const L = n + 2 * PAD;
  // RING diagonals of n + 2 PAD entries, one-hot g(x, s - x) at slot + PAD + x.
  const ring = new Uint8Array(RING * L);
  const last = 2 * n - 1;
  for (let b0 = 0; b0 < last; b0 += BATCH) {
    const b1 = Math.min(last, b0 + BATCH);
    for (let s = b0; s < b1; s++) {
      const cur = (s & (RING - 1)) * L + PAD;
      const m1 = ((s - 1) & (RING - 1)) * L + PAD;
      const m3 = ((s - 3) & (RING - 1)) * L + PAD;
      ring.fill(0, cur - PAD, cur - PAD + L); // this slot held diagonal s - RING
      const xa = Math.max(0, s - (n - 1));
      const xm = s >>> 1;
      for (let x = xa; x <= xm; x++) {
        // (x-2, y-1), (x-1, y-2) on s - 3; (x-2, y+1), (x+1, y-2) on s - 1
        const m = ring[m3 + x - 2]! | ring[m3 + x - 1]! | ring[m1 + x - 2]! | ring[m1 + x + 1]!;
        ring[cur + x] = ~m & (m + 1);
      }
      const xb = Math.min(s, n - 1);
      for (let x = xm + 1; x <= xb; x++) ring[cur + x] = ring[cur + s - x]!;
    }
    // Diagonals b0..b1-1 into the triangle: g(x, s - x) for s >= 2x, 64 rows at a time.
    for (let xt = Math.max(0, b0 - (n - 1)); xt < n && 2 * xt < b1; xt += 64) {
      const xe = Math.min(n, xt + 64);
      for (let x = xt; x < xe; x++) {
        const sa = Math.max(b0, 2 * x);
        const sb = Math.min(b1 - 1, x + n - 1);
        // g(x, y) sits at upperRowStart(n, x) + y - x, and y = s - x.
        const rowMinus2x = upperRowStart(n, x) - 2 * x;
        let slot = (sa & (RING - 1)) * L + PAD + x;
        for (let s = sa; s <= sb; s++) {
          out[rowMinus2x + s] = VALUE_OF[ring[slot]!]!;
          slot = ((s + 1) & (RING - 1)) === 0 ? PAD + x : slot + L;
        }
      }
    }
  }
  return out;
}

/** The knight on the n x n board: g(x, y) for x, y < n. */
export function knightTable(n: number): BoardTable {
  return { n, values: expandUpper(knightUpper(n), n) };
}
