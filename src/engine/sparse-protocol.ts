import type { SparseMask } from '../kernels/sparse-mask.js';
import type { Width } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import type { SparseShape } from '../kernels/sparse.js';
import type { MemberOutcome, TableMemberTask } from '../gang/task.js';
import type { ChunkOutcome } from './protocol.js';
import type { SparsePlace } from '../kernels/wasm/sparse-wasm.js';

/**
 * The table's shared WebAssembly memory (engine/sparse-arena.ts) and where this task's instance
 * works in it: given one, the worker runs the WebAssembly kernels over the values in place.
 */
export interface SparseArenaRef {
  readonly memory: WebAssembly.Memory;
  /** Tells the arenas apart: a worker keeps one instance, over the newest. */
  readonly id: number;
  readonly place: SparsePlace;
}

/**
 * A range of a sparse-space run: workers/sparse.worker.ts. The task carries the game's move shape,
 * so that the worker never loads the games registry (76 modules against 21: the first chunk of
 * every sparse run waited for them).
 */
export interface SparseTask {
  readonly kind: 'sparse';
  readonly rules: Rules;
  readonly shape: SparseShape;
  readonly buffer: SharedArrayBuffer;
  readonly width: Width;
  readonly lo: number;
  readonly hi: number;
  readonly maxBefore: number;
  readonly mask: SparseMask;
  /** Every rare heap in [1, lo) under `mask`, ascending. */
  readonly rare: Uint32Array;
  /** Their values (a windowed table may no longer hold them). */
  readonly rareVal: Int32Array;
  /** The table lives in this arena (`buffer` is unused then). */
  readonly arena?: SparseArenaRef;
}

/**
 * Before the first gang: a thread sets up its instance over a gang member's place (the slot's
 * scratch and tables written, its pages touched), while one worker runs the chunks below the
 * gangs. Done at the first gang instead, it held that gang's second member back 25-35 ms. No
 * gang starts before every ready task has returned: the member may run on another thread.
 */
export interface SparseReadyTask {
  readonly kind: 'sparse-ready';
  readonly rules: Rules;
  readonly shape: SparseShape;
  readonly mask: SparseMask;
  readonly arena: SparseArenaRef;
}

export interface SparseReadyOutcome {
  readonly kind: 'ready';
}

/** A chunk outcome plus the rare heaps found in [lo, next). */
export type SparseOutcome =
  | (Extract<ChunkOutcome, { kind: 'done' | 'overflow' }> & {
      readonly rare: Uint32Array;
      /** A windowed table's run stopped at `next`, whose scan needs pairs outside the window. */
      readonly miss?: true;
      /**
       * The kernel's time on its thread, in ms. The main thread may learn of the outcome late
       * (it stores and checks the chunk before while this one computes), so its own clock would
       * make a short chunk look slow.
       */
      readonly ms: number;
      /** Heaps the kernel ran on the split sums' words (assembly/sparse/planes.ts), which no gang has. */
      readonly planes?: number;
    })
  | Extract<ChunkOutcome, { kind: 'error' }>;

/**
 * One member of a parallel sparse gang (src/gang/), run by workers/sparse.worker.ts like the
 * one-worker chunks, whose thread has then loaded everything it needs: rows of
 * tile * sparseRowStride(rowWords) words (wasmRowStride in an arena), and the rare list (`rarePos`,
 * `rareVal`: the rare heaps of [1, lo) under `mask`, then those the finishes find, room for every
 * heap of the chunk).
 */
export interface SparseGangTask extends TableMemberTask {
  readonly kind: 'sparse-gang';
  readonly shape: SparseShape;
  readonly mask: SparseMask;
  readonly rarePos: SharedArrayBuffer;
  readonly rareVal: SharedArrayBuffer;
  /** The table lives in this arena, this member's place in it (`buffer` and `rows` are unused then). */
  readonly arena?: SparseArenaRef;
  /**
   * The gang is a pipe (assembly/sparse/pipe.ts): member 0 the closer, member 1 the marker, over
   * the control block and ring at byte `at` of the arena (PIPE_BYTES long).
   */
  readonly pipe?: { readonly at: number };
}

/** A member's own result: the gang's values, rare heaps and stop reason are in shared memory. */
export type SparseGangOutcome = MemberOutcome;
