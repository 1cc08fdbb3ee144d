import { capacityFor, type RangeKernel, type RangeOutcome } from './kernel.js';
import { maskMex, MexSet } from './mex.js';
import type { Values } from './values.js';

/** Grundy's game, plain: g(n) = mex{ g(a) ^ g(n - a) : 1 <= a < n - a }. */
export function grundyKernel(): RangeKernel {
  const mex = new MexSet(256);
  return {
    name: 'grundy-plain',
    run(g: Values, lo: number, hi: number, maxBefore: number): RangeOutcome {
      const cap = capacityFor(g);
      let maxValue = 0;
      let small = maxBefore < 32;
      for (let n = lo; n < hi; n++) {
        const top = (n - 1) >> 1;
        let v: number;
        if (small) {
          let mask = 0;
          for (let a = 1; a <= top; a++) mask |= 1 << (g[a]! ^ g[n - a]!);
          v = maskMex(mask);
        } else {
          mex.clear();
          for (let a = 1; a <= top; a++) mex.add(g[a]! ^ g[n - a]!);
          v = mex.mex();
        }
        if (v > cap) return { next: n, maxValue, overflowValue: v };
        g[n] = v;
        if (v > maxValue) maxValue = v;
        if (v >= 32) small = false;
      }
      return { next: hi, maxValue };
    },
  };
}
