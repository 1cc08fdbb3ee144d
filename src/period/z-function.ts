/**
 * A narrow table's escapes (kernels/values.ts NarrowValues): where s holds `byte`, the value is
 * words[i]. Two entries are equal when their bytes are, and their words too where they escape.
 */
export interface Escapes {
  readonly byte: number;
  readonly words: Uint16Array;
}

/** s[i] === s[j] as values, for a table with escapes or without. */
export function same(s: ArrayLike<number>, escapes: Escapes | undefined, i: number, j: number): boolean {
  const a = s[i];
  return a === s[j] && (escapes === undefined || a !== escapes.byte || escapes.words[i] === escapes.words[j]);
}

/**
 * Z-function of the reversed sequence R[t] = s[L-1-t]: z[p] is the largest z with
 * s[j] = s[j-p] for every j in [L-z, L). So "s is periodic with period p over its last z
 * positions" reads off z[p] directly, and one O(L) pass answers it for every p at once.
 * `out` is reused between calls to avoid reallocating on every periodicity check.
 */
export function reversedZ(s: ArrayLike<number>, L: number, out?: Int32Array, escapes?: Escapes): Int32Array {
  const z = out && out.length >= L ? out : new Int32Array(Math.max(1, L));
  z.fill(0, 0, L);
  if (L === 0) return z;
  z[0] = L;
  const last = L - 1;
  let l = 0;
  let r = 0;
  for (let i = 1; i < L; i++) {
    let k = 0;
    if (i < r) k = Math.min(r - i, z[i - l]!);
    while (i + k < L && same(s, escapes, last - k, last - i - k)) k++;
    z[i] = k;
    if (i + k > r) {
      l = i;
      r = i + k;
    }
  }
  return z;
}
