import { infiniteSetElements } from '../rules/infinite-sets.js';
import type { InfiniteSetName } from '../rules/types.js';
import { capacityFor, type RangeKernel, type RangeOutcome } from './kernel.js';
import type { Values } from './values.js';

/**
 * Infinite subtraction set: per n, a mex over g(n - s) for every element s <= n. The option
 * set is a bitset over values stamped per heap: marking is one OR, the mex a scan of words.
 */
export function infiniteSubtractionKernel(name: InfiniteSetName): RangeKernel {
  let elements: Int32Array = new Int32Array(0);
  let coveredTo = -1;
  let bits = new Int32Array(32);
  return {
    name: 'infinite-subtraction',
    run(g: Values, lo: number, hi: number, maxBefore: number): RangeOutcome {
      if (hi - 1 > coveredTo) {
        // Over-allocate so a sequence of growing chunks regenerates the element list rarely.
        coveredTo = Math.max(hi - 1, Math.min(2 ** 31 - 1, coveredTo * 2));
        elements = infiniteSetElements(name, coveredTo);
      }
      const cap = capacityFor(g);
      let maxValue = 0;
      // Every option value is <= the largest value so far, so `words` covers them all.
      let words = (Math.max(maxBefore, 1) >>> 5) + 1;
      if (bits.length < words) bits = new Int32Array(words * 2);
      for (let n = lo; n < hi; n++) {
        bits.fill(0, 0, words);
        for (let i = 0; i < elements.length; i++) {
          const s = elements[i]!;
          if (s > n) break;
          const v = g[n - s]!;
          bits[v >>> 5]! |= 1 << (v & 31);
        }
        let v = words * 32;
        for (let w = 0; w < words; w++) {
          const free = ~bits[w]!;
          if (free !== 0) {
            v = w * 32 + (31 - Math.clz32(free & -free));
            break;
          }
        }
        if (v > cap) return { next: n, maxValue, overflowValue: v };
        g[n] = v;
        if (v > maxValue) maxValue = v;
        if (v >>> 5 >= words) {
          words = (v >>> 5) + 1;
          if (bits.length < words) {
            const next = new Int32Array(words * 2);
            bits = next;
          }
        }
      }
      return { next: hi, maxValue };
    },
  };
}
