import { pathToFileURL } from 'node:url';
import { GrundyError } from '../src/errors.js';
import { createKernel, type OptionsFunction, type RangeKernel } from '../src/kernels/index.js';
import { valuesOver } from '../src/kernels/values.js';
import { Heartbeat, LOADING } from '../src/engine/heartbeat.js';
import { workerShouldDie } from '../src/testing/faults.js';
import type { ChunkOutcome, ChunkTask } from '../src/engine/protocol.js';
import type { Rules } from '../src/rules/types.js';

/** Kernels keep scratch (mex marks, element lists) between tasks of the same game. */
const kernels = new Map<string, RangeKernel>();

/**
 * The task in flight's heartbeat and the last position a custom module was asked about. The
 * kernel is sequential, so when options(n) fails or hangs, g[lo..n) are already final.
 */
let heartbeat: Heartbeat | null = null;
let position = LOADING;

async function loadOptions(rules: Extract<Rules, { family: 'module' }>): Promise<OptionsFunction> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(rules.path).href)) as Record<string, unknown>;
  } catch (err) {
    throw new GrundyError(`custom rules module ${rules.path} failed to load: ${(err as Error).message}`, 2);
  }
  const candidate =
    mod.options ?? (mod.default as Record<string, unknown> | undefined)?.options ?? (typeof mod.default === 'function' ? mod.default : undefined);
  if (typeof candidate !== 'function') {
    throw new GrundyError(`custom rules module ${rules.path} must export a function options(n)`, 2);
  }
  const options = candidate as OptionsFunction;
  return (n) => {
    position = n;
    heartbeat?.beat(n);
    return options(n);
  };
}

async function kernelFor(rules: Rules): Promise<RangeKernel> {
  let kernel = kernels.get(rules.key);
  if (!kernel) {
    kernel = rules.family === 'module' ? createKernel(rules, await loadOptions(rules)) : createKernel(rules);
    kernels.set(rules.key, kernel);
  }
  return kernel;
}

export default async function runChunk(task: ChunkTask): Promise<ChunkOutcome> {
  heartbeat = task.heartbeat ? new Heartbeat(task.heartbeat) : null;
  position = LOADING;
  heartbeat?.beat(LOADING);
  try {
    const kernel = await kernelFor(task.rules);
    const g = valuesOver(task.buffer, task.width);
    if (workerShouldDie(task.lo, task.hi)) {
      // Test hook (src/testing/faults.ts): leave garbage behind, then take the thread down.
      g.fill(0xffffffff, task.lo, task.hi);
      process.exit(70);
    }
    const out = kernel.run(g, task.lo, task.hi, task.maxBefore);
    if (out.failure !== undefined) {
      return { kind: 'error', message: out.failure, exitCode: 5, next: out.next, maxValue: out.maxValue };
    }
    if (out.overflowValue !== undefined) {
      return { kind: 'overflow', next: out.next, maxValue: out.maxValue, value: out.overflowValue, kernel: kernel.name };
    }
    return { kind: 'done', next: out.next, maxValue: out.maxValue, kernel: kernel.name };
  } catch (err) {
    const next = task.rules.family === 'module' && position >= task.lo ? { next: position } : {};
    if (err instanceof GrundyError) return { kind: 'error', message: err.message, exitCode: err.exitCode, ...next };
    return { kind: 'error', message: err instanceof Error ? err.message : String(err), exitCode: 5, ...next };
  } finally {
    heartbeat = null;
  }
}
