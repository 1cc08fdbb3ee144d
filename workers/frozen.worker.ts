import { beginModuleTask } from '../src/games/custom-module.js';
import type { ChunkOutcome, GatherOutcome, FrozenTask } from '../src/engine/protocol.js';
import { loadCode } from '../src/games/registry.js';
import { GatherFailure, type FrozenKernel } from '../src/kernels/frozen/frozen-kernel.js';
import { valuesOver } from '../src/kernels/values.js';
import type { Rules } from '../src/rules/types.js';
import { workerShouldDie } from '../src/testing/faults.js';
import { defineWorker } from '../src/worker/define-worker.js';
import { cachedFrozenKernel, frozenKernelFor } from '../src/worker/frozen-cache.js';
import { rangeOutcome } from '../src/worker/range-outcome.js';

async function kernelFor(rules: Rules): Promise<FrozenKernel> {
  return cachedFrozenKernel(rules) ?? frozenKernelFor(rules, await loadCode(rules));
}

/** Thin: one phase of a frozen-prefix chunk (kernels/frozen/frozen-kernel.ts), outcome as data. */
async function runFrozen(task: FrozenTask): Promise<GatherOutcome | ChunkOutcome> {
  beginModuleTask(task.kind === 'gather' ? task.heartbeat : undefined);
  try {
    const kernel = await kernelFor(task.rules);
    const g = valuesOver(task.buffer, task.width);
    // The chunk's rows start at F; a gather's own rows start at its tile's first heap.
    const from = task.kind === 'gather' ? (task.lo - task.F) * task.rowWords : 0;
    const rows = new Int32Array(task.rows, from * 4);
    if (task.kind === 'gather') {
      // Test hook (src/testing/faults.ts): take the thread down in the middle of a gather.
      if (workerShouldDie(task.lo, task.hi)) process.exit(70);
      const deferred = kernel.gather(g, task.F, task.lo, task.hi, rows, task.rowWords);
      return { kind: 'gathered', deferred, kernel: kernel.name };
    }
    const out = kernel.finish(g, task.F, task.F, task.hi, rows, task.rowWords, task.deferred);
    return rangeOutcome(out, kernel.name);
  } finally {
    beginModuleTask(undefined);
  }
}

export default defineWorker(runFrozen, (_task, error, cause): GatherOutcome | ChunkOutcome =>
  // A gather that got part of the way hands over the rows it filled and their deferred tuples.
  cause instanceof GatherFailure ? { ...error, next: cause.next, deferred: cause.deferred } : error,
);
