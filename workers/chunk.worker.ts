import { GrundyError } from '../src/errors.js';
import { loadOptions } from '../src/engine/custom-module.js';
import { createKernel, type RangeKernel } from '../src/kernels/index.js';
import { valuesOver } from '../src/kernels/values.js';
import type { ChunkOutcome, ChunkTask } from '../src/engine/protocol.js';
import type { Rules } from '../src/rules/types.js';

/** Kernels keep scratch (mex marks, element lists) between tasks of the same game. */
const kernels = new Map<string, RangeKernel>();

async function kernelFor(rules: Rules): Promise<RangeKernel> {
  let kernel = kernels.get(rules.key);
  if (!kernel) {
    kernel = rules.family === 'module' ? createKernel(rules, await loadOptions(rules)) : createKernel(rules);
    kernels.set(rules.key, kernel);
  }
  return kernel;
}

export default async function runChunk(task: ChunkTask): Promise<ChunkOutcome> {
  try {
    const kernel = await kernelFor(task.rules);
    const g = valuesOver(task.buffer, task.width);
    const out = kernel.run(g, task.lo, task.hi, task.maxBefore);
    if (out.failure !== undefined) {
      return { kind: 'error', message: out.failure, exitCode: 5, next: out.next, maxValue: out.maxValue };
    }
    if (out.overflowValue !== undefined) {
      return { kind: 'overflow', next: out.next, maxValue: out.maxValue, value: out.overflowValue, kernel: kernel.name };
    }
    return { kind: 'done', next: out.next, maxValue: out.maxValue, kernel: kernel.name };
  } catch (err) {
    if (err instanceof GrundyError) return { kind: 'error', message: err.message, exitCode: err.exitCode };
    return { kind: 'error', message: err instanceof Error ? err.message : String(err), exitCode: 5 };
  }
}
