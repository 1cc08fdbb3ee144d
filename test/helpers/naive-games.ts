import { naiveGame } from './naive-rules.js';
import type { Rules } from '../../src/rules/types.js';

/**
 * The slow, obvious twin of every family: the options of a heap as heap tuples, enumerated
 * straight from the rules (README "Games"; octal codes as in Winning Ways, ch. 4), and g by a plain mex over them.
 * The rules are read from their spec text (or key) by the twins' own parser, naive-rules.ts.
 */
export function* naiveOptions(
  rules: Rules | string,
  n: number,
  custom?: (n: number) => Iterable<number[]>,
): Generator<number[]> {
  const r = naiveGame(rules);
  switch (r.family) {
    case 'nim':
      for (let s = 1; s <= n; s++) yield [n - s];
      return;
    case 'sub':
      for (const s of r.set) if (s <= n) yield [n - s];
      return;
    case 'subinf':
      for (let s = 1; s <= n; s++) if (inSet(r.name, s)) yield [n - s];
      return;
    case 'allbut':
      for (let s = 1; s <= n; s++) if (!r.excluded.includes(s)) yield [n - s];
      return;
    case 'octal':
      for (let i = 0; i < (r.repeat === undefined ? r.digits.length : n + 1); i++) {
        const d = r.digits[i] ?? r.repeat!;
        const m = n - i;
        if (m < 0) continue;
        if (d & 1 && m === 0) yield [];
        if (d & 2 && m >= 1) yield [m];
        if (d & 4) for (let a = 1; a <= m - a; a++) yield [a, m - a];
        if (d & 8) for (let a = 1; a <= m; a++) for (let b = a; b <= m - a - b; b++) yield [a, b, m - a - b];
      }
      return;
    case 'grundy':
      for (let a = 1; a < n - a; a++) yield [a, n - a];
      return;
    case 'module':
      if (!custom) throw new Error('custom options needed');
      yield* custom(n);
      return;
  }
}

function inSet(name: string, s: number): boolean {
  switch (name) {
    case 'squares':
      return Number.isInteger(Math.sqrt(s));
    case 'powers2':
      return (s & (s - 1)) === 0;
    case 'primes': {
      if (s < 2) return false;
      for (let d = 2; d * d <= s; d++) if (s % d === 0) return false;
      return true;
    }
    default:
      throw new Error(`naive set ${name} not written`);
  }
}

export function naiveValues(
  rules: Rules | string,
  count: number,
  custom?: (n: number) => Iterable<number[]>,
): Uint32Array {
  const g = new Uint32Array(count);
  for (let n = 0; n < count; n++) {
    const seen = new Set<number>();
    for (const t of naiveOptions(rules, n, custom)) seen.add(t.reduce((x, h) => x ^ (h === 0 ? 0 : g[h]!), 0));
    let v = 0;
    while (seen.has(v)) v++;
    g[n] = v;
  }
  return g;
}

export { rng } from './naive.js';

export function randInt(r: () => number, lo: number, hi: number): number {
  return lo + Math.floor(r() * (hi - lo + 1));
}
