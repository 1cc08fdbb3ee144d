import type { RangeOutcome } from '../kernel.js';
import type { RareList, SparseShape } from '../sparse.js';
import type { Values } from '../values.js';
import type { SparseMemory } from './sparse-wasm.js';

/** The `kernel` a run reports for chunks run by the pipe. */
export const WASM_SPARSE_PIPE_KERNEL = 'sparse+simd+pipe';

/**
 * The pipe's control words the JavaScript side reads or writes (Int32 indices from the block's
 * start; assembly/sparse/pipe.ts declares them all): the closer's progress, its rare count and
 * largest value, the closer's share of the bulk, the marker's next blocks, and STOP and STEP.
 */
export const PIPE = {
  FIN: 0,
  RARE: 1,
  SOFAR: 2,
  TAKE: 4,
  MARKED: 16,
  FAR: 17,
  STOP: 32,
  STEP: 33,
} as const;

/** Bytes of the control block, which the ring of lane sets follows. */
const CONTROL_BYTES = 192;
/**
 * The ring: SLOTS slots of a 64-byte header, 16 bitsets of 64 bytes and 48 lanes of 1 KiB (a
 * block's 16 and its split sums' 32: assembly/sparse/pipe.ts).
 */
const SLOTS = 32;
const SLOT_BYTES = 64 + 16 * 64 + 48 * 1024;
/** Bytes of a pipe's control block and ring (the kernel's pipeBytes(), which a test compares). */
export const PIPE_BYTES = CONTROL_BYTES + SLOTS * SLOT_BYTES;

/**
 * Make the control block and ring at byte `at` of `memory` (PIPE_BYTES long) a new pipe's from
 * heap lo: the slots' headers emptied (a slot's first block empties its lanes, whatever they
 * held: the pages of lanes never used are never touched), the rare heaps and largest value
 * below lo, the closer's share from an earlier pipe (`take`), and in `step` mode neither side
 * waits (tests run them in turn on one thread).
 */
export function startPipe(
  memory: WebAssembly.Memory,
  at: number,
  lo: number,
  rareCount: number,
  maxBefore: number,
  take: number,
  step = false,
): void {
  new Uint8Array(memory.buffer, at, CONTROL_BYTES).fill(0);
  for (let k = 0; k < SLOTS; k++) new Uint8Array(memory.buffer, at + CONTROL_BYTES + k * SLOT_BYTES, 64).fill(0);
  const ctl = pipeControl(memory, at);
  ctl[PIPE.FIN] = lo;
  ctl[PIPE.RARE] = rareCount;
  ctl[PIPE.SOFAR] = maxBefore;
  ctl[PIPE.TAKE] = take;
  ctl[PIPE.MARKED] = lo;
  ctl[PIPE.FAR] = lo;
  ctl[PIPE.STEP] = step ? 1 : 0;
}

/**
 * Whether the pipe runs a game of this shape: one split sum, or two that share lanes as run's do
 * (parts may be equal, the sums at most 16 apart: assembly/sparse/step1.ts sumLanes).
 */
export function pipeFits(shape: SparseShape): boolean {
  const [d0, d1] = shape.two;
  if (shape.two.length === 1) return true;
  return shape.two.length === 2 && !shape.distinct && Math.abs(d1! - d0!) <= 16;
}

/** The pipe's control words at byte `at`. */
export function pipeControl(memory: WebAssembly.Memory, at: number): Int32Array {
  return new Int32Array(memory.buffer, at, CONTROL_BYTES / 4);
}

/** Both sides leave at once (a closer done or failed, a run cancelled). */
export function haltPipe(memory: WebAssembly.Memory, at: number): void {
  const ctl = pipeControl(memory, at);
  Atomics.store(ctl, PIPE.STOP, 1);
  Atomics.notify(ctl, PIPE.FIN);
  Atomics.notify(ctl, PIPE.MARKED);
}

/**
 * The pipe's two sides (assembly/sparse/pipe.ts) over one instance's memory: the marker's
 * instance reads the closer's rare list (its place names the closer's), the closer's is the
 * one-worker kernel's with the marker's lanes beside its own.
 */
export class WasmSparsePipe {
  constructor(private readonly mem: SparseMemory) {}

  /** The marker, until hi or STOP (or, in step mode, until it would wait): blocks published. */
  marks(base: number, hi: number, at: number): number {
    return this.mem.exports.pipeMarks(base, hi, at);
  }

  /**
   * The closer over [lo, hi) (lo on a block from base; hi too, or the marker's end), as
   * WasmSparseKernel.run: next < hi for a value too wide, a miss, a rare heap past a window's
   * reach, STOP, or in step mode a block not marked yet (`waiting`).
   */
  finish(
    g: Values,
    base: number,
    lo: number,
    hi: number,
    maxBefore: number,
    rare: RareList,
    at: number,
  ): RangeOutcome & { miss?: true } {
    return this.mem.range(g, lo, hi, rare, (cap) => this.mem.exports.pipeFinish(base, lo, hi, maxBefore, cap, at));
  }
}
