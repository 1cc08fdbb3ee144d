import { capacityFor, type RangeKernel, type RangeOutcome } from './kernel.js';
import { maskMex, MexSet } from './mex.js';
import type { Values } from './values.js';

/**
 * Finite subtraction set S: g(n) = mex{ g(n - s) : s in S, s <= n }. Values never exceed |S|,
 * so while |S| < 32 the option set is one 32-bit mask.
 */
export function subtractionKernel(set: readonly number[]): RangeKernel {
  const S = Int32Array.from(set);
  const k = S[S.length - 1] ?? 0;
  const mex = new MexSet(64);
  const useMask = S.length < 32;
  return {
    name: 'subtraction',
    run(g: Values, lo: number, hi: number): RangeOutcome {
      const cap = capacityFor(g);
      let maxValue = 0;
      for (let n = lo; n < hi; n++) {
        let v: number;
        if (useMask) {
          let mask = 0;
          if (n >= k) {
            for (let i = 0; i < S.length; i++) mask |= 1 << g[n - S[i]!]!;
          } else {
            for (let i = 0; i < S.length && S[i]! <= n; i++) mask |= 1 << g[n - S[i]!]!;
          }
          v = maskMex(mask);
        } else {
          mex.clear();
          for (let i = 0; i < S.length && S[i]! <= n; i++) mex.add(g[n - S[i]!]!);
          v = mex.mex();
        }
        if (v > cap) return { next: n, maxValue, overflowValue: v };
        g[n] = v;
        if (v > maxValue) maxValue = v;
      }
      return { next: hi, maxValue };
    },
  };
}
