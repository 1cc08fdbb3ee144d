import { capacityFor, type RangeKernel, type RangeOutcome } from './kernel.js';
import type { Values } from './values.js';

/**
 * The subtraction game on one interval S = {L, L+1, ..., R} (1 <= L <= R), P = L + R:
 *
 *   g(n) = floor((n mod P) / L)      (period P, preperiod 0).
 *
 * Proof, by induction on n. Write n = qP + r with 0 <= r < P and v = floor(r / L). The options
 * of n are the heaps m in [n - R, n - L] with m >= 0, R - L + 1 consecutive heaps.
 * - r < L (v = 0): n - L < qP and n - R = (q-1)P + L + r, so every option lies in period q - 1
 *   with residue in [L + r, P - 1], value >= 1 by induction (none when q = 0): g(n) = 0.
 * - r >= L (v >= 1): the top option n - L has residue r - L >= (v-1)L, and the window reaches down
 *   to residue max(0, r - R) < L of the same period, so residues 0..r - L are all options when
 *   r <= R, and r - R..r - L when r > R: either way the values 0..v-1 all occur there, and
 *   nothing in that part has a value >= v. Options below qP (when r < R and q >= 1) have
 *   residues L + r..P - 1, values >= floor((L + r) / L) = v + 1. So v is missing: g(n) = v.
 */
export function intervalValue(n: bigint, lo: bigint, hi: bigint): bigint {
  return (n % (lo + hi)) / lo;
}

/** g(n) without BigInt while n, L and L + R are safe integers, else -1 (the caller takes BigInt). */
export function intervalNumber(n: number, lo: bigint, hi: bigint): number {
  const period = lo + hi;
  if (!Number.isSafeInteger(n) || n < 0) return -1;
  if (period > BigInt(Number.MAX_SAFE_INTEGER)) {
    // n < P: n mod P = n; L may exceed 2^53, then n / L < 1 whatever its rounding.
    return Math.floor(n / Number(lo));
  }
  return Math.floor((n % Number(period)) / Number(lo));
}

/**
 * c[v] = #{n in [0, N] : g(n) = v}: value v holds the residues [vL, min(vL + L, P) - 1], and
 * #{n in [0, N] : n mod P <= x} = q (x + 1) + min(rest, x + 1) with N + 1 = qP + rest.
 */
export function intervalHistogram(N: bigint, lo: bigint, hi: bigint): bigint[] {
  const period = lo + hi;
  const q = (N + 1n) / period;
  const rest = (N + 1n) % period;
  const upTo = (x: bigint): bigint => (x < 0n ? 0n : q * (x + 1n) + (rest < x + 1n ? rest : x + 1n));
  const top = (N < period - 1n ? N : period - 1n) / lo;
  const counts: bigint[] = [];
  for (let v = 0n; v <= top; v++) {
    const end = v * lo + lo < period ? v * lo + lo - 1n : period - 1n;
    counts.push(upTo(end) - upTo(v * lo - 1n));
  }
  return counts;
}

/** The heaps in [a, b] (a <= b) whose value is `target`, ascending, at most `limit` of them. */
export function intervalHeapsOfValue(
  a: bigint,
  b: bigint,
  target: bigint,
  lo: bigint,
  hi: bigint,
  limit: number,
): bigint[] {
  const period = lo + hi;
  const first = target * lo;
  if (target < 0n || first >= period) return [];
  const last = first + lo - 1n < period ? first + lo - 1n : period - 1n;
  const out: bigint[] = [];
  for (let base = a - (a % period); base <= b && out.length < limit; base += period) {
    const from = base + first > a ? base + first : a;
    const to = base + last < b ? base + last : b;
    for (let m = from; m <= to && out.length < limit; m++) out.push(m);
  }
  return out;
}

/** The table of an interval game from its closed form: no options are visited. */
export function intervalKernel(lo: bigint, hi: bigint): RangeKernel {
  return {
    name: 'subtraction-interval',
    run(g: Values, from: number, to: number): RangeOutcome {
      const cap = capacityFor(g);
      let maxValue = 0;
      for (let n = from; n < to; n++) {
        const v = intervalNumber(n, lo, hi);
        if (v > cap) return { next: n, maxValue, overflowValue: v };
        g[n] = v;
        if (v > maxValue) maxValue = v;
      }
      return { next: to, maxValue };
    },
  };
}
