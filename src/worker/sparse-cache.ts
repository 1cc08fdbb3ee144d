import type { SparseShape } from '../kernels/sparse.js';
import { sameMask, type SparseMask } from '../kernels/sparse-mask.js';

interface Masked {
  readonly currentMask: SparseMask;
  setMask(mask: SparseMask): void;
}

/**
 * A worker's sparse kernels, one per game (by its key), kept between tasks (their mark arrays
 * and class tables are costly to rebuild), each switched to the task's mask when it differs.
 */
export function sparseKernelCache<K extends Masked>(
  make: (shape: SparseShape) => K,
): (task: { readonly rules: { readonly key: string }; readonly shape: SparseShape; readonly mask: SparseMask }) => K {
  const kernels = new Map<string, K>();
  return ({ rules, shape, mask }) => {
    let kernel = kernels.get(rules.key);
    if (!kernel) {
      kernel = make(shape);
      kernels.set(rules.key, kernel);
    }
    if (!sameMask(kernel.currentMask, mask)) kernel.setMask(mask);
    return kernel;
  };
}
