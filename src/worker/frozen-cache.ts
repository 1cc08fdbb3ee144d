import { GrundyError } from '../errors.js';
import { frozenKernel } from '../games/registry.js';
import type { FrozenKernel } from '../kernels/frozen/frozen-kernel.js';
import type { OptionsFunction } from '../kernels/kernel.js';
import type { Rules } from '../rules/types.js';

/** A thread's frozen-prefix kernels, one per game: they keep scratch (element lists, mex marks). */
const kernels = new Map<string, FrozenKernel>();

/** The kernel made for this game in this thread, if any. */
export function cachedFrozenKernel(rules: Rules): FrozenKernel | undefined {
  return kernels.get(rules.key);
}

/** The game's kernel, made once per thread (custom modules pass their loaded options). */
export function frozenKernelFor(rules: Rules, loaded?: OptionsFunction): FrozenKernel {
  let kernel = kernels.get(rules.key);
  if (!kernel) {
    kernel = frozenKernel(rules, loaded) ?? undefined;
    if (!kernel) throw new GrundyError(`${rules.key} has no frozen-prefix kernel`, 5);
    kernels.set(rules.key, kernel);
  }
  return kernel;
}
