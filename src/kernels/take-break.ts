import { takeBreakMoves } from '../rules/take-break.js';
import { capacityFor, type RangeKernel, type RangeOutcome } from './kernel.js';
import { maskMex, MexSet } from './mex.js';
import type { Values } from './values.js';

/**
 * Take-and-break codes, plain O(n) (two heaps) or O(n^2) (three heaps) options per heap.
 * While every value so far is < 32, the XOR of any option is < 32 too, so the option set is
 * one 32-bit mask; past that a stamped MexSet takes over.
 */
export function takeBreakKernel(digits: readonly number[]): RangeKernel {
  const moves = takeBreakMoves(digits);
  const whole = Int32Array.from(moves.removeWhole);
  const one = Int32Array.from(moves.leaveOne);
  const two = Int32Array.from(moves.leaveTwo);
  const three = Int32Array.from(moves.leaveThree);
  const mex = new MexSet(256);
  return {
    name: 'take-break',
    run(g: Values, lo: number, hi: number, maxBefore: number): RangeOutcome {
      const cap = capacityFor(g);
      let maxValue = 0;
      let small = maxBefore < 32;
      for (let n = lo; n < hi; n++) {
        let v: number;
        if (small) {
          let mask = 0;
          for (let i = 0; i < whole.length; i++) if (whole[i] === n) mask |= 1;
          for (let i = 0; i < one.length; i++) {
            const r = one[i]!;
            if (n > r) mask |= 1 << g[n - r]!;
          }
          for (let i = 0; i < two.length; i++) {
            const m = n - two[i]!;
            for (let a = 1, half = m >> 1; a <= half; a++) mask |= 1 << (g[a]! ^ g[m - a]!);
          }
          for (let i = 0; i < three.length; i++) {
            const m = n - three[i]!;
            for (let a = 1; 3 * a <= m; a++) {
              const ga = g[a]!;
              for (let b = a; 2 * b <= m - a; b++) mask |= 1 << (ga ^ g[b]! ^ g[m - a - b]!);
            }
          }
          v = maskMex(mask);
        } else {
          mex.clear();
          for (let i = 0; i < whole.length; i++) if (whole[i] === n) mex.add(0);
          for (let i = 0; i < one.length; i++) {
            const r = one[i]!;
            if (n > r) mex.add(g[n - r]!);
          }
          for (let i = 0; i < two.length; i++) {
            const m = n - two[i]!;
            for (let a = 1, half = m >> 1; a <= half; a++) mex.add(g[a]! ^ g[m - a]!);
          }
          for (let i = 0; i < three.length; i++) {
            const m = n - three[i]!;
            for (let a = 1; 3 * a <= m; a++) {
              const ga = g[a]!;
              for (let b = a; 2 * b <= m - a; b++) mex.add(ga ^ g[b]! ^ g[m - a - b]!);
            }
          }
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

/**
 * A code whose last digit repeats (d_i = repeat for every i >= digits.length): every removal up
 * to n is a move, so O(n) options per heap for a repeating 1-3, O(n^2) with splits. The
 * reference for these codes; no faster strategy takes them.
 */
export function repeatingTakeBreakKernel(digits: readonly number[], repeat: number): RangeKernel {
  const mex = new MexSet(256);
  const digitAt = (i: number): number => (i < digits.length ? digits[i]! : repeat);
  return {
    name: 'take-break-repeating',
    run(g: Values, lo: number, hi: number): RangeOutcome {
      const cap = capacityFor(g);
      let maxValue = 0;
      for (let n = lo; n < hi; n++) {
        mex.clear();
        for (let i = 0; i <= n; i++) {
          const d = digitAt(i);
          if (d === 0) continue;
          const m = n - i;
          if (d & 1 && m === 0) mex.add(0);
          if (d & 2 && m >= 1) mex.add(g[m]!);
          if (d & 4) for (let a = 1, half = m >> 1; a <= half; a++) mex.add(g[a]! ^ g[m - a]!);
          if (d & 8) {
            for (let a = 1; 3 * a <= m; a++) {
              const ga = g[a]!;
              for (let b = a; 2 * b <= m - a; b++) mex.add(ga ^ g[b]! ^ g[m - a - b]!);
            }
          }
        }
        const v = mex.mex();
        if (v > cap) return { next: n, maxValue, overflowValue: v };
        g[n] = v;
        if (v > maxValue) maxValue = v;
      }
      return { next: hi, maxValue };
    },
  };
}
