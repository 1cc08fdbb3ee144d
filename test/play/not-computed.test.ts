import { describe, expect, it } from 'vitest';
import { parseRules } from '../../src/games/registry.js';
import { computeHint, notComputed } from '../../src/play/not-computed.js';

describe('what to compute for a heap beyond the table', () => {
  it('until proven where a criterion can prove a period, the table to the heap for an open problem', () => {
    // Kayles (periodic) and a code the literature does not list: until proven, at any heap.
    expect(computeHint(parseRules('octal:0.77'), 'kayles', 500n)).toEqual({ game: 'kayles', untilProven: true });
    expect(computeHint(parseRules('octal:0.156'), 'octal:0.156', 500n)).toEqual({
      game: 'octal:0.156',
      untilProven: true,
    });
    // Officers: its period is an open problem, so the table to the heap while a table reaches it (2^32).
    const officers = parseRules('octal:0.6');
    expect(computeHint(officers, 'octal:0.6', 500n)).toEqual({ game: 'octal:0.6', to: 501 });
    expect(computeHint(officers, 'octal:0.6', 2n ** 32n - 1n)).toEqual({ game: 'octal:0.6', to: 2 ** 32 });
    expect(computeHint(officers, 'octal:0.6', 2n ** 32n)).toEqual({ game: 'octal:0.6', untilProven: true });
  });

  it('the table to the heap for a game with no criterion, and nothing past its largest table', () => {
    const grundy = parseRules('grundy');
    expect(computeHint(grundy, 'grundy', 99n)).toEqual({ game: 'grundy', to: 100 });
    expect(computeHint(grundy, 'grundy', 2n ** 32n)).toBeNull();
    const err = notComputed(grundy, 'grundy', 2n ** 32n, 10);
    expect(err.compute).toBeUndefined();
    expect(err.message).toBe(
      'heap 4294967296 of grundy: grundy has 10 stored values and no proven period; heaps from 4294967296 on ' +
        'need a proven period, which this game has no criterion for',
    );
  });
});
