import { subtractionRules } from '../../src/games/subtraction.js';
import { periodDetector } from '../../src/games/registry.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SubtractionSolver } from '../../src/sweep/solve-subtraction.js';
import { naiveValues, rng } from '../helpers/naive.js';
import { naiveWindowPeriod, subRules } from '../helpers/naive-sweep.js';

const untilProven = { limit: 2 ** 26, fixedLength: false };

function randomSet(rand: () => number, size: number, max: number): number[] {
  const s = new Set<number>();
  while (s.size < size) s.add(1 + Math.floor(rand() * max));
  return [...s].sort((a, b) => a - b);
}

describe('SubtractionSolver', () => {
  it('proves the known periods of subtraction games', () => {
    const solver = new SubtractionSolver();
    const cases: [number[], number][] = [
      [[1, 2, 3], 4],
      [[1, 3, 4], 7],
      [[2, 5, 7], 22],
      [[1], 2],
    ];
    for (const [set, period] of cases) {
      const r = solver.solve(set, untilProven);
      expect(r.periodicity).toMatchObject({ period, preperiod: 0, proven: true });
    }
  });

  it('agrees with the naive values and the brute-force window period on seeded random sets', () => {
    const rand = rng(7);
    const solver = new SubtractionSolver();
    for (let t = 0; t < 300; t++) {
      const size = 1 + Math.floor(rand() * 6);
      const set = randomSet(rand, size, size + Math.floor(rand() * 25));
      const r = solver.solve(set, untilProven);
      const N = Math.max(2 * r.computed, 400);
      const g = naiveValues(subRules(set), N);
      expect(Array.from(r.values)).toEqual(g.slice(0, r.computed));
      expect(r.maxValue).toBe(Math.max(...g));
      const naive = naiveWindowPeriod(g, set[set.length - 1]!);
      expect(r.periodicity, `S = {${set.join(',')}}`).toMatchObject({ ...naive, proven: true, saltus: 0 });
    }
  });

  it('gives what PeriodDetector proves on the same prefix', () => {
    const rand = rng(11);
    const solver = new SubtractionSolver();
    for (let t = 0; t < 200; t++) {
      const set = randomSet(rand, 3, 40);
      const r = solver.solve(set, untilProven);
      const d = periodDetector(subtractionRules(set)).detect(r.values, r.computed);
      expect(r.periodicity).toEqual(d);
    }
  });

  it('uses the general mex for sets of 32 or more elements', () => {
    const set = Array.from({ length: 40 }, (_, i) => 2 * i + 1);
    const r = new SubtractionSolver().solve(set, untilProven);
    const g = naiveValues(subRules(set), 2 * r.computed);
    expect(Array.from(r.values)).toEqual(g.slice(0, r.computed));
    expect(r.periodicity).toMatchObject({ ...naiveWindowPeriod(g, 79), proven: true });
  });

  it('reports no period when the limit comes first, and fills the table to the limit in fixed-length mode', () => {
    const solver = new SubtractionSolver();
    const cut = solver.solve([17, 43, 60], { limit: 500, fixedLength: false });
    expect(cut.periodicity).toBeNull();
    expect(cut.computed).toBe(500);
    const fixed = solver.solve([1, 3, 4], { limit: 1000, fixedLength: true });
    expect(fixed.computed).toBe(1000);
    expect(Array.from(fixed.values)).toEqual(naiveValues(subRules([1, 3, 4]), 1000));
    expect(fixed.periodicity).toMatchObject({ preperiod: 0, period: 7, proven: true, checkedTo: 1000 });
  });

  it('reproduces every record of the C reference search over all 3-element sets up to 60', () => {
    const fixture = JSON.parse(
      readFileSync(new URL('../fixtures/subtract-search-60.json', import.meta.url), 'utf8'),
    ) as {
      sets: number;
      records: { set: number[]; period: number; preperiod: number }[];
    };
    const solver = new SubtractionSolver();
    const records: { set: number[]; period: number; preperiod: number }[] = [];
    let best = { period: -1, preperiod: 0 };
    let count = 0;
    for (let a = 1; a <= 60; a++)
      for (let b = a + 1; b <= 60; b++)
        for (let c = b + 1; c <= 60; c++) {
          const p = solver.solve([a, b, c], untilProven).periodicity!;
          count++;
          if (p.period > best.period || (p.period === best.period && p.preperiod > best.preperiod)) {
            best = { period: p.period, preperiod: p.preperiod };
            records.push({ set: [a, b, c], ...best });
          }
        }
    expect(count).toBe(fixture.sets);
    expect(records).toEqual(fixture.records);
  });
});
