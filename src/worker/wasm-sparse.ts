import type { Rules } from '../rules/types.js';
import type { SparseMask } from '../kernels/sparse-mask.js';
import { WasmSparseKernel, WasmSparseFrozenKernel } from '../kernels/wasm/sparse-wasm.js';
import { sparseKernelCache } from './sparse-cache.js';
import { sparseWasmModule } from '../wasm/sparse-module.js';

/** A thread's WebAssembly sparse kernels, one pair a game over one memory (one copy of its values). */
class WasmSparsePair {
  readonly seq: WasmSparseKernel;
  readonly gang: WasmSparseFrozenKernel;

  constructor(seq: WasmSparseKernel) {
    this.seq = seq;
    this.gang = new WasmSparseFrozenKernel(seq.mem);
  }

  get currentMask(): SparseMask {
    return this.seq.currentMask;
  }

  setMask(mask: SparseMask): void {
    this.seq.setMask(mask);
  }
}

const module = sparseWasmModule();
const pairs = module ? sparseKernelCache((shape) => new WasmSparsePair(new WasmSparseKernel(shape, module))) : null;

/**
 * This thread's WebAssembly sparse kernels for `rules` under `mask`, or null where they do not
 * run (no SIMD, or GRUNDY_SPARSE_KERNEL=js): the workers then use the JavaScript kernels.
 */
export function wasmSparseFor(rules: Rules, mask: SparseMask): WasmSparsePair | null {
  return pairs ? pairs(rules, mask) : null;
}
