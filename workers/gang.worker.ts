import type { SparseGangOutcome, SparseGangTask } from '../src/engine/sparse-protocol.js';
import type { SubtractGangOutcome, SubtractGangTask } from '../src/engine/subtract-gang.js';
import type { FrozenGangOutcome, FrozenGangTask } from '../src/engine/frozen-gang.js';
import { abortGang, CONTROL_BYTES } from '../src/gang/control.js';
import { runMember } from '../src/gang/member.js';
import { SparseFrozenKernel } from '../src/kernels/sparse-frozen.js';
import { valuesOver } from '../src/kernels/values.js';
import { instantiateSubtractBlocked, type SubtractBlockedKernels } from '../src/kernels/wasm/subtract-blocked.js';
import { workerShouldDie } from '../src/testing/faults.js';
import { defineWorker } from '../src/worker/define-worker.js';
import { sparseKernelCache } from '../src/worker/sparse-cache.js';
import { sparsePhases } from '../src/worker/sparse-phases.js';
import { wasmSparseFor } from '../src/worker/wasm-sparse.js';
import type { WasmSparseFrozenKernel } from '../src/kernels/wasm/sparse-wasm.js';
import { subtractPhases } from '../src/worker/subtract-phases.js';
import { frozenKernelFor } from '../src/worker/frozen-cache.js';
import { frozenPhases } from '../src/worker/frozen-phases.js';

/** One member of a gang (src/gang/): the member loop over the task's phase kernel. */
export type GangTask = SparseGangTask | SubtractGangTask | FrozenGangTask;
export type GangOutcome = SparseGangOutcome | SubtractGangOutcome | FrozenGangOutcome;

const jsSparseKernelFor = sparseKernelCache((shape) => new SparseFrozenKernel(shape));
// WebAssembly with SIMD where the engine has it (src/wasm/sparse-module.ts), else JavaScript.
const sparseKernelFor = (task: SparseGangTask): SparseFrozenKernel | WasmSparseFrozenKernel =>
  wasmSparseFor(task.rules, task.mask)?.gang ?? jsSparseKernelFor(task.rules, task.mask);
/** The subtraction kernels' instance over the latest memory: a run keeps one memory for many chunks. */
let instance: { id: number; kernels: SubtractBlockedKernels } | null = null;

function controlOf(task: GangTask): Int32Array {
  return task.kind === 'subtract-gang'
    ? new Int32Array(task.memory.buffer, 0, CONTROL_BYTES / 4)
    : new Int32Array(task.control);
}

function runGangMember(task: GangTask): GangOutcome {
  const ctl = controlOf(task);
  if (task.kind === 'sparse-gang') {
    const kernel = sparseKernelFor(task);
    runMember(ctl, task, sparsePhases(task, kernel, valuesOver(task.buffer, task.width), ctl), workerShouldDie);
    return { kind: 'member-done', kernel: kernel.name };
  }
  if (task.kind === 'frozen-gang') {
    const kernel = frozenKernelFor(task.rules);
    runMember(ctl, task, frozenPhases(task, kernel, valuesOver(task.buffer, task.width), ctl), workerShouldDie);
    return { kind: 'member-done', kernel: kernel.name };
  }
  if (instance?.id !== task.memoryId)
    instance = { id: task.memoryId, kernels: instantiateSubtractBlocked(task.memory) };
  runMember(ctl, task, subtractPhases(task, instance.kernels, ctl), workerShouldDie);
  return { kind: 'member-done' };
}

export default defineWorker(runGangMember, (task, error) => {
  // The other members may be waiting for this one's tile: release them at once.
  abortGang(controlOf(task));
  return error;
});
