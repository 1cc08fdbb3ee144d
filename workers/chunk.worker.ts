import { beginModuleTask, lastModulePosition } from '../src/games/custom-module.js';
import type { ChunkOutcome, ChunkTask } from '../src/engine/protocol.js';
import { loadCode, plainKernel, userCode } from '../src/games/registry.js';
import type { RangeKernel } from '../src/kernels/kernel.js';
import { valuesOver } from '../src/kernels/values.js';
import type { Rules } from '../src/rules/types.js';
import { workerHold, workerShouldDie } from '../src/testing/faults.js';
import { defineWorker } from '../src/worker/define-worker.js';
import { rangeOutcome } from '../src/worker/range-outcome.js';

/** Kernels keep scratch (mex marks, element lists) between tasks of the same game. */
const kernels = new Map<string, RangeKernel>();

async function kernelFor(rules: Rules): Promise<RangeKernel> {
  let kernel = kernels.get(rules.key);
  if (!kernel) {
    kernel = plainKernel(rules, await loadCode(rules));
    kernels.set(rules.key, kernel);
  }
  return kernel;
}

async function runChunk(task: ChunkTask): Promise<ChunkOutcome> {
  beginModuleTask(task.heartbeat);
  try {
    const kernel = await kernelFor(task.rules);
    const g = valuesOver(task.buffer, task.width);
    if (workerShouldDie(task.lo, task.hi)) {
      // Test hook (src/testing/faults.ts): leave garbage behind, then take the thread down.
      g.fill(0xffffffff, task.lo, task.hi);
      process.exit(70);
    }
    workerHold(task.lo, task.hi);
    const out = kernel.run(g, task.lo, task.hi, task.maxBefore);
    if (out.failure !== undefined) {
      return { kind: 'error', message: out.failure, exitCode: 5, next: out.next, maxValue: out.maxValue };
    }
    return rangeOutcome(out, kernel.name);
  } finally {
    beginModuleTask(undefined);
  }
}

export default defineWorker(runChunk, (task, error): ChunkOutcome => {
  // User code fails at a position: the values before it are final, and worth storing.
  const position = lastModulePosition();
  return userCode(task.rules) !== null && position >= task.lo ? { ...error, next: position } : error;
});
