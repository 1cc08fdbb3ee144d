/**
 * Naive twins of misère play (src/misere): plain game-tree search over heaps as written, no
 * canonical forms. The player who cannot move wins (Conway, On Numbers and Games ch. 12).
 */
export type HeapOptions = (n: number) => Iterable<readonly number[]>;

/** Whether the player to move wins the sum of `heaps` under misère play. */
export function naiveMisereWins(
  heaps: readonly number[],
  options: HeapOptions,
  memo = new Map<string, boolean>(),
): boolean {
  const key = [...heaps].sort((a, b) => a - b).join(' ');
  const known = memo.get(key);
  if (known !== undefined) return known;
  let anyMove = false;
  let win = false;
  for (let i = 0; i < heaps.length && !win; i++) {
    for (const o of options(heaps[i]!)) {
      anyMove = true;
      const next = [...heaps.slice(0, i), ...o, ...heaps.slice(i + 1)];
      if (!naiveMisereWins(next, options, memo)) {
        win = true;
        break;
      }
    }
  }
  const result = win || !anyMove;
  memo.set(key, result);
  return result;
}

/**
 * The misère Grundy value of the game's heaps plus nim heaps `nims`: the mex of the options'
 * values, 1 where no move is left.
 */
export function naiveMisereValue(
  heaps: readonly number[],
  nims: readonly number[],
  options: HeapOptions,
  memo = new Map<string, number>(),
): number {
  const key = `${[...heaps].sort((a, b) => a - b).join(' ')}|${[...nims].sort((a, b) => a - b).join(' ')}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const seen = new Set<number>();
  heaps.forEach((h, i) => {
    for (const o of options(h))
      seen.add(naiveMisereValue([...heaps.slice(0, i), ...o, ...heaps.slice(i + 1)], nims, options, memo));
  });
  nims.forEach((h, i) => {
    for (let m = 0; m < h; m++)
      seen.add(naiveMisereValue(heaps, [...nims.slice(0, i), m, ...nims.slice(i + 1)], options, memo));
  });
  let value: number;
  if (seen.size === 0) value = 1;
  else {
    value = 0;
    while (seen.has(value)) value++;
  }
  memo.set(key, value);
  return value;
}

/** Every multiset of 1 to `parts` heaps, each >= 1, with at most `total` tokens in all. */
export function heapSums(parts: number, total: number): number[][] {
  const out: number[][] = [];
  const walk = (prefix: number[], min: number, left: number): void => {
    if (prefix.length > 0) out.push(prefix);
    if (prefix.length === parts) return;
    for (let h = min; h <= left; h++) walk([...prefix, h], h, left - h);
  };
  walk([], 1, total);
  return out;
}

/** Misère outcomes of one token on each vertex by fixpoint iteration: 'P', 'N' or 'D'. */
export function naiveGraphOutcomes(n: number, edges: readonly (readonly [number, number])[]): string[] {
  const succ: number[][] = Array.from({ length: n }, () => []);
  for (const [u, v] of edges) succ[u]!.push(v);
  const out: string[] = new Array(n).fill('D');
  for (let changed = true; changed; ) {
    changed = false;
    for (let u = 0; u < n; u++) {
      if (out[u] !== 'D') continue;
      const s = succ[u]!;
      const next = s.length === 0 || s.some((v) => out[v] === 'P') ? 'N' : s.every((v) => out[v] === 'N') ? 'P' : 'D';
      if (next !== 'D') {
        out[u] = next;
        changed = true;
      }
    }
  }
  return out;
}

/** Tame and wild codes (Winning Ways ch. 13; Plambeck's misère octal pages): 20 and more. */
export const MISERE_CODES = [
  'octal:0.07',
  'octal:0.77',
  'octal:0.137',
  'octal:0.6',
  'octal:0.312',
  'octal:0.4',
  'octal:0.14',
  'octal:0.15',
  'octal:0.16',
  'octal:0.17',
  'octal:0.34',
  'octal:0.35',
  'octal:0.36',
  'octal:0.37',
  'octal:0.51',
  'octal:0.52',
  'octal:0.53',
  'octal:0.54',
  'octal:0.7',
  'octal:0.71',
  'octal:0.72',
  'octal:0.75',
  'octal:0.123',
  'octal:4.07',
];
