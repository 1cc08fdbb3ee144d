import type { FrozenGangTask } from '../engine/gang-protocol.js';
import { GANG } from '../kernels/gang-control.js';
import type { PhaseKernel } from '../gang/member.js';
import type { FrozenKernel } from '../kernels/frozen/frozen-kernel.js';
import type { Values } from '../kernels/values.js';

/**
 * A frozen-prefix kernel (kernels/frozen/) as a gang's phase kernel: each tile gathered into
 * the member's own rows (they start at the tile's first heap), then finished from its start
 * with the same frozen bound, the largest value published in MAX.
 */
export function frozenPhases(task: FrozenGangTask, kernel: FrozenKernel, g: Values, ctl: Int32Array): PhaseKernel {
  const rows = new Int32Array(task.rows, 0, task.tile * task.rowWords);
  // What the gather of the tile in flight handed over (null for every built-in kernel).
  let deferred: Int32Array | null = null;
  return {
    gather(s, e, F) {
      // MAX bounds every value below F: once the rows cannot hold their XORs, a new gang with
      // wider rows goes on from here.
      if (kernel.rowWords(Atomics.load(ctl, GANG.MAX)) > task.rowWords) {
        Atomics.store(ctl, GANG.REGROW, 1);
        return false;
      }
      deferred = kernel.gather(g, F, s, e, rows, task.rowWords);
      return true;
    },
    finish(s, e, F) {
      const out = kernel.finish(g, F, s, e, rows, task.rowWords, [deferred]);
      if (out.maxValue > Atomics.load(ctl, GANG.MAX)) Atomics.store(ctl, GANG.MAX, out.maxValue);
      return out.overflowValue !== undefined
        ? { next: out.next, overflow: out.overflowValue }
        : { next: e, overflow: 0 };
    },
    scribble(s, e) {
      g.fill(0xffffffff, s, e);
    },
  };
}
