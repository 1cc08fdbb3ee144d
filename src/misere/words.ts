/**
 * Words: sums of heaps as arrays of heap sizes. A sorted word is the canonical form of a sum
 * (a multiset); a sequence keeps the order in which the learner applies its heaps.
 */

/** The sorted word of `a` and `b` together. */
export function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i]! <= b[j]! ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/** The sorted word of a sequence. */
export function sortedWord(seq: readonly number[]): number[] {
  return [...seq].sort((x, y) => x - y);
}

/** `word` without its entry at index `i`. */
export function without(word: readonly number[], i: number): number[] {
  return [...word.slice(0, i), ...word.slice(i + 1)];
}
