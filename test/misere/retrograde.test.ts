import { describe, expect, it } from 'vitest';
import { graphFromEdges } from '../../src/graph/csr.js';
import { misereGraphOutcomes, outcomeName, solveLoopySum } from '../../src/misere/retrograde.js';
import { naiveGraphOutcomes } from '../helpers/naive-misere.js';
import { seededRandom } from '../../src/testing/random.js';

describe('misère retrograde analysis', () => {
  it('agrees with fixpoint iteration on random graphs with cycles', () => {
    const random = seededRandom(41);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(random() * 12);
      const edges: [number, number][] = [];
      for (let e = Math.floor(random() * 2 * n); e > 0; e--)
        edges.push([Math.floor(random() * n), Math.floor(random() * n)]);
      const got = Array.from(misereGraphOutcomes(graphFromEdges(n, edges)), outcomeName);
      expect(got).toEqual(naiveGraphOutcomes(n, edges));
    }
  });

  it('a sum of tokens on a cycle: explored and labelled, with a move that keeps the best outcome', () => {
    // 0 -> 1 -> 2 -> 0 and 2 -> 3 (a sink). One token: 2 wins by moving to the sink? No: the sink is N.
    const succ = [[1], [2], [0, 3], []];
    const options = (v: number) => (succ[v] ?? []).map((w) => [w]);
    const one = solveLoopySum(options, [2], 1000);
    const naive = naiveGraphOutcomes(4, [
      [0, 1],
      [1, 2],
      [2, 0],
      [2, 3],
    ]);
    expect(one.outcome).toBe(naive[2]);
    const two = solveLoopySum(options, [1, 1], 1000);
    expect(['P', 'N', 'D']).toContain(two.outcome);
    if (two.outcome !== 'P') expect(two.move).not.toBeNull();
  });
});
