import { RareList, SparseKernel } from '../src/kernels/sparse.js';
import { sparseKernelCache } from '../src/worker/sparse-cache.js';
import { arenaSparseFor } from '../src/worker/wasm-sparse.js';
import { valuesOver } from '../src/kernels/values.js';
import type { SparseOutcome, SparseTask } from '../src/engine/sparse-protocol.js';
import { workerShouldDie } from '../src/testing/faults.js';
import { defineWorker } from '../src/worker/define-worker.js';
import { rangeOutcome } from '../src/worker/range-outcome.js';

const jsKernelFor = sparseKernelCache((shape) => new SparseKernel(shape));

function runSparse(task: SparseTask): SparseOutcome {
  // WebAssembly with SIMD over the table's arena where the engine made one
  // (engine/sparse-arena.ts), else JavaScript over the table's SharedArrayBuffer.
  const arena = task.arena ? arenaSparseFor(task.rules, { arena: task.arena, mask: task.mask }) : null;
  const kernel = arena?.seq ?? jsKernelFor(task.rules, task.mask);
  const g = arena?.g ?? valuesOver(task.buffer, task.width);
  if (workerShouldDie(task.lo, task.hi)) {
    // Test hook (src/testing/faults.ts): leave garbage behind, then take the thread down.
    g.fill(0xffffffff, task.lo, task.hi);
    process.exit(70);
  }
  const rare = arena ? RareList.of(task.rare, arena.at) : RareList.from(task.rare, g);
  const before = rare.count;
  const out = kernel.run(g, task.lo, task.hi, task.maxBefore, rare);
  const found = rare.pos.slice(before, rare.count);
  return { ...rangeOutcome(out, kernel.name), rare: found };
}

export default defineWorker(runSparse);
