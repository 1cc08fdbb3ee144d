import { ComputeError } from '../../errors.js';
import { heapsOf, iterateOptions } from '../custom.js';
import { capacityFor, type OptionsFunction, type RangeOutcome } from '../kernel.js';
import type { Values } from '../values.js';
import { GatherFailure, RowMex, rowWordsFor, type FrozenKernel } from './frozen-kernel.js';

/**
 * Custom rules, frozen at F. The module's options(n) runs once per heap, in the parallel
 * gather: tuples whose heaps are all < F are marked at once, the others are deferred to the
 * ordered finish as data, encoded per heap as [count, (length, heaps...) x count].
 */
export function customFrozenKernel(options: OptionsFunction, label: string): FrozenKernel {
  const rowMex = new RowMex();
  return {
    name: 'frozen-prefix:custom-module',
    rowWords: rowWordsFor,
    gather(g, F, lo, hi, rows, rowWords) {
      const deferred: number[] = [];
      for (let n = lo; n < hi; n++) {
        const base = (n - lo) * rowWords;
        rows.fill(0, base, base + rowWords);
        const countAt = deferred.length;
        try {
          let produced: unknown;
          try {
            produced = options(n);
          } catch (err) {
            throw new ComputeError(
              `${label}: options(${n}) threw: ${err instanceof Error ? err.message : String(err)}`,
            );
          }
          deferred.push(0);
          for (const tuple of iterateOptions(produced, label, n)) {
            const heaps = heapsOf(tuple, label, n);
            let x = 0;
            let frozen = true;
            for (const h of heaps) {
              if (h >= F) frozen = false;
              else x ^= g[h]!;
            }
            if (frozen) {
              rows[base + (x >>> 5)]! |= 1 << (x & 31);
            } else {
              deferred[countAt]!++;
              deferred.push(heaps.length, ...heaps);
            }
          }
        } catch (err) {
          // Hand over what is complete: heaps [lo, n) can still be finished and stored.
          deferred.length = countAt;
          const exitCode = err instanceof ComputeError ? err.exitCode : 5;
          throw new GatherFailure(
            err instanceof Error ? err.message : String(err),
            n,
            exitCode,
            Int32Array.from(deferred),
          );
        }
      }
      return Int32Array.from(deferred);
    },
    finish(g: Values, _F: number, s: number, e: number, rows: Int32Array, rowWords: number, deferred): RangeOutcome {
      const cap = capacityFor(g);
      let maxValue = 0;
      let part = 0;
      let at = 0;
      for (let n = s; n < e; n++) {
        // Move to the next tile's data when this one is used up.
        while (part < deferred.length && at >= (deferred[part]?.length ?? 0)) {
          part++;
          at = 0;
        }
        const data = deferred[part];
        if (!data) throw new Error(`custom finish: no gathered data for heap ${n}`);
        const base = (n - s) * rowWords;
        rowMex.reset();
        const count = data[at++]!;
        for (let t = 0; t < count; t++) {
          const len = data[at++]!;
          let x = 0;
          for (let j = 0; j < len; j++) x ^= g[data[at++]!]!;
          if (x >>> 5 < rowWords) rows[base + (x >>> 5)]! |= 1 << (x & 31);
          else rowMex.markAside(x, rowWords);
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
