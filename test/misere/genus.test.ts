import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatGenus, GenusSearch, isTameGenus } from '../../src/misere/genus.js';
import { naiveMisereValue } from '../helpers/naive-misere.js';
import { naiveOptions } from '../helpers/naive-games.js';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/misere-genus.json', import.meta.url), 'utf8')) as {
  games: { game: string; source: string; genus: Record<string, string> }[];
};

function normalValue(code: string, n: number, memo = new Map<number, number>()): number {
  const known = memo.get(n);
  if (known !== undefined) return known;
  const seen = new Set<number>();
  for (const o of naiveOptions(code, n)) seen.add(o.reduce((x, h) => x ^ normalValue(code, h, memo), 0));
  let g = 0;
  while (seen.has(g)) g++;
  memo.set(n, g);
  return g;
}

describe('genus', () => {
  it('matches the published genera (sources in the fixture)', () => {
    for (const { game, genus } of fixture.games) {
      const search = new GenusSearch((n) => naiveOptions(game, n));
      for (const [n, written] of Object.entries(genus)) {
        const g = normalValue(game, Number(n));
        expect(formatGenus(search.genus([Number(n)], g)), `${game} heap ${n}`).toBe(written);
      }
    }
  });

  it('γk is the misère value of G + k copies of *2, by its definition, for k up to 7', () => {
    for (const code of ['octal:0.77', 'octal:0.07', 'octal:0.137', 'octal:0.312', 'octal:0.6', 'sub:1,3,4']) {
      const opts = (n: number) => naiveOptions(code, n);
      const search = new GenusSearch(opts);
      const memo = new Map<string, number>();
      for (let n = 0; n <= 8; n++) {
        const genus = search.genus([n], normalValue(code, n));
        for (let k = 0; k <= 7; k++) {
          const want = naiveMisereValue([n], new Array(k).fill(2), opts, memo);
          const got =
            k < genus.gammas.length
              ? genus.gammas[k]!
              : genus.gammas[genus.repeatsFrom + ((k - genus.repeatsFrom) % 2)]!;
          expect(got, `${code} heap ${n} k ${k}`).toBe(want);
        }
      }
    }
  });

  it("a tail that is not g, g xor 2: Dawson's Kayles' heap of 25 (g = 0) ends 3, 1", () => {
    const opts = (n: number) => naiveOptions('octal:0.07', n);
    const genus = new GenusSearch(opts).genus([25], normalValue('octal:0.07', 25));
    expect(formatGenus(genus)).toBe('0^31');
    const memo = new Map<string, number>();
    for (let k = 0; k <= 3; k++)
      expect(naiveMisereValue([25], new Array(k).fill(2), opts, memo)).toBe(genus.gammas[k % 2]);
  });

  it('the rule it rests on: adding *1 flips the last bit of the misère value', () => {
    for (const code of ['octal:0.77', 'octal:0.6', 'octal:4.07']) {
      const opts = (n: number) => naiveOptions(code, n);
      const memo = new Map<string, number>();
      for (const heaps of [[], [1], [3], [2, 5], [4, 4], [1, 2, 6], [7, 3]]) {
        const m = naiveMisereValue(heaps, [], opts, memo);
        expect(naiveMisereValue(heaps, [1], opts, memo), `${code} ${heaps}`).toBe(m ^ 1);
        expect(naiveMisereValue(heaps, [1, 1], opts, memo)).toBe(m);
      }
    }
  });

  it('tame genera are those of Nim positions', () => {
    const nim = new GenusSearch((n) => naiveOptions('nim', n));
    for (let n = 0; n < 6; n++) expect(isTameGenus(nim.genus([n], n))).toBe(true);
    const wild = new GenusSearch((n) => naiveOptions('octal:0.312', n));
    expect(isTameGenus(wild.genus([4], 2))).toBe(false);
  });
});
