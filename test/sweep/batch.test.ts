import { builtin } from '../helpers/builtin-rules.js';
import type { SubtractionRules } from '../../src/rules/types.js';
import { describe, expect, it } from 'vitest';
import { packGames, packResults, resultAt, type GameResult } from '../../src/sweep/batch.js';
import { enumerateGames } from '../../src/sweep/enumerate.js';

describe('sweep batch columns', () => {
  it('packs finite sets into offsets and elements, other rules as they are', () => {
    const subs = [...enumerateGames({ family: 'sub', minSize: 1, maxSize: 3, max: 5 })];
    const packed = packGames(subs);
    if (packed.kind !== 'sets') throw new Error('expected sets');
    expect(packed.family).toBe('sub');
    subs.forEach((g, i) => {
      expect(packed.ords[i]).toBe(g.ord);
      expect(Array.from(packed.elements.subarray(packed.offsets[i]!, packed.offsets[i + 1]!))).toEqual(
        builtin(g.rules).family === 'sub' ? (g.rules as SubtractionRules).set : [],
      );
    });
    const octal = [...enumerateGames({ family: 'octal', minDigits: 1, maxDigits: 1, base: 8 })];
    const mixed = packGames(octal); // 0.3 is sub:1, the rest are octal codes
    expect(mixed.kind).toBe('rules');
    if (mixed.kind === 'rules') expect(mixed.rules).toEqual(octal.map((g) => g.rules));
  });

  it('round-trips results, sharing criterion labels', () => {
    const rows: GameResult[] = [
      {
        ord: 4,
        periodicity: { preperiod: 3, period: 7, saltus: 0, proven: true, criterion: 'window (k=4)', checkedTo: 20 },
        maxValue: 3,
        computed: 20,
        elapsedMs: 0.25,
      },
      { ord: 9, periodicity: null, maxValue: 300, computed: 4096, elapsedMs: 12 },
      {
        ord: 11,
        periodicity: { preperiod: 0, period: 2, saltus: 1, proven: false, criterion: 'observed', checkedTo: 64 },
        maxValue: 40,
        computed: 64,
        elapsedMs: 1,
      },
      {
        ord: 12,
        periodicity: { preperiod: 1, period: 5, saltus: 0, proven: true, criterion: 'window (k=4)', checkedTo: 30 },
        maxValue: 2,
        computed: 30,
        elapsedMs: 0.5,
      },
    ];
    const packed = packResults(rows);
    expect(packed.criteria).toEqual(['', 'window (k=4)', 'observed']);
    expect(rows.map((_, i) => resultAt(packed, i))).toEqual(rows);
    const withValues = packResults(rows.map((r) => ({ ...r, values: new Uint8Array([r.ord]) })));
    expect(resultAt(withValues, 2).values).toEqual(new Uint8Array([11]));
  });
});
