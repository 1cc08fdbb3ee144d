import { describe, expect, it } from 'vitest';
import { checkPointAfter, checkPointAtMost, nextCheckAt } from '../../src/engine/planner.js';

/** The check points by their definition: nextCheckAt from 0 on. */
function points(upTo: number): number[] {
  const out: number[] = [];
  for (let c = nextCheckAt(0); c <= upTo; c = nextCheckAt(c)) out.push(c);
  return out;
}

describe('periodicity check points', () => {
  const all = points(3_000_000);

  it('are 64 apart to 1,024, then grow by 1/16', () => {
    expect(all.slice(0, 17)).toEqual([
      64, 128, 192, 256, 320, 384, 448, 512, 576, 640, 704, 768, 832, 896, 960, 1024, 1088,
    ]);
    for (let i = 17; i < all.length; i++) expect(all[i]).toBe(Math.ceil(all[i - 1]! * 1.0625));
  });

  it('checkPointAfter gives the first one past L, checkPointAtMost the last one at or below L', () => {
    for (const L of [0, 1, 63, 64, 65, 1000, 1024, 1088, 1089, 5_000, 123_457, 2_000_000]) {
      const after = all.find((c) => c > L)!;
      expect(checkPointAfter(L), `after ${L}`).toBe(after);
      const atMost = all.filter((c) => c <= L).at(-1);
      expect(checkPointAtMost(L), `at most ${L}`).toBe(atMost ?? L);
    }
  });
});
