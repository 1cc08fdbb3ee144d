import { naiveOptions } from './naive-games.js';

/**
 * The misère twin: whether a sum of heaps is a misère P-position (the player to move loses when
 * the last move is the winner's loss), by explicit search of the game tree of the whole sum,
 * every position a sorted list of heaps, with no theory at all. A position with no move is an
 * N-position: the player to move cannot move, so the other player made the last move and lost.
 */
export function naiveMisere(spec: string): (heaps: readonly number[]) => boolean {
  const seen = new Map<string, boolean>();
  const options = new Map<number, number[][]>();
  const optionsOf = (n: number): number[][] => {
    let list = options.get(n);
    if (!list) options.set(n, (list = [...naiveOptions(spec, n)].map((o) => o.filter((h) => h > 0))));
    return list;
  };
  const isP = (heaps: readonly number[]): boolean => {
    const sorted = heaps.filter((h) => h > 0).sort((a, b) => a - b);
    const key = sorted.join(' ');
    const known = seen.get(key);
    if (known !== undefined) return known;
    let moved = false;
    let p = true;
    for (let i = 0; i < sorted.length && p; i++) {
      const rest = sorted.filter((_, j) => j !== i);
      for (const o of optionsOf(sorted[i]!)) {
        moved = true;
        if (isP([...rest, ...o])) {
          p = false;
          break;
        }
      }
    }
    const result = moved && p;
    seen.set(key, result);
    return result;
  };
  return isP;
}

/** Every sum of 1..maxHeaps heaps (nondecreasing lists) with at most `tokens` tokens in all. */
export function smallSums(maxHeaps: number, tokens: number): number[][] {
  const out: number[][] = [];
  const grow = (sum: number[], from: number, left: number): void => {
    if (sum.length > 0) out.push([...sum]);
    if (sum.length === maxHeaps) return;
    for (let h = from; h <= left; h++) grow([...sum, h], h, left - h);
  };
  grow([], 1, tokens);
  return out;
}
