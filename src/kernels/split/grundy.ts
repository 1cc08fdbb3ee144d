import { capacityFor, type RangeOutcome } from '../kernel.js';
import type { Values } from '../values.js';
import { RowMex, rowWordsFor, type SplitKernel } from './split-kernel.js';

/**
 * Grundy's game split at the chunk start a: the pair (x, n - x), x < n - x, touches the chunk
 * iff its larger heap n - x >= a, i.e. x <= n - a. Those n - a pairs per heap are the ordered
 * work; the other (n - 1) / 2 - (n - a) pairs are gathered in parallel.
 */
export function grundySplitKernel(): SplitKernel {
  const rowMex = new RowMex();
  return {
    name: 'frozen-prefix:grundy',
    rowWords: rowWordsFor,
    gather(g, a, lo, hi, rows, rowWords) {
      for (let n = lo; n < hi; n++) {
        const base = (n - a) * rowWords;
        rows.fill(0, base, base + rowWords);
        const top = (n - 1) >> 1;
        for (let x = Math.max(1, n - a + 1); x <= top; x++) {
          const v = g[x]! ^ g[n - x]!;
          rows[base + (v >>> 5)]! |= 1 << (v & 31);
        }
      }
      return null;
    },
    finish(g: Values, a: number, b: number, rows: Int32Array, rowWords: number): RangeOutcome {
      const cap = capacityFor(g);
      let maxValue = 0;
      for (let n = a; n < b; n++) {
        const base = (n - a) * rowWords;
        rowMex.reset();
        const top = Math.min((n - 1) >> 1, n - a);
        for (let x = 1; x <= top; x++) {
          const v = g[x]! ^ g[n - x]!;
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
