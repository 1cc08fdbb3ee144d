import { capacityFor, type RangeOutcome } from '../kernel.js';
import type { Values } from '../values.js';
import { RowMex, rowWordsFor, type FrozenKernel } from './frozen-kernel.js';

/**
 * Grundy's game, frozen at F: the pair (x, n - x), x < n - x, is finished in order iff its
 * larger heap n - x >= F, i.e. x <= n - F. Those n - F pairs per heap are the ordered work; the
 * other (n - 1) / 2 - (n - F) pairs are gathered in parallel.
 */
export function grundyFrozenKernel(): FrozenKernel {
  const rowMex = new RowMex();
  return {
    name: 'frozen-prefix:grundy',
    rowWords: rowWordsFor,
    gather(g, F, lo, hi, rows, rowWords) {
      for (let n = lo; n < hi; n++) {
        const base = (n - lo) * rowWords;
        rows.fill(0, base, base + rowWords);
        const top = (n - 1) >> 1;
        for (let x = Math.max(1, n - F + 1); x <= top; x++) {
          const v = g[x]! ^ g[n - x]!;
          rows[base + (v >>> 5)]! |= 1 << (v & 31);
        }
      }
      return null;
    },
    finish(g: Values, F: number, s: number, e: number, rows: Int32Array, rowWords: number): RangeOutcome {
      const cap = capacityFor(g);
      let maxValue = 0;
      for (let n = s; n < e; n++) {
        const base = (n - s) * rowWords;
        rowMex.reset();
        const top = Math.min((n - 1) >> 1, n - F);
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
      return { next: e, maxValue };
    },
  };
}
