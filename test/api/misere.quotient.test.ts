import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateMisereBatch } from '../../src/api/misere.js';
import { computeQuotient } from '../../src/api/quotient.js';
import { tempDir } from '../helpers/cli.js';
import { naiveOptions } from '../helpers/naive-games.js';
import { naiveMisere, smallSums } from '../helpers/naive-misere-sums.js';

/**
 * eval --misere answers a sum of heaps of one game from its stored misère quotient (method
 * 'quotient'), checked against explicit search of the whole sum: outcome, and a winning move
 * that leaves a P-position. Mixed games and games with no quotient go to the other methods.
 */
const { dir, cleanup } = tempDir('grundy-api-misere-quotient-');
const db = join(dir, 'q.db');
const CODES = ['octal:0.75', 'octal:0.34', 'octal:0.71'];

beforeAll(async () => {
  for (const code of CODES) await computeQuotient(code, { db, heaps: 24 });
});
afterAll(cleanup);

describe('eval --misere from a stored quotient', () => {
  it('every sum of up to 4 heaps, 14 tokens: outcome and winning move as search says', async () => {
    const sums = smallSums(4, 14);
    for (const code of CODES) {
      const isP = naiveMisere(code);
      const lines = await evaluateMisereBatch(
        sums.map((h) => `${code}@${h.join(',')}`),
        { db, workers: 1 },
      );
      for (const [i, line] of lines.entries()) {
        const heaps = sums[i]!;
        if ('error' in line) throw line.error;
        const e = line.evaluation;
        expect(e.method, code).toBe('quotient');
        expect(e.outcome, `${code} ${heaps.join('+')}`).toBe(isP(heaps) ? 'P' : 'N');
        if (e.outcome === 'P') {
          expect(e.moves).toEqual([]);
          continue;
        }
        const m = e.moves[0]!;
        const at = heaps.indexOf(Number(m.from));
        expect(at).toBeGreaterThanOrEqual(0);
        const leaves = m.leaves.map(Number);
        // In the words of the other methods: what is removed, and what is left or split.
        const taken = Number(m.from) - leaves.reduce((a, b) => a + b, 0);
        const left = leaves.join(' + ');
        expect(m.move).toBe(
          leaves.length === 0
            ? `remove ${taken} token${taken === 1 ? '' : 's'} (the whole heap)`
            : leaves.length === 1
              ? `remove ${taken} token${taken === 1 ? '' : 's'}, leaving ${left}`
              : taken === 0
                ? `split into ${left}`
                : `remove ${taken} token${taken === 1 ? '' : 's'} and split the rest into ${left}`,
        );
        expect(
          [...naiveOptions(code, Number(m.from))].some((o) => o.filter((h) => h > 0).join() === leaves.join()),
        ).toBe(true);
        expect(isP([...heaps.filter((_, j) => j !== at), ...leaves]), `${code} ${heaps.join('+')}: ${m.move}`).toBe(
          true,
        );
      }
    }
  });

  it('a sum that mixes games, or a game with no stored quotient, is left to the other methods', async () => {
    const [mixed, other] = await evaluateMisereBatch(['octal:0.75@3 + nim@2', 'kayles@3,4'], { db, workers: 1 });
    if (!mixed || 'error' in mixed || !other || 'error' in other) throw new Error('expected two evaluations');
    expect(mixed.evaluation.method).not.toBe('quotient');
    expect(other.evaluation.method).not.toBe('quotient');
  });
});
