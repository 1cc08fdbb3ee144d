import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { plainKernel } from '../src/games/registry.js';
import { plainValues } from '../src/kernels/values.js';
import { parseRules } from '../src/games/registry.js';

interface Sequence {
  oeis: string;
  name: string;
  game: string;
  offset: number;
  values: number[];
}
const fixture = JSON.parse(readFileSync(new URL('./fixtures/oeis-sequences.json', import.meta.url), 'utf8')) as {
  sequences: Sequence[];
};

function compute(spec: string, N: number): number[] {
  const g = plainValues(16, N);
  plainKernel(parseRules(spec)).run(g, 0, N, 0);
  return Array.from(g);
}

describe('published sequences (test/fixtures/oeis-sequences.json, from OEIS)', () => {
  it.each(fixture.sequences.map((s) => [s.oeis, s] as const))('%s', (_id, seq) => {
    expect(compute(seq.game, seq.values.length)).toEqual(seq.values);
  });

  it("Dawson's Kayles (0.07) is A002187 shifted by one", () => {
    const a002187 = fixture.sequences.find((s) => s.oeis === 'A002187')!.values;
    expect(compute('octal:0.07', a002187.length + 1)).toEqual([0, ...a002187]);
  });

  it('Kayles: period 12 from n = 71, maximum value 8 (Guy and Smith 1956)', () => {
    const g = compute('kayles', 2000);
    for (let n = 71; n + 12 < 2000; n++) expect(g[n + 12]).toBe(g[n]);
    expect(g[70 + 12]).not.toBe(g[70]);
    expect(Math.max(...g)).toBe(8);
  });

  it('subtraction {1,2,3} is n mod 4 and {1,3,4} repeats 0,1,0,1,2,3,2', () => {
    expect(compute('sub:1,2,3', 40)).toEqual(Array.from({ length: 40 }, (_, n) => n % 4));
    const block = [0, 1, 0, 1, 2, 3, 2];
    expect(compute('sub:1,3,4', 49)).toEqual(Array.from({ length: 49 }, (_, n) => block[n % 7]));
  });
});
