import { builtin } from '../helpers/builtin-rules.js';
import { describe, expect, it } from 'vitest';
import { parseRules } from '../../src/games/registry.js';
import {
  defaultSweepName,
  enumerateGames,
  sweepSize,
  validateSpec,
  type SweepSpec,
} from '../../src/sweep/enumerate.js';

const all = (spec: SweepSpec) => [...enumerateGames(spec)];

describe('sweep enumeration', () => {
  it('has exactly 120 three-element subtraction sets up to 10, sorted and distinct', () => {
    const spec: SweepSpec = { family: 'sub', minSize: 3, maxSize: 3, max: 10 };
    const games = all(spec);
    expect(games).toHaveLength(120);
    expect(sweepSize(spec).games).toBe(120);
    expect(new Set(games.map((g) => g.rules.key)).size).toBe(120);
    expect(games.map((g) => g.ord)).toEqual(games.map((_, i) => i));
    expect(games[0]!.rules.key).toBe('sub:1,2,3');
    expect(games[119]!.rules.key).toBe('sub:8,9,10');
    for (const g of games) {
      const r = builtin(g.rules);
      if (r.family !== 'sub') throw new Error('expected subtraction rules');
      expect(r.set.every((s) => s >= 1 && s <= 10)).toBe(true);
    }
  });

  it('builds the same canonical rules as parseRules', () => {
    for (const g of all({ family: 'sub', minSize: 1, maxSize: 3, max: 7 }))
      expect(g.rules).toEqual(parseRules(g.rules.key));
    for (const g of all({ family: 'allbut', minSize: 1, maxSize: 2, max: 6 }))
      expect(g.rules).toEqual(parseRules(g.rules.key));
  });

  it('counts all sizes up to K with --max-size', () => {
    const spec: SweepSpec = { family: 'sub', minSize: 1, maxSize: 3, max: 12 };
    expect(all(spec)).toHaveLength(12 + 66 + 220);
    expect(sweepSize(spec).games).toBe(298);
    expect(sweepSize({ family: 'sub', minSize: 3, maxSize: 3, max: 60 }).games).toBe(34_220);
  });

  it('skips the all-zero code and codes ending in 0, and counts them', () => {
    const spec: SweepSpec = { family: 'octal', minDigits: 2, maxDigits: 2, base: 8 };
    const games = all(spec);
    expect(games).toHaveLength(56);
    expect(sweepSize(spec)).toEqual({ games: 56, skipped: { allZero: 1, trailingZeros: 7 } });
    const keys = games.map((g) => g.rules.key);
    expect(new Set(keys).size).toBe(56);
    expect(keys).toContain('octal:0.77');
    expect(keys).toContain('sub:1,2'); // 0.33 never splits: the subtraction game {1, 2}
    expect(keys).not.toContain('octal:0.7');
    expect(keys.every((k) => k === parseRules(k).key)).toBe(true);
  });

  it('covers every code of 1 to D digits once with --max-digits, in hex too', () => {
    const octal = all({ family: 'octal', minDigits: 1, maxDigits: 2, base: 8 });
    expect(octal).toHaveLength(7 + 56);
    expect(new Set(octal.map((g) => g.rules.key)).size).toBe(63);
    const hex: SweepSpec = { family: 'octal', minDigits: 1, maxDigits: 2, base: 16 };
    expect(all(hex)).toHaveLength(15 + 240);
    expect(sweepSize(hex)).toEqual({ games: 255, skipped: { allZero: 2, trailingZeros: 15 } });
  });

  it('names sweeps from their parameters', () => {
    expect(defaultSweepName({ family: 'sub', minSize: 3, maxSize: 3, max: 60 })).toBe('sub-size3-max60');
    expect(defaultSweepName({ family: 'allbut', minSize: 1, maxSize: 2, max: 9 })).toBe('allbut-maxsize2-max9');
    expect(defaultSweepName({ family: 'octal', minDigits: 2, maxDigits: 2, base: 8 })).toBe('octal-digits2');
    expect(defaultSweepName({ family: 'octal', minDigits: 1, maxDigits: 3, base: 16 })).toBe('hex-maxdigits3');
  });

  it('refuses empty and oversized sweeps with the fix in the message', () => {
    expect(() => validateSpec({ family: 'sub', minSize: 4, maxSize: 4, max: 3 })).toThrow(/raise --max to at least 4/);
    expect(() => validateSpec({ family: 'sub', minSize: 6, maxSize: 6, max: 200 })).toThrow(
      /at most 10000000 per sweep/,
    );
    expect(() => validateSpec({ family: 'octal', minDigits: 0, maxDigits: 0, base: 8 })).toThrow(
      /--digits must be at least 1/,
    );
  });
});
