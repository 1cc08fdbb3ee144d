import type { SubtractionRules } from '../../src/rules/types.js';

/** The rules of the finite subtraction game S (sorted), for the naive twins in test/helpers/naive.ts. */
export function subRules(set: readonly number[]): SubtractionRules {
  return { family: 'sub', key: `sub:${set.join(',')}`, set };
}

/**
 * The window-criterion period by brute force (README "Periodicity"): the least p, then the least
 * e, such that g(j + p) = g(j) for every j in [e, N - p) and the agreeing stretch is at least
 * k = max S long.
 */
export function naiveWindowPeriod(g: readonly number[], k: number): { preperiod: number; period: number } | null {
  const N = g.length;
  for (let p = 1; p < N; p++) {
    let e = N - p;
    while (e > 0 && g[e - 1] === g[e - 1 + p]) e--;
    if (N - p - e >= k) return { preperiod: e, period: p };
  }
  return null;
}
