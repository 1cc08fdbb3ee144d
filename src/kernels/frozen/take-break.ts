import { takeBreakMoves } from '../../rules/take-break.js';
import { capacityFor, type RangeOutcome } from '../kernel.js';
import type { Values } from '../values.js';
import { RowMex, rowWordsFor, type FrozenKernel } from './frozen-kernel.js';

/**
 * Take-and-break codes, frozen at F: an option is finished in order iff its largest heap is
 * >= F. Leaving one heap n - r: iff n - r >= F. Leaving two heaps x <= m - x (m = n - i): iff
 * x <= m - F. Leaving three heaps x <= y <= m - x - y: iff y <= m - x - F. Everything else is
 * gathered in parallel from the frozen prefix.
 */
export function takeBreakFrozenKernel(digits: readonly number[]): FrozenKernel {
  const moves = takeBreakMoves(digits);
  const whole = Int32Array.from(moves.removeWhole);
  const one = Int32Array.from(moves.leaveOne);
  const two = Int32Array.from(moves.leaveTwo);
  const three = Int32Array.from(moves.leaveThree);
  const rowMex = new RowMex();
  return {
    name: 'frozen-prefix:take-break',
    rowWords: rowWordsFor,
    gather(g, F, lo, hi, rows, rowWords) {
      for (let n = lo; n < hi; n++) {
        const base = (n - lo) * rowWords;
        rows.fill(0, base, base + rowWords);
        for (let i = 0; i < whole.length; i++) if (whole[i] === n) rows[base]! |= 1;
        for (let i = 0; i < one.length; i++) {
          const h = n - one[i]!;
          if (h >= 1 && h < F) {
            const v = g[h]!;
            rows[base + (v >>> 5)]! |= 1 << (v & 31);
          }
        }
        for (let i = 0; i < two.length; i++) {
          const m = n - two[i]!;
          for (let x = Math.max(1, m - F + 1), half = m >> 1; x <= half; x++) {
            const v = g[x]! ^ g[m - x]!;
            rows[base + (v >>> 5)]! |= 1 << (v & 31);
          }
        }
        for (let i = 0; i < three.length; i++) {
          const m = n - three[i]!;
          for (let x = 1; 3 * x <= m; x++) {
            const gx = g[x]!;
            const rest = m - x;
            for (let y = Math.max(x, rest - F + 1); 2 * y <= rest; y++) {
              const v = gx ^ g[y]! ^ g[rest - y]!;
              rows[base + (v >>> 5)]! |= 1 << (v & 31);
            }
          }
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
        for (let i = 0; i < one.length; i++) {
          const h = n - one[i]!;
          if (h >= F) {
            const v = g[h]!;
            if (v >>> 5 < rowWords) rows[base + (v >>> 5)]! |= 1 << (v & 31);
            else rowMex.markAside(v, rowWords);
          }
        }
        for (let i = 0; i < two.length; i++) {
          const m = n - two[i]!;
          const top = Math.min(m >> 1, m - F);
          for (let x = 1; x <= top; x++) {
            const v = g[x]! ^ g[m - x]!;
            if (v >>> 5 < rowWords) rows[base + (v >>> 5)]! |= 1 << (v & 31);
            else rowMex.markAside(v, rowWords);
          }
        }
        for (let i = 0; i < three.length; i++) {
          const m = n - three[i]!;
          for (let x = 1; 3 * x <= m; x++) {
            const gx = g[x]!;
            const rest = m - x;
            const top = Math.min(rest >> 1, rest - F);
            for (let y = x; y <= top; y++) {
              const v = gx ^ g[y]! ^ g[rest - y]!;
              if (v >>> 5 < rowWords) rows[base + (v >>> 5)]! |= 1 << (v & 31);
              else rowMex.markAside(v, rowWords);
            }
          }
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
