import { upperLength } from '../../board/table.js';

/** The exports of assembly/board.ts (compiled to dist/wasm/board.wasm). */
interface BoardExports {
  lineRows(
    n: number,
    diagonal: number,
    blocks: number,
    S: number,
    D: number,
    Z: number,
    mexS: number,
    mexD: number,
    R: number,
    G: number,
    x0: number,
    x1: number,
  ): void;
}

const PAGE = 65536;
const align = (bytes: number): number => (bytes + 63) & ~63;

/** The largest side the WebAssembly kernel takes: values (< 3n) stay 16-bit. */
export const WASM_LINE_MAX = Math.floor(0x10000 / 3);

/**
 * A line game's packed upper triangle (src/board/line-games.ts, the same values cell for cell)
 * by the WebAssembly SIMD kernel, in a memory of its own, laid out as
 *   S (lines, block-major) | D (diagonals) | Z (one zero block) | mexS | mexD | R (row copy) | G
 * and G copied into `output` (or a new array) at the end.
 */
export function lineGameUpperWasm(
  module: WebAssembly.Module,
  n: number,
  diagonal: boolean,
  output?: ArrayBufferLike,
): Uint16Array {
  if (!Number.isInteger(n) || n < 1 || n > WASM_LINE_MAX) {
    throw new RangeError(`the WebAssembly line kernel takes 1 <= n <= ${WASM_LINE_MAX}, not ${n}`);
  }
  const blocks = Math.ceil((3 * n) / 512) + 1;
  const lineBytes = blocks * n * 64;
  const S = 0;
  const D = S + lineBytes;
  const Z = D + (diagonal ? lineBytes : 0);
  const mexS = Z + 64;
  const mexD = mexS + align(n * 4);
  const R = mexD + align(n * 4);
  const G = R + blocks * 64;
  const cells = upperLength(n);
  const end = G + align(cells * 2);
  // A fresh memory is zeroed: every bitset empty, every mex 0.
  const memory = new WebAssembly.Memory({ initial: Math.ceil(end / PAGE) });
  const exports = new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as BoardExports;
  exports.lineRows(n, diagonal ? 1 : 0, blocks, S, D, Z, mexS, mexD, R, G, 0, n);
  const out = output ? new Uint16Array(output, 0, cells) : new Uint16Array(cells);
  out.set(new Uint16Array(memory.buffer, G, cells));
  return out;
}
