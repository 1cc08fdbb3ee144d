import { GrundyError } from '../errors.js';
import type { Rules } from '../rules/types.js';
import type { SparseShape } from '../kernels/sparse.js';
import { sparseShape } from '../games/registry.js';
import { sameMask, type SparseMask } from '../kernels/sparse-mask.js';

interface Masked {
  readonly currentMask: SparseMask;
  setMask(mask: SparseMask): void;
}

/**
 * A worker's sparse kernels, one per game, kept between tasks (their mark arrays and class
 * tables are costly to rebuild), each switched to the task's mask when it differs.
 */
export function sparseKernelCache<K extends Masked>(
  make: (shape: SparseShape) => K,
): (rules: Rules, mask: SparseMask) => K {
  const kernels = new Map<string, K>();
  return (rules, mask) => {
    let kernel = kernels.get(rules.key);
    if (!kernel) {
      const shape = sparseShape(rules);
      if (!shape) throw new GrundyError(`sparse space does not apply to ${rules.key}`, 5);
      kernel = make(shape);
      kernels.set(rules.key, kernel);
    }
    if (!sameMask(kernel.currentMask, mask)) kernel.setMask(mask);
    return kernel;
  };
}
