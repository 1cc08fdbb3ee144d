import { describe, expect, it } from 'vitest';
import { graphFromEdges, type Graph } from '../../src/graph/csr.js';
import { generalizedValues, INFINITE, kSet } from '../../src/graph/gsg.js';
import { bestMoves, outcomeOf, sumValues, vertexValue, type GValue } from '../../src/graph/sums.js';
import { subtractionKernel } from '../../src/kernels/subtraction.js';
import { seededRandom } from '../../src/testing/random.js';
import { labelByDefinition, productGraph, randomAdj, retrogradeOutcomes, type Adj } from '../helpers/naive-graph.js';

function toGraph(adj: Adj): Graph {
  return graphFromEdges(
    adj.length,
    adj.flatMap((opts, u) => opts.map((w) => [u, w] as [number, number])),
  );
}

describe('generalized Sprague-Grundy values', () => {
  it('outcomes equal plain retrograde analysis on 1500 random graphs with cycles', () => {
    const rand = seededRandom(20240601);
    let draws = 0;
    for (let t = 0; t < 1500; t++) {
      const adj = randomAdj(rand, 14, t % 3 === 0 ? 2 : 4);
      const gv = generalizedValues(toGraph(adj));
      const want = retrogradeOutcomes(adj);
      const got = adj.map((_, v) => outcomeOf(vertexValue(gv, v)));
      expect(got).toEqual(want);
      draws += want.filter((o) => o === 'D').length;
    }
    expect(draws).toBeGreaterThan(100); // the sample really exercises draws
  });

  it('values and K sets equal the set-based labelling definition on 800 random graphs', () => {
    const rand = seededRandom(77);
    let infinite = 0;
    let cyclicFinite = 0;
    for (let t = 0; t < 800; t++) {
      const adj = randomAdj(rand, 12, 1 + (t % 5));
      const gv = generalizedValues(toGraph(adj));
      const want = labelByDefinition(adj);
      adj.forEach((_, v) => {
        const w = want[v]!;
        if (w.value === null) {
          expect(gv.values[v]).toBe(INFINITE);
          expect(Array.from(kSet(gv, v))).toEqual(w.k);
          infinite++;
        } else {
          expect(gv.values[v]).toBe(w.value);
          expect(kSet(gv, v).length).toBe(0);
        }
      });
      if (!gv.acyclic) cyclicFinite += gv.values.filter((x) => x > 0).length;
    }
    expect(infinite).toBeGreaterThan(100);
    expect(cyclicFinite).toBeGreaterThan(100);
  });

  it('a graph with a 2-cycle and an exit: the textbook example', () => {
    // 0 <-> 1, 1 -> 2 (terminal).
    const gv = generalizedValues(
      graphFromEdges(3, [
        [0, 1],
        [1, 0],
        [1, 2],
      ]),
    );
    // 1 can move to the P-position 2, so 1 is N; 0's only move is to 1, so 0 is P.
    expect(Array.from(gv.values)).toEqual([0, 1, 0]);
    const loop = generalizedValues(graphFromEdges(1, [[0, 0]]));
    expect(loop.values[0]).toBe(INFINITE);
    expect(outcomeOf(vertexValue(loop, 0))).toBe('D');
  });

  it('on a DAG of subtraction heaps (S = {1,3,4}, heaps 0..200) equals the subtraction kernel', () => {
    const S = [1, 3, 4];
    const edges: [number, number][] = [];
    for (let h = 0; h <= 200; h++) for (const s of S) if (s <= h) edges.push([h, h - s]);
    const gv = generalizedValues(graphFromEdges(201, edges));
    const g = new Uint8Array(201);
    subtractionKernel(S).run(g, 0, 201, 0);
    expect(gv.acyclic).toBe(true);
    expect(Array.from(gv.values)).toEqual(Array.from(g));
  });
});

describe('sums of tokens', () => {
  it('sumValues follows the outcome of the product graph on 400 random pairs', () => {
    const rand = seededRandom(4242);
    const seen = { P: 0, N: 0, D: 0 };
    for (let t = 0; t < 400; t++) {
      const a = randomAdj(rand, 6, 1 + (t % 3));
      const b = randomAdj(rand, 6, 1 + ((t >> 1) % 3));
      const ga = generalizedValues(toGraph(a));
      const gb = generalizedValues(toGraph(b));
      const want = retrogradeOutcomes(productGraph(a, b));
      for (let x = 0; x < a.length; x++) {
        for (let y = 0; y < b.length; y++) {
          const o = outcomeOf(sumValues([vertexValue(ga, x), vertexValue(gb, y)]));
          expect(o).toBe(want[x * b.length + y]);
          seen[o]++;
        }
      }
    }
    expect(Math.min(seen.P, seen.N, seen.D)).toBeGreaterThan(50);
  });

  it('sumValues: the rules', () => {
    const inf = (...k: number[]): GValue => ({ infinite: k });
    expect(sumValues([3, 5, 6])).toBe(0);
    expect(sumValues([2, inf(0, 3)])).toEqual(inf(1, 2));
    expect(sumValues([inf(0), 1, inf(1)])).toEqual(inf());
    expect(sumValues([])).toBe(0);
  });

  it('bestMoves: winning moves reach P, drawing moves keep D, checked by retrograde analysis', () => {
    const rand = seededRandom(99);
    let winning = 0;
    let drawing = 0;
    for (let t = 0; t < 200; t++) {
      const adj = randomAdj(rand, 7, 3);
      const g = toGraph(adj);
      const gv = generalizedValues(g);
      const prod = productGraph(adj, adj);
      const want = retrogradeOutcomes(prod);
      const n = adj.length;
      for (let x = 0; x < n; x++) {
        for (let y = 0; y < n; y++) {
          const advice = bestMoves(g, gv, [x, y]);
          expect(advice.outcome).toBe(want[x * n + y]);
          // Exactly the moves to positions with the wanted outcome, by retrograde analysis.
          const target = advice.outcome === 'N' ? 'P' : advice.outcome === 'D' ? 'D' : null;
          const expected =
            target === null
              ? []
              : [
                  ...adj[x]!.filter((x2) => want[x2 * n + y] === target).map((to) => ({ component: 0, to })),
                  ...adj[y]!.filter((y2) => want[x * n + y2] === target).map((to) => ({ component: 1, to })),
                ];
          expect(advice.moves).toEqual(expected);
          if (target !== null) expect(advice.moves.length).toBeGreaterThan(0);
          if (target === 'P') winning++;
          if (target === 'D') drawing++;
        }
      }
    }
    expect(Math.min(winning, drawing)).toBeGreaterThan(100);
  });
});
