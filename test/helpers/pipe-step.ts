import type { RangeOutcome } from '../../src/kernels/kernel.js';
import type { RareList, SparseShape } from '../../src/kernels/sparse.js';
import type { SparseMask } from '../../src/kernels/sparse-mask.js';
import type { Values } from '../../src/kernels/values.js';
import {
  align,
  slotBytes,
  SparseMemory,
  WasmSparseKernel,
  type WasmSparseOptions,
} from '../../src/kernels/wasm/sparse-wasm.js';
import {
  PIPE,
  PIPE_BYTES,
  pipeControl,
  pipeFits,
  startPipe,
  WasmSparsePipe,
} from '../../src/kernels/wasm/sparse-pipe.js';

/**
 * The pipe (assembly/sparse/pipe.ts) on one thread, as a sequential kernel: the marker and the
 * closer in turn over one memory, in step mode (neither waits: each returns where it would),
 * until the closer reaches hi. Deterministic, so every path of the split is checked against
 * the plain kernels on the sequential kernels' tests. A game the pipe does not fit (pipeFits:
 * the engine runs no pipe there) runs the closer's own `run`. `take`: the rare heaps at the top of
 * each block's bulk the closer marks itself.
 */
export class StepPipeKernel {
  readonly name = 'sparse+simd+pipe';
  private readonly closer: WasmSparseKernel;
  private readonly marker: SparseMemory;
  private readonly pipe: WasmSparsePipe;
  /** Turns the last run took (marker and closer calls): a test checks that both sides worked. */
  turns = 0;

  constructor(
    readonly shape: SparseShape,
    module: WebAssembly.Module,
    private readonly take: number,
    options: WasmSparseOptions = {},
  ) {
    this.closer = new WasmSparseKernel(shape, module, undefined, options);
    this.marker = new SparseMemory(shape, module, this.closer.mem.memory, options);
    this.pipe = new WasmSparsePipe(this.closer.mem);
  }

  get currentMask(): SparseMask {
    return this.closer.currentMask;
  }

  get classes(): Uint8Array {
    return this.closer.classes;
  }

  setMask(mask: SparseMask): void {
    this.closer.setMask(mask);
  }

  run(g: Values, lo: number, hi: number, maxBefore: number, rare: RareList): RangeOutcome {
    if (!pipeFits(this.shape)) return this.closer.run(g, lo, hi, maxBefore, rare);
    const mem = this.closer.mem;
    // The rows hold the pipe's control block and ring, then the marker's scratch slot.
    mem.prepare(g, lo, hi, rare.count + (hi - lo), PIPE_BYTES + align(slotBytes(this.shape)) + 64);
    const place = mem.current;
    const at = align(place.rowsAt);
    this.marker.bind({ ...place, slotAt: align(at + PIPE_BYTES) }, this.closer.currentMask);
    // The marker reads the closer's list from its first block on: written before it starts.
    mem.putRare(rare);
    startPipe(mem.memory, at, lo, rare.count, maxBefore, this.take, true);
    const ctl = pipeControl(mem.memory, at);
    let next = lo;
    let max = maxBefore;
    this.turns = 0;
    for (;;) {
      this.marker.exports.pipeMarks(lo, hi, at);
      const out = this.pipe.finish(g, lo, next, hi, max, rare, at);
      this.turns++;
      max = Math.max(max, out.maxValue);
      // Done, or stopped for a value too wide; else the closer waits for a block not marked yet.
      if (out.next >= hi || out.overflowValue !== undefined || out.miss) return { ...out, maxValue: max };
      if (out.next === next && Atomics.load(ctl, PIPE.MARKED) <= next)
        throw new Error(`the pipe stands still at ${next} (marked up to ${Atomics.load(ctl, PIPE.MARKED)})`);
      next = out.next;
    }
  }
}
