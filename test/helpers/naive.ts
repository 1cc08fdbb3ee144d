/**
 * Naive twins of every kernel: generate each option of heap n explicitly as a tuple of heaps,
 * take the XOR of their values, and the mex of those. Deliberately slow and obvious, sharing no
 * code with src/kernels, so the kernels are checked against the definitions (README "Games").
 * They read a game from its spec text (or the key of parsed rules) with their own parser
 * (naive-rules.ts), never from the digits or sets src/games parsed.
 */
import type { Rules } from '../../src/rules/types.js';
import { naiveGame } from './naive-rules.js';
import { seededRandom } from '../../src/testing/random.js';

export type OptionGenerator = (n: number) => number[][];

function mex(values: Iterable<number>): number {
  const seen = new Set(values);
  let v = 0;
  while (seen.has(v)) v++;
  return v;
}

function infiniteSet(name: string, limit: number): number[] {
  const out: number[] = [];
  const isPrime = (x: number): boolean => {
    if (x < 2) return false;
    for (let d = 2; d * d <= x; d++) if (x % d === 0) return false;
    return true;
  };
  for (let s = 1; s <= limit; s++) {
    const r = Math.round(Math.sqrt(s));
    const c = Math.round(Math.cbrt(s));
    const t = Math.round((Math.sqrt(8 * s + 1) - 1) / 2);
    const member =
      name === 'squares'
        ? r * r === s
        : name === 'cubes'
          ? c * c * c === s
          : name === 'powers2'
            ? (s & (s - 1)) === 0
            : name === 'primes'
              ? isPrime(s)
              : name === 'triangular'
                ? (t * (t + 1)) / 2 === s
                : name === 'fibonacci'
                  ? isFibonacci(s)
                  : false;
    if (member) out.push(s);
  }
  return out;
}

function isFibonacci(s: number): boolean {
  let a = 1;
  let b = 2;
  while (a < s) [a, b] = [b, a + b];
  return a === s;
}

/** All ways to write m as `parts` positive integers, as unordered multisets (non-decreasing). */
function partitions(m: number, parts: number, min = 1): number[][] {
  if (parts === 1) return m >= min ? [[m]] : [];
  const out: number[][] = [];
  for (let a = min; a * parts <= m; a++) for (const rest of partitions(m - a, parts - 1, a)) out.push([a, ...rest]);
  return out;
}

/** The option tuples of heap n under the rules, straight from the definitions. */
export function naiveOptions(rules: Rules | string, custom?: OptionGenerator): OptionGenerator {
  const r = naiveGame(rules);
  switch (r.family) {
    case 'nim':
      return (n) => Array.from({ length: n }, (_, m) => [m]);
    case 'allbut':
      return (n) => {
        const out: number[][] = [];
        for (let s = 1; s <= n; s++) if (!r.excluded.includes(s)) out.push([n - s]);
        return out;
      };
    case 'sub':
      return (n) => r.set.filter((s) => s <= n).map((s) => [n - s]);
    case 'subinf': {
      let cache: number[] = [];
      let limit = 0;
      return (n) => {
        if (n > limit) {
          limit = Math.max(n, limit * 2);
          cache = infiniteSet(r.name, limit);
        }
        return cache.filter((s) => s <= n).map((s) => [n - s]);
      };
    }
    case 'octal':
      return (n) => {
        const out: number[][] = [];
        r.digits.forEach((d, i) => {
          if (i > n) return;
          const rest = n - i;
          // bit 2^j: remove i tokens and leave exactly j non-empty heaps
          for (let j = 0; j < 4; j++) {
            if (!(d & (1 << j))) continue;
            if (j === 0) {
              if (rest === 0 && i > 0) out.push([]);
            } else if (!(i === 0 && j === 1)) {
              out.push(...partitions(rest, j));
            }
          }
        });
        return out;
      };
    case 'grundy':
      return (n) => partitions(n, 2).filter(([a, b]) => a !== b);
    case 'module':
      if (!custom) throw new Error('naive twin of a custom module needs its generator');
      return custom;
  }
}

/** g(0..N-1) by the definition. */
export function naiveValues(rules: Rules | string, N: number, custom?: OptionGenerator): number[] {
  const options = naiveOptions(rules, custom);
  const g: number[] = [];
  for (let n = 0; n < N; n++) g.push(mex(options(n).map((tuple) => tuple.reduce((x, h) => x ^ g[h]!, 0))));
  return g;
}

/** Deterministic pseudo-random numbers: tests must not depend on Math.random. */
export { seededRandom as rng };

/** The checksum the C anchors print: sum g(n) * (n mod 1000003 + 1), exact as a BigInt. */
export { heapChecksum as checksum } from '../../bench/checksum.js';
