import { describe, expect, it } from 'vitest';
import { mooreIsP, mooreWinningMove } from '../../src/games/moore.js';
import { parseRules, theoremSupport } from '../../src/games/registry.js';
import { seededRandom } from '../../src/testing/random.js';
import { randInt } from '../helpers/naive-games.js';

/** The naive twin: P or N by explicit search; a move lowers at least one and at most k heaps. */
function naiveMoore(k: number): (heaps: readonly number[]) => boolean {
  const memo = new Map<string, boolean>();
  const isP = (heaps: readonly number[]): boolean => {
    const key = heaps.join(',');
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let p = true;
    // Every way to give each heap a new size <= its own, at most k of them changed, at least one.
    const walk = (i: number, changed: number, next: number[]): void => {
      if (!p) return;
      if (i === heaps.length) {
        if (changed > 0 && isP(next)) p = false;
        return;
      }
      walk(i + 1, changed, [...next, heaps[i]!]);
      if (changed < k) for (let h = 0; h < heaps[i]!; h++) walk(i + 1, changed + 1, [...next, h]);
    };
    walk(0, 0, []);
    memo.set(key, p);
    return p;
  };
  return isP;
}

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
