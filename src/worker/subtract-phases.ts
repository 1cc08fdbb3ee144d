import type { SubtractGangTask } from '../engine/gang-protocol.js';
import { GANG } from '../kernels/gang-control.js';
import type { PhaseKernel } from '../gang/member.js';
import { finishLimit, valuesView, type SubtractBlockedKernels } from '../kernels/wasm/subtract-blocked.js';

/**
 * The WebAssembly subtraction kernel as a gang's phase kernel: one tile at a time, its rows
 * and stamps in the member's scratch of the shared memory.
 */
export function subtractPhases(task: SubtractGangTask, kernels: SubtractBlockedKernels, ctl: Int32Array): PhaseKernel {
  const { hi, tile, member, vmax, bytes } = task;
  const kernel = kernels[bytes];
  const limit = finishLimit(bytes, vmax);
  const table = (): Uint8Array | Uint16Array => valuesView(ctl.buffer, ctl[GANG.G]!, hi, bytes);
  const rows = task.scratch + member * task.stride;
  const scratch = rows + tile * vmax;
  // The row width of the tile in flight: set by its gather, used by its finish.
  let V = 16;
  return {
    gather(s, e, F) {
      // Every value below F is at most MAX: rows of MAX + 2 bytes hold them with the last byte free.
      V = Math.min(vmax, Math.ceil((Atomics.load(ctl, GANG.MAX) + 2) / 16) * 16);
      kernel.gather(s, e, F, V, rows);
      return true;
    },
    finish(s, e, F) {
      const top = kernel.finish(s, e, F, V, rows, scratch, limit);
      if (top >= 0) {
        if (top > Atomics.load(ctl, GANG.MAX)) Atomics.store(ctl, GANG.MAX, top);
        return { next: e, overflow: 0 };
      }
      // Heap s - top - 1 has a value too wide for any rows or for a byte table.
      const at = s - top - 1;
      const wide = new Int32Array(ctl.buffer, scratch + 4, 1)[0]!;
      let max = Atomics.load(ctl, GANG.MAX);
      const g = table();
      for (let n = s; n < at; n++) max = Math.max(max, g[n]!);
      Atomics.store(ctl, GANG.MAX, max);
      return { next: at, overflow: wide };
    },
    scribble(s, e) {
      table().fill(0xffff, s, e);
    },
  };
}
