import { abortGang } from '../src/engine/sparse-gang.js';
import { runSubtractMember, type SubtractGangOutcome, type SubtractGangTask } from '../src/engine/subtract-gang.js';
import { CONTROL_BYTES, instantiateSubtractBlocked, type SubtractBlockedKernels } from '../src/kernels/wasm/subtract-blocked.js';
import { workerShouldDie } from '../src/testing/faults.js';
import { defineWorker } from '../src/worker/define-worker.js';

/** The instance over the latest memory: a run keeps one memory for many chunks. */
let cached: { id: number; kernels: SubtractBlockedKernels } | null = null;

/** Thin: one member of a subtraction gang (src/engine/subtract-gang.ts), outcome as data. */
function controlOf(task: SubtractGangTask): Int32Array {
  return new Int32Array(task.memory.buffer, 0, CONTROL_BYTES / 4);
}

function runSubtractGang(task: SubtractGangTask): SubtractGangOutcome {
  if (cached?.id !== task.memoryId) cached = { id: task.memoryId, kernels: instantiateSubtractBlocked(task.memory) };
  runSubtractMember(task, cached.kernels, controlOf(task), workerShouldDie);
  return { kind: 'member-done' };
}

export default defineWorker(runSubtractGang, (task, error) => {
  // The other members may be waiting for this one's tile: release them at once.
  abortGang(controlOf(task));
  return error;
});
