import { describe, expect, it } from 'vitest';
import { KNOWN_RESULTS, knownResult, knownText } from '../../src/games/known.js';
import { parseRules } from '../../src/games/registry.js';
import { naiveValues } from '../helpers/naive.js';

describe('the known-results list', () => {
  it.each(KNOWN_RESULTS.map((k) => [k.name, k] as const))('%s: a canonical key, a fact and a source', (_, known) => {
    expect(parseRules(known.key).key).toBe(known.key);
    expect(known.source).not.toBe('');
    expect(knownText(known)).not.toContain('\n');
    expect(knownResult(known.key)).toBe(known);
  });

  // The period and the last exception as the source states them, checked against the values by definition
  // over 6 periods past the last exception (the periodicity theorem itself needs no more for these small k).
  it.each(KNOWN_RESULTS.filter((k) => k.status === 'periodic').map((k) => [k.name, k] as const))(
    '%s: the stated period and last exception hold in the values',
    (_, known) => {
      const p = known.period!;
      const last = known.lastException!;
      const g = naiveValues(known.key, 2 * (last + 1 + p) + 4 + 6 * p);
      const breaks = g.flatMap((v, n) => (n + p < g.length && g[n + p] !== v ? [n] : []));
      expect(breaks.at(-1)).toBe(last);
      expect(knownText(known)).toContain(`period ${p}`);
      expect(knownText(known)).toContain(`n = ${last}`);
    },
  );

  it('Officers and Grundy have no known period', () => {
    expect(knownResult(parseRules('officers').key)?.status).toBe('open');
    expect(knownResult('grundy')?.status).toBe('open');
    expect(knownResult('sub:1,2')).toBeUndefined();
  });
});
