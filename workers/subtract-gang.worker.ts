import { abortGang } from '../src/engine/sparse-gang.js';
import { runSubtractMember, type SubtractGangOutcome, type SubtractGangTask } from '../src/engine/subtract-gang.js';
import { CONTROL_BYTES, instantiateSubtractBlocked, type SubtractBlockedKernels } from '../src/kernels/wasm/subtract-blocked.js';
import { workerShouldDie } from '../src/testing/faults.js';

/** The instance over the latest memory: a run keeps one memory for many chunks. */
let cached: { id: number; kernels: SubtractBlockedKernels } | null = null;

/** Thin: one member of a subtraction gang (src/engine/subtract-gang.ts), outcome as data. */
export default function runSubtractGang(task: SubtractGangTask): SubtractGangOutcome {
  const ctl = new Int32Array(task.memory.buffer, 0, CONTROL_BYTES / 4);
  try {
    if (cached?.id !== task.memoryId) {
      cached = { id: task.memoryId, kernels: instantiateSubtractBlocked(task.memory) };
    }
    runSubtractMember(task, cached.kernels, ctl, workerShouldDie);
    return { kind: 'member-done' };
  } catch (err) {
    // The other members may be waiting for this one's tile: release them at once.
    abortGang(ctl);
    return { kind: 'error', message: err instanceof Error ? err.message : String(err), exitCode: 5 };
  }
}
