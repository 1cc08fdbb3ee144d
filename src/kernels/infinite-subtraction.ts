import { infiniteSetElements } from '../rules/infinite-sets.js';
import type { InfiniteSetName } from '../rules/types.js';
import { capacityFor, type RangeKernel, type RangeOutcome } from './kernel.js';
import { MexSet } from './mex.js';
import type { Values } from './values.js';

/** Infinite subtraction set: per n, a mex over g(n - s) for every element s <= n. */
export function infiniteSubtractionKernel(name: InfiniteSetName): RangeKernel {
  let elements: Int32Array = new Int32Array(0);
  let coveredTo = -1;
  const mex = new MexSet(1024);
  return {
    name: 'infinite-subtraction',
    run(g: Values, lo: number, hi: number): RangeOutcome {
      if (hi - 1 > coveredTo) {
        // Over-allocate so a sequence of growing chunks regenerates the element list rarely.
        coveredTo = Math.max(hi - 1, Math.min(2 ** 31 - 1, coveredTo * 2));
        elements = infiniteSetElements(name, coveredTo);
      }
      const cap = capacityFor(g);
      let maxValue = 0;
      for (let n = lo; n < hi; n++) {
        mex.clear();
        for (let i = 0; i < elements.length; i++) {
          const s = elements[i]!;
          if (s > n) break;
          mex.add(g[n - s]!);
        }
        const v = mex.mex();
        if (v > cap) return { next: n, maxValue, overflowValue: v };
        g[n] = v;
        if (v > maxValue) maxValue = v;
      }
      return { next: hi, maxValue };
    },
  };
}
