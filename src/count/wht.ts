/**
 * The Walsh-Hadamard transform over Z (or Z/M): XOR-convolution becomes pointwise product
 * (docs/commands.md, "How counting works"). Applying it twice multiplies by the length, so the inverse is the
 * same butterfly followed by a division by the length.
 */
export function walshHadamard(a: bigint[], mod?: bigint): void {
  const n = a.length;
  if ((n & (n - 1)) !== 0) throw new Error(`transform length ${n} is not a power of two`);
  for (let len = 1; len < n; len <<= 1) {
    for (let i = 0; i < n; i += len << 1) {
      for (let j = i; j < i + len; j++) {
        const u = a[j]!;
        const v = a[j + len]!;
        if (mod === undefined) {
          a[j] = u + v;
          a[j + len] = u - v;
        } else {
          a[j] = (u + v) % mod;
          a[j + len] = (u - v + mod) % mod;
        }
      }
    }
  }
}

export function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  if (mod === 1n) return 0n;
  let result = 1n;
  let b = ((base % mod) + mod) % mod;
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % mod;
    b = (b * b) % mod;
    e >>= 1n;
  }
  return result;
}

/** One factor of a product: a value histogram and how many heaps share it. */
export interface CountFactor {
  /** histogram[v] = how many heap sizes in [0, N] have value v. */
  readonly histogram: readonly bigint[];
  readonly copies: bigint;
}

/**
 * The number of tuples (one heap per copy of each factor) whose values XOR to `target`:
 * inverse WHT of the product of WHT(histogram)^copies. Exact over BigInt, or modulo `mod`.
 * Modulo P the division by the length L is exact when computing modulo P*L: the inverse sum
 * is L times the answer, so (sum mod P*L) / L = answer mod P, for any P (prime or not).
 */
export function countXorTuples(factors: readonly CountFactor[], target: bigint, mod?: bigint): bigint {
  let size = 1;
  for (const f of factors) while (size < f.histogram.length) size <<= 1;
  if (target >= BigInt(size)) {
    // Every value is below `size`, a power of two, so their XOR is too.
    return 0n;
  }
  const L = BigInt(size);
  const M = mod === undefined ? undefined : mod * L;
  const product: bigint[] = new Array<bigint>(size).fill(1n);
  for (const f of factors) {
    const t = new Array<bigint>(size).fill(0n);
    f.histogram.forEach((c, v) => {
      t[v] = M === undefined ? c : c % M;
    });
    walshHadamard(t, M);
    for (let i = 0; i < size; i++) {
      const p = M === undefined ? t[i]! ** f.copies : modPow(t[i]!, f.copies, M);
      product[i] = M === undefined ? product[i]! * p : (product[i]! * p) % M;
    }
  }
  // Only one coefficient of the inverse is wanted: sum_i (-1)^popcount(i & target) * product[i].
  let sum = 0n;
  for (let i = 0; i < size; i++) {
    const negative = popcount(i & Number(target)) & 1;
    sum += negative ? -product[i]! : product[i]!;
    if (M !== undefined) sum %= M;
  }
  if (M === undefined) {
    if (sum % L !== 0n) throw new Error('internal: the inverse transform is not divisible by its length');
    return sum / L;
  }
  sum = ((sum % M) + M) % M;
  return (sum / L) % mod!;
}

function popcount(x: number): number {
  let c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
}
