import { infiniteSetElements } from '../../rules/infinite-sets.js';
import type { InfiniteSetName } from '../../rules/types.js';
import { capacityFor, type RangeOutcome } from '../kernel.js';
import type { Values } from '../values.js';
import { RowMex, type SplitKernel } from './split-kernel.js';

/** Heaps gathered together: their rows stay in L1 while the elements sweep over them. */
const BLOCK = 64;

/**
 * Infinite subtraction sets split at the chunk start A: the option n - s is in-chunk iff
 * s <= n - A, so with squares only about sqrt(n - A) options per heap are ordered and the other
 * sqrt(n) - sqrt(n - A) are gathered in parallel.
 *
 * The gather is blocked: for a block of 64 heaps it sweeps each element s once over the block,
 * so g[n - s] is read as a contiguous run and the 64 rows stay in cache, instead of
 * every heap jumping across the whole table (the cache-friendly order of the C "blocked"
 * reference, reached independently: it is the loop interchange of the definition).
 */
export function infiniteSubtractionSplitKernel(name: InfiniteSetName): SplitKernel {
  let elements: Int32Array = new Int32Array(0);
  let coveredTo = -1;
  const ensure = (limit: number): Int32Array => {
    if (limit > coveredTo) {
      coveredTo = Math.max(limit, Math.min(2 ** 31 - 1, coveredTo * 2));
      elements = infiniteSetElements(name, coveredTo);
    }
    return elements;
  };
  const rowMex = new RowMex();
  return {
    name: `frozen-prefix:subtract-${name}`,
    gather(g, A, lo, hi, rows, rowWords) {
      const S = ensure(hi);
      rows.fill(0, (lo - A) * rowWords, (hi - A) * rowWords);
      for (let n0 = lo; n0 < hi; n0 += BLOCK) {
        const n1 = Math.min(hi, n0 + BLOCK);
        // Elements with some heap n in [n0, n1) such that 0 <= n - s < A.
        let i = lowerBound(S, n0 - A + 1);
        for (; i < S.length; i++) {
          const s = S[i]!;
          if (s >= n1) break;
          const from = Math.max(n0, s);
          const to = Math.min(n1, s + A);
          let base = (from - A) * rowWords;
          for (let n = from; n < to; n++, base += rowWords) {
            const v = g[n - s]!;
            rows[base + (v >>> 5)]! |= 1 << (v & 31);
          }
        }
      }
      return null;
    },
    finish(g: Values, A: number, b: number, rows: Int32Array, rowWords: number): RangeOutcome {
      const S = ensure(b);
      const cap = capacityFor(g);
      let maxValue = 0;
      for (let n = A; n < b; n++) {
        const base = (n - A) * rowWords;
        rowMex.reset();
        const limit = n - A;
        for (let i = 0; i < S.length; i++) {
          const s = S[i]!;
          if (s > limit) break;
          const v = g[n - s]!;
          if (v >>> 5 < rowWords) rows[base + (v >>> 5)]! |= 1 << (v & 31);
          else rowMex.markAside(v, rowWords);
        }
        const v = rowMex.mex(rows, base, rowWords);
        if (v > cap) return { next: n, maxValue, overflowValue: v };
        g[n] = v;
        if (v > maxValue) maxValue = v;
      }
      return { next: b, maxValue };
    },
  };
}

/** The first index i with S[i] >= x (S increasing). */
function lowerBound(S: Int32Array, x: number): number {
  let lo = 0;
  let hi = S.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (S[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
