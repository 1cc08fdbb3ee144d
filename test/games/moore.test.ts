import { describe, expect, it } from 'vitest';
import { mooreIsP, mooreWinningMove } from '../../src/games/moore.js';
import { parseRules, theoremSupport } from '../../src/games/registry.js';
import { seededRandom } from '../../src/testing/random.js';
import { randInt } from '../helpers/naive-games.js';
import { naiveMoore } from '../helpers/naive-theorem.js';

describe("Moore's Nim_k: the P-positions and a winning move against explicit search", () => {
  it('600 random positions, k = 1..3: P by the theorem iff P by search; the move reaches a P-position', () => {
    const r = seededRandom(11);
    const twins = [1, 2, 3].map(naiveMoore);
    let moved = 0;
    for (let t = 0; t < 600; t++) {
      const k = randInt(r, 1, 3);
      const heaps = Array.from({ length: randInt(r, 1, 4) }, () => randInt(r, 0, 5));
      const big = heaps.map(BigInt);
      const p = twins[k - 1]!(heaps);
      expect(mooreIsP(big, k), `k=${k} ${heaps}`).toBe(p);
      const move = mooreWinningMove(big, k);
      if (p) expect(move).toBeNull();
      else {
        const to = move!.map(Number);
        expect(to.filter((h, i) => h !== heaps[i]).length).toBeGreaterThan(0);
        expect(to.filter((h, i) => h !== heaps[i]).length).toBeLessThanOrEqual(k);
        expect(to.every((h, i) => h <= heaps[i]!)).toBe(true);
        expect(twins[k - 1]!(to), `k=${k} ${heaps} -> ${to}`).toBe(true);
        moved++;
      }
    }
    expect(moved).toBeGreaterThan(100);
  });

  it('no value: the family answers outcomes only', () => {
    const rules = parseRules('moore:2');
    const support = theoremSupport(rules)!;
    const p = support.read(rules, '[3,5,6]');
    expect(support.value(rules, p)).toBeNull();
    expect(support.outcome(rules, p)).toBe('N');
    expect(() => parseRules('moore:0')).toThrow(/needs k/);
  });
});
