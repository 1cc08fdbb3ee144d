import type { SparseMask } from '../kernels/sparse-mask.js';
import type { Width } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import type { ChunkOutcome } from './protocol.js';

/** A range of a sparse-space run: workers/sparse.worker.ts. */
export interface SparseTask {
  readonly kind: 'sparse';
  readonly rules: Rules;
  readonly buffer: SharedArrayBuffer;
  readonly width: Width;
  readonly lo: number;
  readonly hi: number;
  readonly maxBefore: number;
  readonly mask: SparseMask;
  /** Every rare heap in [1, lo) under `mask`, ascending. */
  readonly rare: Int32Array;
}

/** A chunk outcome plus the rare heaps found in [lo, next). */
export type SparseOutcome =
  | (Extract<ChunkOutcome, { kind: 'done' | 'overflow' }> & { readonly rare: Int32Array })
  | Extract<ChunkOutcome, { kind: 'error' }>;
