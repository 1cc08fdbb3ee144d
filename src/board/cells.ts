import { isqrt } from './wythoff-p.js';

/**
 * Cells of the quadrant as one index, by anti-diagonals: (x, y) with d = x + y has index
 * d (d + 1) / 2 + x. Every 2-D game here moves to cells with a smaller x + y, hence to a smaller
 * index, so a cell behaves like a heap wherever the engine wants "options are smaller": (0, 0)
 * is index 0, the terminal position, like the empty heap.
 */
export function cellIndex(x: bigint, y: bigint): bigint {
  const d = x + y;
  return (d * (d + 1n)) / 2n + x;
}

export function cellOf(index: bigint): readonly [bigint, bigint] {
  // d is the largest with d (d + 1) / 2 <= index
  let d = (isqrt(8n * index + 1n) - 1n) / 2n;
  while ((d * (d + 1n)) / 2n > index) d--;
  while (((d + 1n) * (d + 2n)) / 2n <= index) d++;
  const x = index - (d * (d + 1n)) / 2n;
  return [x, d - x];
}

/** cellIndex for small cells (index below 2^53). */
export function cellIndexNumber(x: number, y: number): number {
  const d = x + y;
  return (d * (d + 1)) / 2 + x;
}

export function cellOfNumber(index: number): readonly [number, number] {
  let d = Math.floor((Math.sqrt(8 * index + 1) - 1) / 2);
  while ((d * (d + 1)) / 2 > index) d--;
  while (((d + 1) * (d + 2)) / 2 <= index) d++;
  const x = index - (d * (d + 1)) / 2;
  return [x, d - x];
}
