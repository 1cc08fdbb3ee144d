import { UsageError } from '../errors.js';
import { countXorTuples } from './wht.js';

/**
 * Misère P-positions among ordered tuples of heaps in [0, N], for sums that misère Nim decides
 * (docs/misere.md): P iff (some component big and nim-sum 0) or (every component small and
 * nim-sum 1), small meaning value <= 1 (Anti-Nim, Anti-SG) or genus 0^120 / 1^031 (tame; their
 * values are 0 and 1 too). So
 *
 *   #P = #(nim-sum 0) - #(all small, nim-sum 0) + #(all small, nim-sum 1) = #(nim-sum 0) - prod (s0 - s1)^k
 *
 * with s0, s1 the small heaps of value 0 and 1 of a game and k its heaps: the tuples of small heaps
 * counted with sign (-1)^(number of 1s) are exactly the even ones minus the odd ones.
 */
export interface MisereCountGame {
  /** histogram[v]: heaps in [0, N] of normal value v. */
  readonly histogram: readonly bigint[];
  /** Small heaps in [0, N] of value 0 and of value 1. */
  readonly small0: bigint;
  readonly small1: bigint;
  readonly heaps: bigint;
}

/** An exact answer has about heaps * log2(N + 1) bits; beyond this we ask for --mod (as count does). */
const MAX_EXACT_BITS = 1n << 22n;

export function countMisereP(games: readonly MisereCountGame[], max: bigint, mod?: bigint): bigint {
  if (mod === undefined) {
    const heaps = games.reduce((a, g) => a + g.heaps, 0n);
    const bits = heaps * BigInt((max + 1n).toString(2).length);
    if (bits > MAX_EXACT_BITS)
      throw new UsageError(`the exact count would have about ${bits} bits; give --mod P (e.g. --mod 1000000007)`);
  }
  const zero = countXorTuples(
    games.map((g) => ({ histogram: g.histogram, copies: g.heaps })),
    0n,
    mod,
  );
  let signed = 1n;
  for (const g of games) signed = times(signed, power(g.small0 - g.small1, g.heaps, mod), mod);
  const r = zero - signed;
  return mod === undefined ? r : ((r % mod) + mod) % mod;
}

function times(a: bigint, b: bigint, mod: bigint | undefined): bigint {
  return mod === undefined ? a * b : (((a * b) % mod) + mod) % mod;
}

function power(base: bigint, exp: bigint, mod: bigint | undefined): bigint {
  let result = 1n;
  let b = mod === undefined ? base : ((base % mod) + mod) % mod;
  for (let e = exp; e > 0n; e >>= 1n) {
    if (e & 1n) result = times(result, b, mod);
    b = times(b, b, mod);
  }
  return result;
}
