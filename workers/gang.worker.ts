import type {
  FrozenGangOutcome,
  FrozenGangTask,
  SubtractGangOutcome,
  SubtractGangTask,
} from '../src/engine/gang-protocol.js';
import { abortGang } from '../src/kernels/gang-control.js';
import { runMember } from '../src/gang/member.js';
import { valuesOver } from '../src/kernels/values.js';
import { instantiateSubtractBlocked, type SubtractBlockedKernels } from '../src/kernels/wasm/subtract-blocked.js';
import { workerShouldDie } from '../src/testing/faults.js';
import { defineWorker } from '../src/worker/define-worker.js';
import { subtractPhases } from '../src/worker/subtract-phases.js';
import { frozenKernelFor } from '../src/worker/frozen-cache.js';
import { frozenPhases } from '../src/worker/frozen-phases.js';

/**
 * One member of a gang (src/gang/): the member loop over the task's phase kernel. (Sparse space's
 * members run in workers/sparse.worker.ts, beside its one-worker chunks.)
 */
export type GangTask = SubtractGangTask | FrozenGangTask;
export type GangOutcome = SubtractGangOutcome | FrozenGangOutcome;
/** The subtraction kernels' instance over the latest memory: a run keeps one memory for many chunks. */
let instance: { id: number; kernels: SubtractBlockedKernels } | null = null;

function controlOf(task: GangTask): Int32Array {
  return task.kind === 'subtract-gang'
    ? new Int32Array(task.memory.buffer, 0, task.scratch / 4)
    : new Int32Array(task.control);
}

function runGangMember(task: GangTask): GangOutcome {
  const ctl = controlOf(task);
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
