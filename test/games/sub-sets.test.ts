import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { closedFormOf, familyOf, parseRules, plainKernel, proofCriterion } from '../../src/games/registry.js';
import { naiveValues, randInt, rng } from '../helpers/naive-games.js';

function valuesOf(spec: string, N: number): number[] {
  const g = new Uint32Array(N);
  plainKernel(parseRules(spec)).run(g, 0, N, 0);
  return Array.from(g);
}

describe('sub: with intervals', () => {
  it.each([
    ['sub:1..3', 'sub:1,2,3'],
    ['sub:3,1..2', 'sub:1,2,3'],
    ['sub:1..2,2..3', 'sub:1,2,3'],
    ['sub: 10..12 ,7, 1..3', 'sub:1,2,3,7,10,11,12'],
    ['sub:5..5', 'sub:5'],
    ['sub:1..100', 'sub:1..100'],
    ['sub:1..64', `sub:${Array.from({ length: 64 }, (_, i) => i + 1).join(',')}`],
    ['sub:1..65,100', 'sub:1..65,100'],
    ['sub:3..1000000000', 'sub:3..1000000000'],
    ['sub:3..1e9', 'sub:3..1000000000'],
    ['sub:2^3..10', 'sub:8,9,10'],
    ['sub:1_000..1000000000000000000', 'sub:1000..1000000000000000000'],
  ])('%s is %s', (spec, key) => {
    expect(parseRules(spec).key).toBe(key);
  });

  it('keeps one key for every spelling, and the old keys of listed sets', () => {
    expect(parseRules('sub:4,1,3,3').key).toBe('sub:1,3,4');
    expect(parseRules('sub:1,2,3,4').key).toBe(parseRules('sub:1..4').key);
    const listed = `sub:${Array.from({ length: 70 }, (_, i) => 70 - i).join(',')}`;
    expect(parseRules(listed).key).toBe(parseRules('sub:1..70').key);
  });

  it('makes a set too large to list one interval with a closed form, family subint', () => {
    const rules = parseRules('sub:3..1000000000');
    expect(familyOf(rules).id).toBe('subint');
    expect(proofCriterion(rules)).toBeNull();
    expect(closedFormOf(rules)?.value(10n ** 18n)).toBe((10n ** 18n % 1000000003n) / 3n);
    expect(closedFormOf(parseRules('sub:2..5'))?.value(8n)).toBe(0n);
    expect(closedFormOf(parseRules('sub:2,3,5'))).toBeNull();
    expect(proofCriterion(parseRules('sub:1..3,7'))).toMatchObject({ kind: 'window', k: 7 });
  });

  it.each([
    ['sub:3..1', 'is empty: write it as 1..3'],
    ['sub:0..4', '0 in'],
    ['sub:1..', 'not a positive integer subtraction amount or an interval'],
    ['sub:1...3', 'not a positive integer subtraction amount or an interval'],
    ['sub:1..2..3', 'not a positive integer subtraction amount or an interval'],
    ['sub:1.5e1..20', 'not a positive integer subtraction amount or an interval'],
    ['sub:2..2000000000000000000', 'too large (the largest subtraction amount is 10^18)'],
    ['sub:1,3..1000000000', 'supported are one interval sub:L..R of any size'],
    ['sub:1..70000,80000', 'sets of at most 65536 amounts, each <= 2147483647'],
    ['sub:1,99999999999', 'too large'],
  ])('%s is refused (%s)', (spec, message) => {
    expect(() => parseRules(spec)).toThrow(UsageError);
    expect(() => parseRules(spec)).toThrow(message);
  });

  it('a single huge amount is one interval {L..L}: g(n) = floor((n mod 2L) / L)', () => {
    const rules = parseRules('sub:99999999999');
    expect(rules.key).toBe('sub:99999999999');
    expect(closedFormOf(rules)?.value(2n * 99999999999n - 1n)).toBe(1n);
  });

  it('computes 500 random unions of intervals as the naive mex over their options does', () => {
    const r = rng(2023);
    for (let t = 0; t < 500; t++) {
      const items: string[] = [];
      const parts = randInt(r, 1, 4);
      for (let i = 0; i < parts; i++) {
        const lo = randInt(r, 1, 30);
        items.push(r() < 0.5 ? `${lo}` : `${lo}..${lo + randInt(r, 0, 8)}`);
      }
      const spec = `sub:${items.join(',')}`;
      const N = randInt(r, 1, 120);
      const naive = Array.from(naiveValues(spec, N));
      expect([spec, valuesOf(spec, N)]).toEqual([spec, naive]);
      const closed = closedFormOf(parseRules(spec));
      if (closed) expect(naive.map((_, n) => Number(closed.value(BigInt(n))))).toEqual(naive);
    }
  });

  it('computes a huge interval from its closed form, as the naive mex does on a prefix', () => {
    const spec = 'sub:7..3000000000';
    expect(valuesOf(spec, 200)).toEqual(Array.from({ length: 200 }, (_, n) => Math.floor(n / 7)));
  });
});
