import { SparseKernel, type RareList, type SparseShape } from '../../src/kernels/sparse.js';
import type { SparseMask } from '../../src/kernels/sparse-mask.js';
import type { RangeOutcome } from '../../src/kernels/kernel.js';
import type { Values } from '../../src/kernels/values.js';
import { WasmSparseKernel } from '../../src/kernels/wasm/sparse-wasm.js';
import { StepPipeKernel } from './pipe-step.js';
import { sparseKernelChoice, sparseWasmModule, sparseWasmModuleOf } from '../../src/wasm/sparse-module.js';

/** What the tests need of a sequential sparse kernel: the JavaScript one and the WebAssembly one. */
export interface SequentialSparse {
  readonly name: string;
  readonly shape: SparseShape;
  readonly currentMask: SparseMask;
  readonly classes: Uint8Array;
  setMask(mask: SparseMask): void;
  run(g: Values, lo: number, hi: number, maxBefore: number, rare: RareList): RangeOutcome;
}

/**
 * Both sequential kernels. The WebAssembly one is required here (Node 20 has SIMD): a test run
 * without dist/wasm/sparse.wasm (npm run asbuild) fails rather than skips it.
 */
export function sequentialSparseKernels(): [string, (shape: SparseShape) => SequentialSparse][] {
  const module = sparseWasmModule();
  const plain = sparseWasmModuleOf('simd');
  if (module === null || plain === null) {
    throw new Error('the WebAssembly sparse kernel is off (GRUNDY_SPARSE_KERNEL=js or no SIMD)');
  }
  return [
    ['js', (shape) => new SparseKernel(shape)],
    ['wasm', (shape) => new WasmSparseKernel(shape, module)],
    // The scans that values from 256 on take (16-bit lanes, then one pair at a time), on small tables:
    // the exact rebuild, not the low bytes (which a scan reads under any mask while wide values are rare).
    [
      'wasm, 16-bit lanes',
      (shape) =>
        new WasmSparseKernel(shape, module, undefined, { lanes: { bytes: 0, words: 512, lowsWhileRare: false } }),
    ],
    // The 16-bit scans from the low bytes, modulo 16 (most lanes they flag are not hits), whatever the mask.
    [
      'wasm, low bytes mod 16',
      (shape) =>
        new WasmSparseKernel(shape, module, undefined, {
          lanes: { bytes: 0, words: 512, lows: 16, lowsAlways: true },
        }),
    ],
    ['wasm, no lanes', (shape) => new WasmSparseKernel(shape, module, undefined, { lanes: { bytes: 0, words: 0 } })],
    // Values below 64 by default run on the split sums' words (assembly/sparse/planes.ts): without
    // them, the byte lanes; with them only below 8, the way out of them inside a block.
    ['wasm, no planes', (shape) => new WasmSparseKernel(shape, module, undefined, { planes: 0 })],
    ['wasm, planes below 8', (shape) => new WasmSparseKernel(shape, module, undefined, { planes: 8 })],
    // A scan's first pairs marked a block at a time (the front), which small tables never reach by
    // default: in byte lanes, in 16-bit lanes, and with escaped values.
    ['wasm, front 24', (shape) => new WasmSparseKernel(shape, module, undefined, { front: 24, planes: 0 })],
    [
      'wasm, 16-bit lanes, front 9',
      (shape) =>
        new WasmSparseKernel(shape, module, undefined, {
          front: 9,
          lanes: { bytes: 0, words: 512, lowsWhileRare: false },
        }),
    ],
    ['wasm, escape 7, front 40', (shape) => new WasmSparseKernel(shape, module, undefined, { escape: 7, front: 40 })],
    // The plain SIMD build (the default is the relaxed one where the engine has it): byte lanes,
    // and the low bytes' scans of escaped values.
    ['wasm, plain SIMD', (shape) => new WasmSparseKernel(shape, plain)],
    ['wasm, plain SIMD, escape 7', (shape) => new WasmSparseKernel(shape, plain, undefined, { escape: 7 })],
    // Values from 7 on read from the Uint16 table: every path of an escaped read, on small tables
    // (16-bit scans from the low bytes, as while wide values are rare; then rebuilt exactly).
    ['wasm, escape 7', (shape) => new WasmSparseKernel(shape, module, undefined, { escape: 7 })],
    [
      'wasm, escape 7, rebuilt words',
      (shape) =>
        new WasmSparseKernel(shape, module, undefined, {
          escape: 7,
          lanes: { bytes: 256, words: 512, lowsWhileRare: false },
        }),
    ],
    [
      'wasm, escape 7, low bytes mod 8',
      (shape) =>
        new WasmSparseKernel(shape, module, undefined, {
          escape: 7,
          lanes: { bytes: 0, words: 512, lows: 8, lowsAlways: true },
        }),
    ],
    [
      'wasm, escape 7, no lanes',
      (shape) => new WasmSparseKernel(shape, module, undefined, { escape: 7, lanes: { bytes: 0, words: 0 } }),
    ],
    // The pipe's marker and closer in turn (test/helpers/pipe-step.ts): the closer marking none of
    // the bulk, or the top 5 rare heaps of each block's; a front long enough for the marker's
    // passes (its mid pass from pair 64, its far pass from pair 512) on small tables; escaped values.
    ['wasm pipe', (shape) => new StepPipeKernel(shape, module, 0)],
    ['wasm pipe, take 5, front 700', (shape) => new StepPipeKernel(shape, module, 5, { front: 700 })],
    [
      'wasm pipe, take 2, escape 7, front 600, 16-bit lanes',
      (shape) =>
        new StepPipeKernel(shape, module, 2, {
          escape: 7,
          front: 600,
          lanes: { bytes: 0, words: 512, lowsWhileRare: false },
        }),
    ],
  ];
}

/** The `kernel` a sparse run reports, by the kernels this environment runs (src/wasm/sparse-module.ts). */
export const SPARSE_SEQ = sparseKernelChoice() === 'wasm' ? 'sparse+simd' : 'sparse';
export const SPARSE_GANG = sparseKernelChoice() === 'wasm' ? 'sparse+simd+frozen-prefix' : 'sparse+frozen-prefix';
