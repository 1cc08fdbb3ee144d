import { describe, expect, it } from 'vitest';
import { countMisereP } from '../../src/count/misere-count.js';
import { naiveOptions } from '../helpers/naive-games.js';
import { naiveMisereWins } from '../helpers/naive-misere.js';

/** Misère P-position counts against a naive enumeration of every tuple, each decided by game-tree search. */
function values(spec: string, max: number): number[] {
  const g: number[] = [];
  for (let n = 0; n <= max; n++) {
    const seen = new Set([...naiveOptions(spec, n)].map((o) => o.reduce((x, h) => x ^ g[h]!, 0)));
    let v = 0;
    while (seen.has(v)) v++;
    g.push(v);
  }
  return g;
}

function tuples(sizes: readonly number[]): number[][] {
  let out: number[][] = [[]];
  for (const max of sizes) out = out.flatMap((t) => Array.from({ length: max + 1 }, (_, h) => [...t, h]));
  return out;
}

describe('countMisereP', () => {
  it('counts what game-tree search finds, for nim and all-but games (Anti-SG), exactly and modulo P', () => {
    for (const [spec, heaps, max] of [
      ['nim', 3, 5],
      ['allbut:1', 3, 7],
      ['allbut:1,2', 2, 9],
    ] as const) {
      const g = values(spec, max);
      const histogram: bigint[] = [];
      for (const v of g) {
        while (histogram.length <= v) histogram.push(0n);
        histogram[v]! += 1n;
      }
      const small0 = BigInt(g.filter((v) => v === 0).length);
      const small1 = BigInt(g.filter((v) => v === 1).length);
      const game = { histogram, small0, small1, heaps: BigInt(heaps) };
      const options = (n: number) => naiveOptions(spec, n);
      const memo = new Map<string, boolean>();
      const want = tuples(new Array(heaps).fill(max)).filter((t) => !naiveMisereWins(t, options, memo)).length;
      expect(countMisereP([game], BigInt(max)), spec).toBe(BigInt(want));
      expect(countMisereP([game], BigInt(max), 7n)).toBe(BigInt(want % 7));
    }
  });

  it('asks for a modulus when the exact count would be huge', () => {
    const game = { histogram: [1n, 1n], small0: 1n, small1: 1n, heaps: 1n << 40n };
    expect(() => countMisereP([game], 1n)).toThrow(/--mod/);
    expect(countMisereP([game], 1n, 1000000007n)).toBeTypeOf('bigint');
  });
});
