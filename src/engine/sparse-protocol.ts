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

/**
 * Parallel sparse space (kernels/sparse-split.ts, workers/sparse-split.worker.ts): a chunk
 * [a, b) is gathered in slices [lo, hi) on any worker from g[0, a), then finished in order by
 * one task. `rows` is the chunk's shared scratch, sparseRowStride(rowWords) words per heap.
 */
interface SparseSplitBase {
  readonly rules: Rules;
  readonly buffer: SharedArrayBuffer;
  readonly width: Width;
  readonly mask: SparseMask;
  /** Every rare heap in [1, a) under `mask`, ascending. */
  readonly rare: Int32Array;
  readonly rows: SharedArrayBuffer;
  readonly rowWords: number;
  readonly a: number;
  /** max g[0, a). */
  readonly maxBefore: number;
}

export interface SparseGatherTask extends SparseSplitBase {
  readonly kind: 'sparse-gather';
  readonly lo: number;
  readonly hi: number;
}

export interface SparseFinishTask extends SparseSplitBase {
  readonly kind: 'sparse-finish';
  readonly b: number;
}

export type SparseGatherOutcome = { readonly kind: 'gathered' } | Extract<ChunkOutcome, { kind: 'error' }>;

/** The finish's outcome adds how often the gather's speculation fell short (for benchmarks). */
export type SparseFinishOutcome =
  | (Extract<SparseOutcome, { kind: 'done' | 'overflow' }> & { readonly rescans: number; readonly continued: number })
  | Extract<ChunkOutcome, { kind: 'error' }>;
