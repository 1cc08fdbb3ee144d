import { abortGang, runGangMember } from '../src/engine/sparse-gang.js';
import type { SparseGangOutcome, SparseGangTask } from '../src/engine/sparse-protocol.js';
import { sparseKernelCache } from '../src/worker/sparse-cache.js';
import { wasmSparseFor } from '../src/worker/wasm-sparse.js';
import { SparseSplitKernel } from '../src/kernels/sparse-split.js';
import type { WasmSparseSplitKernel } from '../src/kernels/wasm/sparse-wasm.js';
import { valuesOver } from '../src/kernels/values.js';
import { workerShouldDie } from '../src/testing/faults.js';
import { defineWorker } from '../src/worker/define-worker.js';

const jsKernelFor = sparseKernelCache((shape) => new SparseSplitKernel(shape));
// WebAssembly with SIMD where the engine has it (src/worker/sparse-module.ts), else JavaScript.
const kernelFor = (task: SparseGangTask): SparseSplitKernel | WasmSparseSplitKernel =>
  wasmSparseFor(task.rules, task.mask)?.gang ?? jsKernelFor(task.rules, task.mask);

/** Thin: one member of a parallel sparse gang (src/engine/sparse-gang.ts), outcome as data. */
function runSparseGang(task: SparseGangTask): SparseGangOutcome {
  const kernel = kernelFor(task);
  runGangMember(
    task,
    kernel,
    valuesOver(task.buffer, task.width),
    new Int32Array(task.control),
    new Int32Array(task.rarePos),
    new Int32Array(task.rareVal),
    new Int32Array(task.rows),
    workerShouldDie,
  );
  return { kind: 'member-done', kernel: kernel.name };
}

export default defineWorker(runSparseGang, (task, error) => {
  // The other members may be waiting for this one's sub-chunk: release them at once.
  abortGang(new Int32Array(task.control));
  return error;
});
