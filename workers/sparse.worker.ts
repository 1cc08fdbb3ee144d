import { RareList, SparseKernel } from '../src/kernels/sparse.js';
import { SparseFrozenKernel } from '../src/kernels/sparse-frozen.js';
import { sparseKernelCache } from '../src/worker/sparse-cache.js';
import { arenaSparseFor } from '../src/worker/wasm-sparse.js';
import { valuesOver } from '../src/kernels/values.js';
import type {
  SparseGangOutcome,
  SparseGangTask,
  SparseOutcome,
  SparseReadyOutcome,
  SparseReadyTask,
  SparseTask,
} from '../src/engine/sparse-protocol.js';
import { abortGang } from '../src/kernels/gang-control.js';
import { runMember } from '../src/gang/member.js';
import { runPipeMember } from '../src/worker/sparse-pipe.js';
import { haltPipe, WASM_SPARSE_PIPE_KERNEL } from '../src/kernels/wasm/sparse-pipe.js';
import { workerShouldDie } from '../src/testing/faults.js';
import { defineWorker } from '../src/worker/define-worker.js';
import { rangeOutcome } from '../src/worker/range-outcome.js';
import { sparsePhases } from '../src/worker/sparse-phases.js';
import { sparseWasmModule } from '../src/wasm/sparse-module.js';

/**
 * Sparse space, one worker's chunks and a gang's members both: a thread that ran one-worker
 * chunks has then loaded everything its first gang needs. Tasks carry the game's move shape, so
 * this file never loads the games registry.
 */
const jsKernelFor = sparseKernelCache((shape) => new SparseKernel(shape));
const jsGangKernelFor = sparseKernelCache((shape) => new SparseFrozenKernel(shape));

function runSparse(task: SparseTask): SparseOutcome {
  // WebAssembly with SIMD over the table's arena where the engine made one
  // (engine/sparse-arena.ts), else JavaScript over the table's SharedArrayBuffer.
  const arena = task.arena ? arenaSparseFor({ ...task, arena: task.arena }) : null;
  const kernel = arena?.seq ?? jsKernelFor(task);
  const g = arena?.g ?? valuesOver(task.buffer, task.width);
  if (workerShouldDie(task.lo, task.hi)) {
    // Test hook (src/testing/faults.ts): leave garbage behind, then take the thread down.
    g.fill(0xffffffff, task.lo, task.hi);
    process.exit(70);
  }
  const rare = new RareList(Math.max(1024, 2 * task.rare.length));
  for (let i = 0; i < task.rare.length; i++) rare.push(task.rare[i]!, task.rareVal[i]!);
  const before = rare.count;
  const started = performance.now();
  const out: ReturnType<typeof kernel.run> & { miss?: true; planes?: number } = kernel.run(
    g,
    task.lo,
    task.hi,
    task.maxBefore,
    rare,
  );
  const ms = performance.now() - started;
  const found = rare.pos.slice(before, rare.count);
  return {
    ...rangeOutcome(out, kernel.name),
    rare: found,
    ms,
    ...(out.miss ? { miss: true } : {}),
    ...(out.planes ? { planes: out.planes } : {}),
  };
}

/** One member of a gang (src/gang/): the member loop over the sparse phase kernel. */
function runGangMember(task: SparseGangTask): SparseGangOutcome {
  const ctl = new Int32Array(task.control);
  const arena = task.arena ? arenaSparseFor({ ...task, arena: task.arena }) : null;
  if (task.pipe && task.arena && arena) {
    runPipeMember({ ...task, pipe: task.pipe }, arena.pipe, task.arena.memory, arena.g, ctl, workerShouldDie);
    return { kind: 'member-done', kernel: WASM_SPARSE_PIPE_KERNEL };
  }
  const kernel = arena?.gang ?? jsGangKernelFor(task);
  const g = arena?.g ?? valuesOver(task.buffer, task.width);
  runMember(ctl, task, sparsePhases(task, kernel, g, ctl), workerShouldDie);
  return { kind: 'member-done', kernel: kernel.name };
}

/** This thread's instance set up over a gang member's place ahead of the first gang. */
function ready(task: SparseReadyTask): SparseReadyOutcome {
  arenaSparseFor(task);
  return { kind: 'ready' };
}

export default defineWorker(
  (task: SparseTask | SparseGangTask | SparseReadyTask) =>
    task.kind === 'sparse' ? runSparse(task) : task.kind === 'sparse-ready' ? ready(task) : runGangMember(task),
  (task, error) => {
    // A gang's other members may be waiting for this one's tile: release them at once.
    if (task.kind === 'sparse-gang') {
      abortGang(new Int32Array(task.control));
      if (task.pipe && task.arena) haltPipe(task.arena.memory, task.pipe.at);
    }
    return error;
  },
  // The kernels compile while the main thread opens the store, not in the first chunk.
  () => {
    sparseWasmModule();
  },
);
