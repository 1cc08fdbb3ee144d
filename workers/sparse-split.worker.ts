import { GrundyError } from '../src/errors.js';
import type { SparseFinishOutcome, SparseFinishTask, SparseGatherOutcome, SparseGatherTask } from '../src/engine/sparse-protocol.js';
import { RareList, sparseShape } from '../src/kernels/sparse.js';
import { sameMask } from '../src/kernels/sparse-mask.js';
import { SparseSplitKernel } from '../src/kernels/sparse-split.js';
import { valuesOver } from '../src/kernels/values.js';
import { workerShouldDie } from '../src/testing/faults.js';

/** Kernels keep their mark arrays and class tables between tasks of the same game. */
const kernels = new Map<string, SparseSplitKernel>();

function kernelFor(task: SparseGatherTask | SparseFinishTask): SparseSplitKernel {
  let kernel = kernels.get(task.rules.key);
  if (!kernel) {
    const shape = sparseShape(task.rules);
    if (!shape) throw new GrundyError(`sparse space does not apply to ${task.rules.key}`, 5);
    kernel = new SparseSplitKernel(shape);
    kernels.set(task.rules.key, kernel);
  }
  if (!sameMask(kernel.currentMask, task.mask)) kernel.setMask(task.mask);
  return kernel;
}

/** Thin: one phase of a parallel sparse chunk (kernels/sparse-split.ts), outcome as data. */
export default function runSparseSplit(task: SparseGatherTask | SparseFinishTask): SparseGatherOutcome | SparseFinishOutcome {
  try {
    const kernel = kernelFor(task);
    const g = valuesOver(task.buffer, task.width);
    const rows = new Int32Array(task.rows);
    const rare = RareList.from(task.rare, g);
    if (task.kind === 'sparse-gather') {
      kernel.gather(g, task.a, task.lo, task.hi, task.maxBefore, rare, rows, task.rowWords);
      return { kind: 'gathered' };
    }
    if (workerShouldDie(task.a, task.b)) {
      // Test hook (src/testing/faults.ts), as in the sequential sparse worker.
      g.fill(0xffffffff, task.a, task.b);
      process.exit(70);
    }
    const before = rare.count;
    const rescans = kernel.rescans;
    const continued = kernel.continued;
    const out = kernel.finish(g, task.a, task.b, task.maxBefore, rare, rows, task.rowWords);
    const stats = { rare: rare.pos.slice(before, rare.count), rescans: kernel.rescans - rescans, continued: kernel.continued - continued };
    if (out.overflowValue !== undefined) {
      return { kind: 'overflow', next: out.next, maxValue: out.maxValue, value: out.overflowValue, kernel: kernel.name, ...stats };
    }
    return { kind: 'done', next: out.next, maxValue: out.maxValue, kernel: kernel.name, ...stats };
  } catch (err) {
    if (err instanceof GrundyError) return { kind: 'error', message: err.message, exitCode: err.exitCode };
    return { kind: 'error', message: err instanceof Error ? err.message : String(err), exitCode: 5 };
  }
}
