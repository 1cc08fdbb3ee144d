import { describe, expect, it } from 'vitest';
import { defineFamily } from '../../src/games/family.js';
import {
  describeRules,
  familyOf,
  parseRules,
  plainKernel,
  registerFamily,
  specHelp,
  periodDetector,
} from '../../src/games/registry.js';
import { customKernel } from '../../src/kernels/custom.js';
import { plainValues } from '../../src/kernels/values.js';
import { GameValues } from '../../src/play/game-values.js';
import { findMoves } from '../../src/play/moves.js';
import type { Rules } from '../../src/rules/types.js';

/**
 * A toy family, defined here and not in src: "halving k" — remove 1 to k tokens, or halve an
 * even heap. Everything the engine needs comes from this one object and its registration.
 */
interface HalvingRules extends Rules {
  readonly family: 'halving';
  readonly k: number;
}

function* halvingOptions(rules: HalvingRules, n: number): Generator<readonly number[]> {
  for (let s = 1; s <= Math.min(rules.k, n); s++) yield s === n ? [] : [n - s];
  if (n >= 2 && n % 2 === 0) yield [n / 2];
}

const halving = defineFamily<HalvingRules>({
  id: 'halving',
  positions: 'heap',
  syntax: ['halving:K'],
  prefixes: ['halving'],
  parse: (body) => ({ family: 'halving', key: `halving:${Number(body)}`, k: Number(body) }) satisfies HalvingRules,
  describe: (rules) => `remove 1 to ${rules.k} tokens, or halve an even heap`,
  options: halvingOptions,
  cost: (rules) => rules.k + 1,
  plain: (rules) => customKernel((n) => halvingOptions(rules, n), rules.key),
  criterion: () => null,
  *moves({ rules, values, n, target }) {
    for (const option of halvingOptions(rules, Number(n))) {
      const v = option.reduce((x, h) => x ^ Number(values.value(BigInt(h))), 0);
      if (BigInt(v) === target)
        yield {
          description: `move to ${option.join(' + ') || 'nothing'}`,
          remove: 0n,
          leaves: option.map(BigInt),
          values: [BigInt(v)],
        };
    }
  },
});

/** The slow, obvious values: mex over the options, straight from the rule. */
function naive(k: number, N: number): number[] {
  const g: number[] = [];
  for (let n = 0; n < N; n++) {
    const seen = new Set<number>();
    for (let s = 1; s <= Math.min(k, n); s++) seen.add(g[n - s]!);
    if (n >= 2 && n % 2 === 0) seen.add(g[n / 2]!);
    let m = 0;
    while (seen.has(m)) m++;
    g.push(m);
  }
  return g;
}

describe('the game-family registry', () => {
  registerFamily(halving);

  it('a family defined in one file is parsed, described and listed once registered', () => {
    const rules = parseRules('halving:3');
    expect(rules).toEqual({ family: 'halving', key: 'halving:3', k: 3 });
    expect(familyOf(rules)).toBe(halving);
    expect(describeRules(rules)).toBe('remove 1 to 3 tokens, or halve an even heap');
    expect(specHelp()).toContain('halving:K');
  });

  it('lists each spelling once in help, though two families accept 2d:queen', () => {
    const forms = specHelp().split(' | ');
    expect(forms).toContain('2d:queen');
    expect(new Set(forms).size).toBe(forms.length);
  });

  it("computes the toy family's table with its kernel, equal to the naive mex", () => {
    const rules = parseRules('halving:3');
    const g = plainValues(8, 400);
    plainKernel(rules).run(g, 0, 200, 0);
    plainKernel(rules).run(g, 200, 400, Math.max(...g.subarray(0, 200)));
    expect(Array.from(g)).toEqual(naive(3, 400));
  });

  it('periodicity and moves go through the family, not around it', () => {
    const rules = parseRules('halving:2');
    const g = plainValues(8, 300);
    plainKernel(rules).run(g, 0, 300, 0);
    expect(periodDetector(rules).criterion).toBeNull();
    const values = new GameValues(rules, g, null);
    const n = 17n;
    const wins = findMoves(values, n, 0n, { limit: 10 });
    for (const move of wins.moves) expect(move.values.reduce((a, b) => a ^ b, 0n)).toBe(0n);
    expect(wins.moves.length > 0).toBe(g[17] !== 0);
  });

  it('refuses a second family claiming a taken prefix or id', () => {
    expect(() => registerFamily({ ...halving, id: 'halving2' })).toThrow(/'halving' already belongs to 'halving'/);
    expect(() => registerFamily({ ...halving, id: 'halving3', prefixes: ['sub'] })).toThrow(
      /'sub' already belongs to 'sub'/,
    );
  });
});
