import { capacityFor, type RangeKernel, type RangeOutcome } from './kernel.js';
import type { Values } from './values.js';

/**
 * All-but subtraction (and nim, which excludes nothing): the options of n are every smaller
 * heap m except m = n - x for the excluded x. With counts of each value over g[0..n), v is an
 * option value iff its count exceeds the number of excluded heaps holding v; so
 * g(n) = min(least value absent from the whole prefix, least excluded value whose every
 * occurrence is excluded). That is O(|X|) per heap instead of O(n).
 */
export function allButKernel(excluded: readonly number[]): RangeKernel {
  const X = Int32Array.from(excluded);
  let counts = new Int32Array(1024);
  const removed = new Int32Array(Math.max(1, X.length));
  const touched = new Int32Array(Math.max(1, X.length));
  const ensure = (v: number): void => {
    if (v < counts.length) return;
    let size = counts.length * 2;
    while (size <= v) size *= 2;
    const next = new Int32Array(size);
    next.set(counts);
    counts = next;
  };
  return {
    name: X.length === 0 ? 'nim-count' : 'all-but-count',
    run(g: Values, lo: number, hi: number): RangeOutcome {
      counts.fill(0);
      for (let m = 0; m < lo; m++) {
        const v = g[m]!;
        ensure(v + 1);
        counts[v]!++;
      }
      let absent = 0;
      while (absent < counts.length && counts[absent]! > 0) absent++;
      const cap = capacityFor(g);
      let maxValue = 0;
      for (let n = lo; n < hi; n++) {
        // Count, per value, the excluded heaps n - x that hold it.
        let t = 0;
        for (let i = 0; i < X.length; i++) {
          const x = X[i]!;
          if (x > n) break;
          const v = g[n - x]!;
          let j = 0;
          while (j < t && touched[j] !== v) j++;
          if (j === t) {
            touched[t] = v;
            removed[t] = 0;
            t++;
          }
          removed[j]!++;
        }
        let v = absent;
        for (let j = 0; j < t; j++) {
          const u = touched[j]!;
          if (u < v && counts[u]! === removed[j]!) v = u;
        }
        if (v > cap) return { next: n, maxValue, overflowValue: v };
        g[n] = v;
        if (v > maxValue) maxValue = v;
        ensure(v + 1);
        counts[v]!++;
        while (absent < counts.length && counts[absent]! > 0) absent++;
        ensure(absent + 1);
      }
      return { next: hi, maxValue };
    },
  };
}
