import { infiniteSetElements } from '../../rules/infinite-sets.js';
import type { InfiniteSetName } from '../../rules/types.js';
import { capacityFor, type RangeOutcome } from '../kernel.js';
import { lowerBound } from '../sparse.js';
import type { Values } from '../values.js';
import { RowMex, rowWordsFor, type FrozenKernel } from './frozen-kernel.js';

/** Heaps gathered together: their rows stay in L2 while the elements sweep over them. */
const BLOCK = 512;
/** Heaps the finish takes together (see finish). */
const FINISH_BLOCK = 64;
/** A row holds one byte per value: 4 values per Int32 word of the row scratch. */
export const BYTE_ROW_SCALE = 8;
const ALL_SET = 0x01010101;

/**
 * Infinite subtraction sets, frozen at F: the option n - s is finished in order iff s <= n - F,
 * so with squares only about sqrt(n - F) options per heap are ordered and the other
 * sqrt(n) - sqrt(n - F) are gathered in parallel.
 *
 * Both phases are blocked: for a block of heaps each element s sweeps once over the block, so
 * g[n - s] is read as a contiguous run while the block's rows stay in cache (the loop
 * interchange of the definition, as in the C "blocked" reference). Rows hold a byte per value
 * rather than a bit: a plain store instead of a read-modify-write, sixteen loads issued before
 * their sixteen stores (markRun). Measured in one thread on squares near 3e6: 5.5 ns per option
 * with bit rows, 2.5 ns with byte rows. The rows cost 8x the memory of bit rows (512 bytes a
 * heap for values below 512).
 */
export function infiniteSubtractionFrozenKernel(name: InfiniteSetName): FrozenKernel {
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
  let bytes: Uint8Array<ArrayBufferLike> = new Uint8Array(0);
  const bytesOf = (rows: Int32Array): Uint8Array<ArrayBufferLike> => {
    if (bytes.buffer !== rows.buffer || bytes.byteOffset !== rows.byteOffset || bytes.length !== rows.byteLength) {
      bytes = new Uint8Array(rows.buffer, rows.byteOffset, rows.byteLength);
    }
    return bytes;
  };
  return {
    name: `frozen-prefix:subtract-${name}`,
    rowWords: (maxValue) => BYTE_ROW_SCALE * rowWordsFor(maxValue),
    gather(g, F, lo, hi, rows, rowWords) {
      const S = ensure(hi);
      const R = rowWords * 4;
      const row = bytesOf(rows);
      row.fill(0, 0, (hi - lo) * R);
      for (let n0 = lo; n0 < hi; n0 += BLOCK) {
        const n1 = Math.min(hi, n0 + BLOCK);
        // Elements with some heap n in [n0, n1) such that 0 <= n - s < F.
        for (let i = lowerBound(S, S.length, n0 - F + 1); i < S.length; i++) {
          const s = S[i]!;
          if (s >= n1) break;
          const from = Math.max(n0, s);
          markRun(g, row, from - s, Math.min(n1, s + F) - s, (from - lo) * R, R);
        }
      }
      return null;
    },
    /**
     * In order, by blocks of FINISH_BLOCK heaps [m0, m1): first the options in [F, m0) (final
     * already) as a blocked sweep like the gather's, then heap by heap the few from inside the
     * block (for squares, s < 64: 7 elements) and the mex. Heap by heap throughout, the finish
     * cost 10 ns an option, the serial eighth of a 2-worker run.
     */
    finish(g: Values, F: number, s: number, e: number, rows: Int32Array, rowWords: number): RangeOutcome {
      const S = ensure(e);
      const R = rowWords * 4;
      const row = bytesOf(rows);
      const cap = capacityFor(g);
      let maxValue = 0;
      // Values of [F, s), finished before (by other gang members), may not fit the rows either.
      let maxBelow = 0;
      for (let n = F; n < s; n++) if (g[n]! > maxBelow) maxBelow = g[n]!;
      for (let m0 = s; m0 < e; m0 += FINISH_BLOCK) {
        const m1 = Math.min(e, m0 + FINISH_BLOCK);
        // While every value of [F, m0) fits the rows (the usual case), the options there are
        // swept in one go; past that, heap by heap with the wide ones set aside.
        const swept = Math.max(maxBelow, maxValue) < R;
        if (swept) {
          // Options n - s in [F, m0) for n in [m0, m1): s <= m1 - 1 - F.
          for (let i = 0; i < S.length; i++) {
            const x = S[i]!;
            if (x > m1 - 1 - F) break;
            const from = Math.max(m0, x + F);
            const to = Math.min(m1, x + m0);
            if (from < to) markRun(g, row, from - x, to - x, (from - s) * R, R);
          }
        }
        for (let n = m0; n < m1; n++) {
          const base = (n - s) * R;
          rowMex.reset();
          // Options n - s inside the block (s <= n - m0), or every in-chunk one (s <= n - F).
          const limit = swept ? n - m0 : n - F;
          for (let i = 0; i < S.length; i++) {
            const x = S[i]!;
            if (x > limit) break;
            const v = g[n - x]!;
            if (v < R) row[base + v] = 1;
            else rowMex.markAsideFrom(v, R);
          }
          // Four bytes a word: the first word not all set holds the mex.
          const wordBase = (n - s) * rowWords;
          let v = -1;
          for (let w = 0; w < rowWords; w++) {
            if (rows[wordBase + w] !== ALL_SET) {
              v = w * 4;
              while (row[base + v] === 1) v++;
              break;
            }
          }
          if (v < 0) v = rowMex.mexBeyond(R);
          if (v > cap) return { next: n, maxValue, overflowValue: v };
          g[n] = v;
          if (v > maxValue) maxValue = v;
        }
      }
      return { next: e, maxValue };
    },
  };
}

/**
 * row[base + k * R + g[m + k]] = 1 for m + k in [m, end): one element's options over a run of
 * heaps, R bytes a row. Sixteen loads before their sixteen stores: V8 reloads typed-array state
 * after each store, so one load per store serialised the loop.
 */
function markRun(g: Values, row: Uint8Array<ArrayBufferLike>, m: number, end: number, base: number, R: number): void {
  for (; m + 16 <= end; m += 16, base += 16 * R) {
    const v0 = g[m]!;
    const v1 = g[m + 1]!;
    const v2 = g[m + 2]!;
    const v3 = g[m + 3]!;
    const v4 = g[m + 4]!;
    const v5 = g[m + 5]!;
    const v6 = g[m + 6]!;
    const v7 = g[m + 7]!;
    const v8 = g[m + 8]!;
    const v9 = g[m + 9]!;
    const v10 = g[m + 10]!;
    const v11 = g[m + 11]!;
    const v12 = g[m + 12]!;
    const v13 = g[m + 13]!;
    const v14 = g[m + 14]!;
    const v15 = g[m + 15]!;
    row[base + v0] = 1;
    row[base + R + v1] = 1;
    row[base + 2 * R + v2] = 1;
    row[base + 3 * R + v3] = 1;
    row[base + 4 * R + v4] = 1;
    row[base + 5 * R + v5] = 1;
    row[base + 6 * R + v6] = 1;
    row[base + 7 * R + v7] = 1;
    row[base + 8 * R + v8] = 1;
    row[base + 9 * R + v9] = 1;
    row[base + 10 * R + v10] = 1;
    row[base + 11 * R + v11] = 1;
    row[base + 12 * R + v12] = 1;
    row[base + 13 * R + v13] = 1;
    row[base + 14 * R + v14] = 1;
    row[base + 15 * R + v15] = 1;
  }
  for (; m < end; m++, base += R) row[base + g[m]!] = 1;
}
