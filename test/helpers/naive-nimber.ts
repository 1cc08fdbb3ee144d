/**
 * Nim multiplication from its definitions only, sharing nothing with src/nimber (neither its
 * tower recursion nor its logarithm tables): the oracles of the nimber tests.
 */

/** The nim-multiplication table for a, b < size by Conway's rule a*b = mex{a'*b ^ a*b' ^ a'*b' : a' < a, b' < b}. */
export function naiveNimMulTable(size: number): number[][] {
  const t: number[][] = [];
  for (let a = 0; a < size; a++) {
    t.push([]);
    for (let b = 0; b < size; b++) {
      const options = new Set<number>();
      for (let a2 = 0; a2 < a; a2++) for (let b2 = 0; b2 < b; b2++) options.add(t[a2]![b]! ^ t[a]![b2]! ^ t[a2]![b2]!);
      let v = 0;
      while (options.has(v)) v++;
      t[a]!.push(v);
    }
  }
  return t;
}

const pow2Products = new Map<number, bigint>();

/**
 * 2^i * 2^j in nimbers, from two facts about the Fermat 2-powers F = 2^(2^k) (Conway, On Numbers
 * and Games, ch. 6): a product of distinct ones is their ordinary product, and F * F = 3F/2, which
 * is F ^ F/2. Writing 2^i as the product of the F for the bits of i, a shared bit k of i and j
 * gives 2^i * 2^j = (F ^ F/2) * (2^(i - 2^k) * 2^(j - 2^k)), expanded over bits; no shared bit
 * gives 2^(i + j).
 */
function pow2Product(i: number, j: number): bigint {
  const key = i * 256 + j;
  const known = pow2Products.get(key);
  if (known !== undefined) return known;
  const shared = i & j;
  let out: bigint;
  if (shared === 0) out = 1n << BigInt(i | j);
  else {
    let k = 0;
    while (shared >> (k + 1) !== 0) k++;
    const f = 1 << k;
    const rest = naiveNimMul(1n << BigInt(i - f), 1n << BigInt(j - f));
    out = naiveNimMul(rest, (1n << BigInt(f)) ^ (1n << BigInt(f - 1)));
  }
  pow2Products.set(key, out);
  return out;
}

/** a * b for non-negative a, b below 2^128: nim-bilinear over the bits, each pair by pow2Product. */
export function naiveNimMul(a: bigint, b: bigint): bigint {
  let out = 0n;
  for (let i = 0; a >> BigInt(i) !== 0n; i++) {
    if (((a >> BigInt(i)) & 1n) === 0n) continue;
    for (let j = 0; b >> BigInt(j) !== 0n; j++) if ((b >> BigInt(j)) & 1n) out ^= pow2Product(i, j);
  }
  return out;
}
