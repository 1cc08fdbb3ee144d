import type { BoardTable } from './table.js';
import { expandUpper, upperLength, upperRowStart } from './table.js';

/**
 * Wythoff's game (queen: take k >= 1 from one pile or from both) and two-heap nim (rook: from
 * one pile), by bitsets. In a "line" game every row, column and (for Wythoff) diagonal holds
 * each value at most once: two equal values on one line would be options of each other. Each
 * line keeps the bitset of values placed on it and its mex; g(x, y) is the first value at or
 * above the largest of the three mexes that is in none of the three bitsets, found a 32-bit
 * word at a time. That scan is not O(1) (it grows with n), but it is a few word ORs per step
 * where the naive mex would visit all x + y + min(x, y) options.
 *
 * Symmetry: g(x, y) = g(y, x), so only y >= x is computed, into the packed upper triangle
 * (table.ts: upperRowStart), which is also what the store keeps. Line i holds the values g(i, j)
 * placed so far and serves as row i and, by symmetry, column i. Diagonals d = y - x >= 0.
 * Bitsets are block-major (16-word block b of line i at ((b n) + i) * 16): the blocks that
 * cells (x, y), (x, y + 1), ... read are adjacent in memory.
 *
 * Dependency order, for a parallel version: cell (x, y) needs row x left of y, column y above
 * x and the diagonal up-left, so row x needs rows < x. computeRows(x0, x1) is therefore the
 * unit of work; rows can be pipelined over a SharedArrayBuffer (row x may compute cell y as
 * soon as row x - 1 has passed column y), or cut into anti-diagonal wavefronts (cells with
 * equal x + y are independent). computeRowsPipelined does the former; bench/board-threads.ts
 * measures it on 1 and 2 threads.
 */
export interface LineGameState {
  readonly n: number;
  readonly diagonal: boolean;
  /** 16-word blocks per line: values are below 3n (the number of options + 1). */
  readonly blocks: number;
  readonly lines: Int32Array;
  readonly diagonals: Int32Array;
  readonly mexLine: Int32Array;
  readonly mexDiagonal: Int32Array;
  /** Contiguous copy of the current row's line (read and written for every cell of the row). */
  readonly row: Int32Array;
  /** g(x, y) for y >= x, packed upper triangle (table.ts: upperRowStart). */
  readonly values: Uint16Array | Uint32Array;
}

/** The value array a line game of side n fills: 16 bits while every value (< 3n) fits. */
export function lineValues(n: number, buffer?: ArrayBufferLike): Uint16Array | Uint32Array {
  const length = upperLength(n);
  if (3 * n > 0x10000) return buffer ? new Uint32Array(buffer, 0, length) : new Uint32Array(length);
  return buffer ? new Uint16Array(buffer, 0, length) : new Uint16Array(length);
}

/** The bytes of lineValues(n): callers that supply the output buffer allocate this many. */
export function lineValueBytes(n: number): number {
  return upperLength(n) * (3 * n > 0x10000 ? 4 : 2);
}

/**
 * shared: every array but the row copy on SharedArrayBuffers, for threads that pipeline rows.
 * output: a buffer of lineValueBytes(n) zeroed bytes to fill (e.g. shared with the main thread).
 */
export function createLineGame(n: number, diagonal: boolean, shared = false, output?: ArrayBufferLike): LineGameState {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('n must be a positive integer');
  const blocks = Math.ceil((3 * n) / 512) + 1;
  const words = blocks * n * 16;
  const buffer = (bytes: number): ArrayBuffer | SharedArrayBuffer =>
    shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
  return {
    n,
    diagonal,
    blocks,
    lines: new Int32Array(buffer(words * 4)),
    diagonals: new Int32Array(buffer(diagonal ? words * 4 : 0)),
    mexLine: new Int32Array(buffer(n * 4)),
    mexDiagonal: new Int32Array(buffer(n * 4)),
    row: new Int32Array(blocks * 16),
    values: lineValues(n, output ?? buffer(lineValueBytes(n))),
  };
}

/** The same state seen from another thread: the shared arrays, a row copy of its own. */
export function attachLineGame(st: LineGameState): LineGameState {
  return { ...st, row: new Int32Array(st.blocks * 16) };
}

/** Cells (x, y) with x0 <= x < x1 and y >= x; rows below x0 must be done. */
export function computeLineRows(st: LineGameState, x0: number, x1: number): void {
  computeRowsPipelined(st, x0, x1, 1, null);
}

/** How many cells a row computes between two publications of its progress. */
const PUBLISH = 32;

/**
 * Rows x0, x0 + step, ... below x1, each waiting for the row above it: progress[x] is the
 * number of columns row x has finished (n when done). Cell (x, y) needs row x - 1 past column y
 * (line y, diagonal y - x and their mexes are complete above x once it is), and the row copy of
 * line x needs row x - 1 past column x. Writes of different rows touch different lines, so
 * `step` threads sharing the state (createLineGame(n, d, true) + attachLineGame) fill the table
 * together. progress = null: one thread, rows in order, no waiting.
 */
export function computeRowsPipelined(
  st: LineGameState,
  x0: number,
  x1: number,
  step: number,
  progress: Int32Array | null,
): void {
  const { n, blocks, lines: S, diagonals: D, mexLine, mexDiagonal, row: R, values: g, diagonal } = st;
  // Without a diagonal the scan reads a zero block: one loop serves both games at the cost of a load.
  const Dz = diagonal ? D : new Int32Array(16);
  const dStride = diagonal ? n * 16 : 0;
  const stride = n * 16;
  for (let x = x0; x < x1; x += step) {
    let ready = n; // columns of row x - 1 known to be finished
    if (progress !== null && x > 0) ready = waitFor(progress, x - 1, x);
    for (let b = 0; b < blocks; b++) {
      const src = (b * n + x) * 16;
      for (let j = 0; j < 16; j++) R[b * 16 + j] = S[src + j]!;
    }
    let mx = mexLine[x]!;
    const rowBase = upperRowStart(n, x) - x;
    for (let y = x; y < n; y++) {
      if (y >= ready) ready = waitFor(progress!, x - 1, y);
      const d = diagonal ? y - x : 0;
      const ms = mexLine[y]!;
      const md = diagonal ? mexDiagonal[d]! : 0;
      let start = mx > ms ? mx : ms;
      if (md > start) start = md;
      // first value >= start in none of R, line y, diagonal d: word k of the row copy is R[k];
      // in the block-major lines it moves to the next line block every 16 words
      let k = start >>> 5;
      const blk = start >>> 9;
      let sb = blk * stride + y * 16 + (k & 15);
      let db = blk * dStride + d * 16 + (k & 15);
      let w = R[k]! | S[sb]! | Dz[db]! | (((1 << (start & 31)) - 1) | 0);
      while (w === -1) {
        k++;
        if ((k & 15) === 0) {
          sb += stride - 15;
          db += dStride - 15;
        } else {
          sb++;
          db++;
        }
        w = R[k]! | S[sb]! | Dz[db]!;
      }
      const v = (k << 5) + 31 - Math.clz32(~w & (w + 1));
      g[rowBase + y] = v;
      const vb = v >>> 9;
      const vw = (v >>> 5) & 15;
      const bit = 1 << (v & 31);
      R[v >>> 5]! |= bit;
      if (y !== x) S[(vb * n + y) * 16 + vw]! |= bit;
      if (diagonal) D[(vb * n + d) * 16 + vw]! |= bit;
      if (v === mx) mx = nextFree(R, 1, 0, v);
      if (y !== x && v === ms) mexLine[y] = nextFree(S, n, y, v);
      if (diagonal && v === md) mexDiagonal[d] = nextFree(D, n, d, v);
      if (progress !== null && (y & (PUBLISH - 1)) === PUBLISH - 1) Atomics.store(progress, x, y + 1);
    }
    mexLine[x] = mx;
    if (progress !== null) Atomics.store(progress, x, n);
  }
}

/**
 * Until progress[row] > column: spin briefly (the row above is usually a few cells ahead), then
 * sleep in short waits so a descheduled producer on a busy machine gets the core back.
 */
function waitFor(progress: Int32Array, row: number, column: number): number {
  let seen = Atomics.load(progress, row);
  for (let spin = 0; seen <= column; spin++) {
    if (spin > 200) Atomics.wait(progress, row, seen, 0.05);
    seen = Atomics.load(progress, row);
  }
  return seen;
}

/** The smallest value >= v not in line i of a block-major bitset (n = 1, i = 0: the row copy). */
function nextFree(bits: Int32Array, n: number, i: number, v: number): number {
  for (;;) {
    const w = bits[((v >>> 9) * n + i) * 16 + ((v >>> 5) & 15)]! | (((1 << (v & 31)) - 1) | 0);
    if (w !== -1) {
      const free = ~w & (w + 1);
      return (v & ~31) + 31 - Math.clz32(free);
    }
    v = (v | 31) + 1;
  }
}

/** The packed upper triangle of a line game (what the engine computes and stores). */
export function lineGameUpper(n: number, diagonal: boolean, output?: ArrayBufferLike): Uint16Array | Uint32Array {
  const st = createLineGame(n, diagonal, false, output);
  computeLineRows(st, 0, n);
  return st.values;
}

function lineGame(n: number, diagonal: boolean): BoardTable {
  return { n, values: expandUpper(lineGameUpper(n, diagonal), n) };
}

/** Wythoff's game (the queen moving towards the corner): g(x, y) for x, y < n. */
export function wythoffTable(n: number): BoardTable {
  return lineGame(n, true);
}

/** Two-heap nim (the rook): g(x, y) = x xor y, computed by the same bitset method as a check. */
export function rookTable(n: number): BoardTable {
  return lineGame(n, false);
}
