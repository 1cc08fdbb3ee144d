import type { SparseGangTask } from '../engine/sparse-protocol.js';
import { GANG } from '../kernels/gang-control.js';
import type { PhaseKernel } from '../gang/member.js';
import { RareList } from '../kernels/sparse.js';
import { valueCeiling, type SparseFrozenKernel } from '../kernels/sparse-frozen.js';
import type { Values } from '../kernels/values.js';
import type { RangeOutcome } from '../kernels/kernel.js';
import type { WasmSparseFrozenKernel } from '../kernels/wasm/sparse-wasm.js';

/**
 * Sparse space as a gang's phase kernel: the gather and finish of kernels/sparse-frozen.ts, with
 * the rare heaps each finish finds published to the shared rare list before FINISHED moves.
 */
export function sparsePhases(
  task: SparseGangTask,
  kernel: SparseFrozenKernel | WasmSparseFrozenKernel,
  g: Values,
  ctl: Int32Array,
): PhaseKernel {
  const rarePos = new Int32Array(task.rarePos);
  const rareVal = new Int32Array(task.rareVal);
  const rows = new Int32Array(task.rows);
  const reach = task.arena?.place.reach ?? Number.MAX_SAFE_INTEGER;
  // The kernel works on a plain copy of the shared rare list: given SharedArrayBuffer-backed
  // arrays, its helpers (shared with the one-worker kernel in the same thread) went polymorphic
  // and later one-worker chunks ran 1.5x slower. It grows as it fills: sized for the shared
  // list (room for every heap of the chunk) it cost each task megabytes that idle workers
  // were slow to collect.
  const rare = new RareList();
  // Every entry this member holds is published (each finish publishes its own), so catching up
  // is copying the tail the others published since.
  const sync = (): void => {
    const published = Atomics.load(ctl, GANG.RARE_COUNT);
    for (let i = rare.count; i < published; i++) rare.push(rarePos[i]!, rareVal[i]!);
  };
  return {
    gather(s, e, F) {
      sync();
      // A windowed table's rare heap past the reach stops the gang after it, before this tile:
      // its partners here lie before the tail, where the kernel must not read.
      if (rare.count > 0 && rare.pos[rare.count - 1]! > reach) return false;
      const maxNow = Atomics.load(ctl, GANG.MAX);
      if (valueCeiling(maxNow) > task.rowWords * 32) {
        // The rows were sized for the values at the start; the main thread starts a new gang here.
        Atomics.store(ctl, GANG.REGROW, 1);
        return false;
      }
      kernel.gather(g, F, s, e, maxNow, rare, rows, task.rowWords, s);
      return true;
    },
    finish(s, e, F) {
      sync();
      // Heaps at or past s in the shared list are a dead member's, published for this very tile
      // before it could move FINISHED: this finish finds them again, in order.
      rare.truncate(s);
      const published = rare.count;
      const rescans = kernel.rescans;
      const continued = kernel.continued;
      const maxBefore = Atomics.load(ctl, GANG.MAX);
      const out = kernel.finish(g, F, s, e, maxBefore, rare, rows, task.rowWords, s);
      Atomics.add(ctl, GANG.RESCANS, kernel.rescans - rescans);
      Atomics.add(ctl, GANG.CONTINUED, kernel.continued - continued);
      return publishFound(ctl, rarePos, rareVal, rare, published, maxBefore, out, e);
    },
    scribble(s, e) {
      g.fill(0xffffffff, s, e);
    },
  };
}

/**
 * What a finish of [s, e) found, published to the gang before FINISHED moves (a tile gang's
 * finish, a pipe's closer): its rare heaps from `from` on into the shared list, its largest
 * value; and how it ended, as publishFinished takes it (next < e: a value too wide for the
 * table, or a windowed table's stop at a miss or after a rare heap past its reach).
 */
export function publishFound(
  ctl: Int32Array,
  rarePos: Int32Array,
  rareVal: Int32Array,
  rare: RareList,
  from: number,
  maxBefore: number,
  out: RangeOutcome & { miss?: true },
  e: number,
): { readonly next: number; readonly overflow: number; readonly miss?: true } {
  if (out.maxValue > maxBefore) Atomics.store(ctl, GANG.MAX, out.maxValue);
  rarePos.set(rare.pos.subarray(from, rare.count), from);
  rareVal.set(rare.val.subarray(from, rare.count), from);
  Atomics.store(ctl, GANG.RARE_COUNT, rare.count);
  if (out.overflowValue !== undefined) return { next: out.next, overflow: out.overflowValue };
  if (out.next < e) return { next: out.next, overflow: 0, ...(out.miss ? { miss: true } : {}) };
  return { next: e, overflow: 0 };
}
