import type { Sticks } from '../../src/graph/hackenbush.js';
import { randInt } from './naive-games.js';

/**
 * Naive twins of the theorem games (Staircase Nim, Moore's Nim_k, Green Hackenbush): explicit
 * game-tree search over their positions, memoised. No theorem is used: not the nim-sum of the odd
 * steps, not Moore's digit counts, not the fusion or colon principles.
 */

/** g of a staircase by search: a move takes k >= 1 coins from step i down to step i - 1 (step 1's leave). */
export function naiveStaircase(): (steps: readonly number[]) => number {
  const memo = new Map<string, number>();
  const g = (steps: readonly number[]): number => {
    const key = steps.join(',');
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const seen = new Set<number>();
    steps.forEach((c, i) => {
      for (let k = 1; k <= c; k++) {
        const next = [...steps];
        next[i] = c - k;
        if (i > 0) next[i - 1] = next[i - 1]! + k;
        seen.add(g(next));
      }
    });
    let v = 0;
    while (seen.has(v)) v++;
    memo.set(key, v);
    return v;
  };
  return g;
}

/** P (true) or N of Moore's Nim_k by search; a move lowers at least one and at most k heaps. */
export function naiveMoore(k: number): (heaps: readonly number[]) => boolean {
  const memo = new Map<string, boolean>();
  const isP = (heaps: readonly number[]): boolean => {
    const key = heaps.join(',');
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let p = true;
    // Every way to give each heap a new size <= its own, at most k of them changed, at least one.
    const walk = (i: number, changed: number, next: number[]): void => {
      if (!p) return;
      if (i === heaps.length) {
        if (changed > 0 && isP(next)) p = false;
        return;
      }
      walk(i + 1, changed, [...next, heaps[i]!]);
      if (changed < k) for (let h = 0; h < heaps[i]!; h++) walk(i + 1, changed + 1, [...next, h]);
    };
    walk(0, 0, []);
    memo.set(key, p);
    return p;
  };
  return isP;
}

/**
 * g of Green Hackenbush by search over the subsets of edges still standing (at most 30 edges): a
 * move cuts one edge; every edge no longer joined to a ground vertex falls.
 */
export function naiveHackenbush(sticks: Sticks, ground: readonly number[]): (mask: number) => number {
  const m = sticks.from.length;
  const memo = new Map<number, number>();
  const connected = (mask: number): number => {
    // Edges of `mask` reachable from the ground.
    const reached = new Set(ground);
    let kept = 0;
    for (let grew = true; grew; ) {
      grew = false;
      for (let e = 0; e < m; e++) {
        if (!(mask & (1 << e)) || kept & (1 << e)) continue;
        const a = sticks.from[e]!;
        const b = sticks.to[e]!;
        if (reached.has(a) || reached.has(b)) {
          kept |= 1 << e;
          reached.add(a);
          reached.add(b);
          grew = true;
        }
      }
    }
    return kept;
  };
  const g = (mask: number): number => {
    const hit = memo.get(mask);
    if (hit !== undefined) return hit;
    const seen = new Set<number>();
    for (let e = 0; e < m; e++) if (mask & (1 << e)) seen.add(g(connected(mask & ~(1 << e))));
    let v = 0;
    while (seen.has(v)) v++;
    memo.set(mask, v);
    return v;
  };
  return (mask) => g(connected(mask));
}

/** A random multigraph of 2..maxN vertices and 1..maxM edges: loops (one edge in six) and repeats on purpose. */
export function randomSticks(r: () => number, maxN = 6, maxM = 9): { sticks: Sticks; ground: number[] } {
  const n = randInt(r, 2, maxN);
  const m = randInt(r, 1, maxM);
  const from = new Int32Array(m);
  const to = new Int32Array(m);
  for (let e = 0; e < m; e++) {
    from[e] = randInt(r, 0, n - 1);
    to[e] = r() < 0.17 ? from[e]! : randInt(r, 0, n - 1);
  }
  const ground = r() < 0.8 ? [0] : [0, randInt(r, 1, n - 1)];
  return { sticks: { n, from, to }, ground };
}
