import { describe, expect, it } from 'vitest';
import { PeriodDetector } from '../../src/period/detect.js';
import { parseRules } from '../../src/games/registry.js';
import { GameSolver } from '../../src/sweep/solve-game.js';
import { naiveValues } from '../helpers/naive.js';

describe('GameSolver (kernel + proof inside one thread)', () => {
  it("proves Kayles and Dawson's Kayles (Guy and Smith 1956)", () => {
    const solver = new GameSolver();
    const kayles = solver.solve(parseRules('octal:0.77'), { limit: 4096, fixedLength: false });
    expect(kayles.periodicity).toMatchObject({ period: 12, preperiod: 71, proven: true });
    expect(kayles.maxValue).toBe(8);
    const dawson = solver.solve(parseRules('octal:0.07'), { limit: 4096, fixedLength: false });
    expect(dawson.periodicity).toMatchObject({ period: 34, preperiod: 53, proven: true });
  });

  it('agrees with naive values and with PeriodDetector on the same prefix for every 2-digit octal code', () => {
    const solver = new GameSolver();
    for (let d1 = 0; d1 < 8; d1++) {
      for (let d2 = 1; d2 < 8; d2++) {
        const rules = parseRules(`octal:0.${d1}${d2}`);
        const r = solver.solve(rules, { limit: 600, fixedLength: false });
        expect(Array.from(r.values), rules.key).toEqual(naiveValues(rules, r.computed));
        expect(r.periodicity, rules.key).toEqual(new PeriodDetector(rules).detect(r.values, r.computed));
        expect(r.maxValue).toBe(Math.max(0, ...Array.from(r.values)));
      }
    }
  });

  it('handles three-heap (hex) digits', () => {
    const rules = parseRules('octal:0.f');
    const r = new GameSolver().solve(rules, { limit: 200, fixedLength: true });
    expect(r.computed).toBe(200);
    expect(Array.from(r.values)).toEqual(naiveValues(rules, 200));
  });

  it('computes all-but games to the limit and reports an observed arithmetic period', () => {
    const rules = parseRules('allbut:1,2');
    const r = new GameSolver().solve(rules, { limit: 300, fixedLength: false });
    expect(r.computed).toBe(300);
    expect(Array.from(r.values)).toEqual(naiveValues(rules, 300));
    expect(r.periodicity).toMatchObject({ proven: false, criterion: 'observed' });
    expect(r.periodicity!.saltus).toBeGreaterThan(0);
  });

  it('widens the value array when values outgrow a byte', () => {
    const rules = parseRules('allbut:3');
    const r = new GameSolver().solve(rules, { limit: 1200, fixedLength: false });
    expect(r.maxValue).toBeGreaterThan(255);
    expect(Array.from(r.values)).toEqual(naiveValues(rules, 1200));
  });
});
