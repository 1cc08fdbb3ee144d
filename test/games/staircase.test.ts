import { describe, expect, it } from 'vitest';
import { staircaseMoves, staircaseValue } from '../../src/games/staircase.js';
import { seededRandom } from '../../src/testing/random.js';
import { randInt } from '../helpers/naive-games.js';
import { naiveStaircase } from '../helpers/naive-theorem.js';

describe('Staircase Nim: the nim-sum of the odd steps against explicit search', () => {
  const g = naiveStaircase();
  it('600 random staircases of up to 4 steps: the Grundy value itself, not only the outcome', () => {
    const r = seededRandom(3);
    for (let t = 0; t < 600; t++) {
      const steps = Array.from({ length: randInt(r, 1, 4) }, () => randInt(r, 0, 4));
      expect(staircaseValue(steps.map(BigInt)), steps.join(',')).toBe(BigInt(g(steps)));
    }
  });

  it('moves to each smaller value: every one reaches it by explicit search, and some move exists', () => {
    const r = seededRandom(4);
    for (let t = 0; t < 300; t++) {
      const steps = Array.from({ length: randInt(r, 1, 4) }, () => randInt(r, 0, 4));
      const v = g(steps);
      for (let target = 0; target < v; target++) {
        const moves = [...staircaseMoves(steps.map(BigInt), BigInt(target))];
        expect(moves.length, `${steps} to ${target}`).toBeGreaterThan(0);
        for (const m of moves) expect(g((m.to as bigint[]).map(Number))).toBe(target);
      }
    }
  });
});
