import { describe, expect, it } from 'vitest';
import { parseRules } from '../../src/games/registry.js';
import { GameSolver } from '../../src/sweep/solve-game.js';
import { naiveValues } from '../helpers/naive.js';
import { naivePeriodicity, octalCriterion } from '../helpers/naive-period.js';

describe('GameSolver (kernel + proof inside one thread)', () => {
  it("proves Kayles and Dawson's Kayles (Guy and Smith 1956)", () => {
    const solver = new GameSolver();
    const kayles = solver.solve(parseRules('octal:0.77'), { limit: 4096, fixedLength: false });
    expect(kayles.periodicity).toMatchObject({ period: 12, preperiod: 71, proven: true });
    expect(kayles.maxValue).toBe(8);
    const dawson = solver.solve(parseRules('octal:0.07'), { limit: 4096, fixedLength: false });
    expect(dawson.periodicity).toMatchObject({ period: 34, preperiod: 53, proven: true });
  });

  it('agrees with naive values and a direct periodicity check on the same prefix for every 2-digit octal code', () => {
    const solver = new GameSolver();
    let proven = 0;
    for (let d1 = 0; d1 < 8; d1++) {
      for (let d2 = 1; d2 < 8; d2++) {
        const rules = parseRules(`octal:0.${d1}${d2}`);
        const r = solver.solve(rules, { limit: 600, fixedLength: false });
        const naive = naiveValues(rules, r.computed);
        expect(Array.from(r.values), rules.key).toEqual(naive);
        // The oracle: the period of the naive table by direct comparison (test/helpers/naive-period.ts).
        const expected = naivePeriodicity(naive, r.computed, octalCriterion([0, d1, d2]));
        expect(r.periodicity, rules.key).toEqual(expected);
        expect(r.maxValue).toBe(Math.max(0, ...naive));
        if (expected?.proven) {
          proven++;
          // The solver stops once a check point proves it, well inside the limit.
          expect(r.computed, rules.key).toBeLessThan(600);
          // A proven period goes on: three times as far by the definition, it still holds.
          const far = naiveValues(rules, 3 * r.computed);
          for (let n = expected.preperiod; n + expected.period < far.length; n++) {
            if (far[n + expected.period] !== far[n]) expect.fail(`${rules.key}: g(${n + expected.period}) != g(${n})`);
          }
        }
      }
    }
    // 38 of the 56 codes are proven within 600 values; the other 18 (0.04, 0.06, 0.14, 0.16, 0.36,
    // 0.37, 0.45, 0.47, 0.56, 0.61-0.67, 0.74, 0.76) show no period there, several famously none known.
    expect(proven).toBe(38);
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
