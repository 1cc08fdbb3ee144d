import { GrundyError } from '../errors.js';
import type { SparseShape } from '../kernels/sparse.js';
import { WasmSparseKernel, WasmSparseFrozenKernel } from '../kernels/wasm/sparse-wasm.js';
import { WasmSparsePipe } from '../kernels/wasm/sparse-pipe.js';
import type { SparseArenaRef } from '../engine/sparse-protocol.js';
import type { SparseMask } from '../kernels/sparse-mask.js';
import { sparseWasmModule } from '../wasm/sparse-module.js';

/** A thread's WebAssembly sparse kernels over one arena: one instance, both kernels. */
interface ArenaKernels {
  readonly id: number;
  readonly key: string;
  readonly seq: WasmSparseKernel;
  readonly gang: WasmSparseFrozenKernel;
  readonly pipe: WasmSparsePipe;
}

/** Only the newest arena's instance is kept: an older arena's memory is then free to go. */
let current: ArenaKernels | null = null;

/**
 * This thread's WebAssembly sparse kernels over the task's arena (engine/sparse-arena.ts), bound
 * to the task's place and mask, with the table: the values in place, nothing copied.
 */
export function arenaSparseFor(task: {
  readonly rules: { readonly key: string };
  readonly shape: SparseShape;
  readonly arena: SparseArenaRef;
  readonly mask: SparseMask;
}): { seq: WasmSparseKernel; gang: WasmSparseFrozenKernel; pipe: WasmSparsePipe; g: Uint16Array } {
  const { rules, shape, arena, mask } = task;
  if (current === null || current.id !== arena.id || current.key !== rules.key) {
    const module = sparseWasmModule();
    if (module === null)
      throw new GrundyError('the engine sent a WebAssembly sparse task to a thread without WebAssembly SIMD', 5);
    const seq = new WasmSparseKernel(shape, module, arena.memory, { mask });
    current = {
      id: arena.id,
      key: rules.key,
      seq,
      gang: new WasmSparseFrozenKernel(seq.mem),
      pipe: new WasmSparsePipe(seq.mem),
    };
  }
  current.seq.mem.bind(arena.place, mask);
  // The kernels read the table in place; g names it (its Uint16 part).
  const g = new Uint16Array(current.seq.mem.memory.buffer, arena.place.gAt, arena.place.capacity);
  return { seq: current.seq, gang: current.gang, pipe: current.pipe, g };
}
