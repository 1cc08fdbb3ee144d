import { readFileSync } from 'node:fs';
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

/**
 * POJ 1704 "Georgia and Bob" as Staircase Nim: sorted, chessman i has g_i free grids before it
 * (g_1 = p_1 - 1). Sliding chessman i left by s takes s from g_i and gives them to g_(i+1); the
 * last chessman's leave. So step 1 is the last gap, step 2 the one before: [g_N, ..., g_1].
 */
function chessmenSteps(positions: readonly number[]): bigint[] {
  const p = [...positions].sort((a, b) => a - b);
  return p.map((x, i) => BigInt(x - (i === 0 ? 0 : p[i - 1]!) - 1)).reverse();
}

/** Who wins the chessmen game by explicit search over the chessmen's grids (no staircase, no theorem). */
function naiveChessmen(): (positions: readonly number[]) => boolean {
  const memo = new Map<string, boolean>();
  const wins = (p: readonly number[]): boolean => {
    const key = p.join(',');
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let win = false;
    for (let i = 0; i < p.length && !win; i++) {
      for (let to = p[i]! - 1; to > (i === 0 ? 0 : p[i - 1]!) && !win; to--) {
        const next = [...p];
        next[i] = to;
        if (!wins(next)) win = true;
      }
    }
    memo.set(key, win);
    return win;
  };
  return (positions) => wins([...positions].sort((a, b) => a - b));
}

describe('Staircase Nim: POJ 1704 "Georgia and Bob" sample (fixtures/poj1704-samples.json)', () => {
  const fixture = JSON.parse(readFileSync(new URL('../fixtures/poj1704-samples.json', import.meta.url), 'utf8')) as {
    input: string;
    output: string;
  };
  const tokens = fixture.input.trim().split(/\s+/).map(Number);
  const cases: number[][] = [];
  for (let t = tokens[0]!, at = 1; t > 0; t--) {
    const n = tokens[at]!;
    cases.push(tokens.slice(at + 1, at + 1 + n));
    at += 1 + n;
  }

  it('Georgia (the first player) wins exactly when the staircase of gaps has a non-zero value', () => {
    expect(cases.length).toBe(2);
    const answers = cases.map((p) => (staircaseValue(chessmenSteps(p)) !== 0n ? 'Georgia' : 'Bob'));
    expect(answers.map((w) => `${w} will win\n`).join('')).toBe(fixture.output);
  });

  it('the reduction agrees with explicit search of the chessmen game on the samples and 200 random rows', () => {
    const chessmen = naiveChessmen();
    const r = seededRandom(1704);
    const rows = [
      ...cases,
      ...Array.from({ length: 200 }, () => {
        const grids = new Set<number>();
        for (let k = randInt(r, 1, 4); grids.size < k; ) grids.add(randInt(r, 1, 9));
        return [...grids];
      }),
    ];
    for (const p of rows) expect(staircaseValue(chessmenSteps(p)) !== 0n, p.join(' ')).toBe(chessmen(p));
  });
});
