import { packedUpperBytes, type PackedUpper } from '../../board/table.js';

/** The exports of assembly/board.ts for step games (src/board/step-games.ts, cell for cell). */
interface StepExports {
  kingUpper(n: number, A: number, B: number, G: number): number;
  knightUpper(n: number, R: number, G: number): number;
}

const PAGE = 65536;
/** The knight's ring: RING diagonals of n + 2 PAD one-hot bytes (assembly/board.ts knightUpper). */
const RING = 128;
const PAD = 16;

const align = (bytes: number): number => (bytes + 63) & ~63;

function instance(module: WebAssembly.Module, bytes: number): { exports: StepExports; memory: WebAssembly.Memory } {
  // A fresh memory is zeroed: the ring starts off the board, and values are ORed into G.
  const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / PAGE) });
  const exports = new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as StepExports;
  return { exports, memory };
}

function checkSide(n: number): void {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('n must be a positive integer');
}

/** The king's triangle, 2 bits a value, by the WebAssembly kernel (a view of its memory, not a copy). */
export function kingUpperWasm(module: WebAssembly.Module, n: number): PackedUpper {
  checkSide(n);
  const size = packedUpperBytes(n, 2);
  const A = align(size);
  const B = A + align(n + 4);
  const { exports, memory } = instance(module, B + align(n + 4));
  const seen = exports.kingUpper(n, A, B, 0);
  return { bits: 2, bytes: new Uint8Array(memory.buffer, 0, size), maxValue: 31 - Math.clz32(seen) };
}

/** The knight's triangle on the n x n board, 4 bits a value, by the WebAssembly SIMD kernel. */
export function knightUpperWasm(module: WebAssembly.Module, n: number): PackedUpper {
  checkSide(n);
  const size = packedUpperBytes(n, 4);
  const R = align(size);
  const { exports, memory } = instance(module, R + RING * (n + 2 * PAD));
  const seen = exports.knightUpper(n, R, 0);
  return { bits: 4, bytes: new Uint8Array(memory.buffer, 0, size), maxValue: 31 - Math.clz32(seen) };
}
