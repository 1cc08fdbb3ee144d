import { capacityFor, type RangeKernel, type RangeOutcome } from './kernel.js';
import { MexSet } from './mex.js';
import type { Values } from './values.js';

/**
 * One-dimensional coin-turning games (Winning Ways, ch. 14), coins numbered from 1: a move turns
 * the head on coin n to tails and turns c - 1 other coins left of it, for c in `counts` (the
 * coins n-c+1..n-1 when `consecutive`, else any c - 1 of 1..n-1). A head on coin n is "heap n";
 * the value of a row is the nim-sum of its heads' values, so g(n) is the mex of the nim-sums of
 * the coin sets a move turns over. Pure: no I/O.
 */
export interface TurningShape {
  /** Allowed numbers of coins a move turns (the one going heads to tails included), ascending. */
  readonly counts: readonly number[];
  /** Every count from the last one on is allowed too (consecutive only: Ruler is 1..). */
  readonly open: boolean;
  readonly consecutive: boolean;
}

/** Whether a move may turn c coins in all. */
export function allowsCount(shape: TurningShape, c: number): boolean {
  const last = shape.counts[shape.counts.length - 1]!;
  return shape.counts.includes(c) || (shape.open && c >= last);
}

/** The plain kernel: prefix nim-sums for consecutive moves, reachable nim-sum sets otherwise. */
export function turningKernel(shape: TurningShape): RangeKernel {
  return shape.consecutive ? consecutiveKernel(shape) : anywhereKernel(shape);
}

function consecutiveKernel(shape: TurningShape): RangeKernel {
  const mex = new MexSet(256);
  return {
    name: 'coin-turning-consecutive',
    run(g: Values, lo: number, hi: number): RangeOutcome {
      const cap = capacityFor(g);
      // prefix[m] = g(1) ^ ... ^ g(m): a run of coins a..b has nim-sum prefix[b] ^ prefix[a - 1].
      const prefix = new Uint32Array(hi + 1);
      let x = 0;
      for (let m = 1; m < lo; m++) prefix[m] = x ^= g[m]!;
      let maxValue = 0;
      for (let n = Math.max(lo, 1); n < hi; n++) {
        mex.clear();
        const top = shape.open ? n : Math.min(n, shape.counts[shape.counts.length - 1]!);
        for (let c = 1; c <= top; c++) if (allowsCount(shape, c)) mex.add((prefix[n - 1]! ^ prefix[n - c]!) >>> 0);
        const v = mex.mex();
        if (v > cap) return { next: n, maxValue, overflowValue: v };
        g[n] = v;
        prefix[n] = prefix[n - 1]! ^ v;
        if (v > maxValue) maxValue = v;
      }
      if (lo === 0) g[0] = 0;
      return { next: hi, maxValue };
    },
  };
}

/**
 * reach[j] marks the nim-sums of j distinct coins among those already valued; adding coin n of
 * value v adds reach[j - 1] ^ v to reach[j]. Values are kept below a power of two `size` that
 * doubles with the largest value, so a nim-sum of them stays below it too.
 */
function anywhereKernel(shape: TurningShape): RangeKernel {
  const others = shape.counts[shape.counts.length - 1]! - 1;
  let reach: Uint8Array[] = [];
  let size = 1;
  let upTo = -1; // reach covers coins 1..upTo
  const grow = (v: number): void => {
    let next = size;
    while (next <= v) next *= 2;
    if (next === size) return;
    reach = reach.map((r) => {
      const wider = new Uint8Array(next);
      wider.set(r);
      return wider;
    });
    size = next;
  };
  const add = (v: number): void => {
    grow(v);
    for (let j = others; j >= 1; j--) {
      const from = reach[j - 1]!;
      const to = reach[j]!;
      for (let x = 0; x < size; x++) if (from[x]) to[x ^ v] = 1;
    }
  };
  return {
    name: 'coin-turning-sets',
    run(g: Values, lo: number, hi: number): RangeOutcome {
      const cap = capacityFor(g);
      if (upTo !== lo - 1 || reach.length === 0) {
        // A fresh start (or another table): rebuild the sets from the final values g(1..lo-1).
        size = 1;
        reach = Array.from({ length: others + 1 }, () => new Uint8Array(1));
        reach[0]![0] = 1;
        for (let m = 1; m < lo; m++) add(g[m]!);
      }
      let maxValue = 0;
      if (lo === 0) g[0] = 0;
      for (let n = Math.max(lo, 1); n < hi; n++) {
        let v = 0;
        // The mex over the counts allowed: coin n alone (c = 1) reaches 0.
        for (; ; v++) {
          let hit = false;
          for (let c = 1; c <= others + 1 && !hit; c++) {
            if (allowsCount(shape, c) && v < size && reach[c - 1]![v]) hit = true;
          }
          if (!hit) break;
        }
        if (v > cap) {
          upTo = n - 1;
          return { next: n, maxValue, overflowValue: v };
        }
        g[n] = v;
        add(v);
        if (v > maxValue) maxValue = v;
      }
      upTo = hi - 1;
      return { next: hi, maxValue };
    },
  };
}
