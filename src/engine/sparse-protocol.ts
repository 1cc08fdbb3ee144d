import type { SparseMask } from '../kernels/sparse-mask.js';
import type { Width } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import type { MemberOutcome, TableMemberTask } from '../gang/task.js';
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

/**
 * One member of a parallel sparse gang (src/gang/, workers/gang.worker.ts): rows of
 * tile * sparseRowStride(rowWords) words, and the rare list (`rarePos`, `rareVal`: the rare heaps
 * of [1, lo) under `mask`, then those the finishes find, room for every heap of the chunk).
 */
export interface SparseGangTask extends TableMemberTask {
  readonly kind: 'sparse-gang';
  readonly mask: SparseMask;
  readonly rarePos: SharedArrayBuffer;
  readonly rareVal: SharedArrayBuffer;
}

/** A member's own result: the gang's values, rare heaps and stop reason are in shared memory. */
export type SparseGangOutcome = MemberOutcome;
