import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerVertex, compute, NotComputedError, openStore, outcomeCounts, UsageError } from '../../src/index.js';
import { tempDir } from '../helpers/cli.js';

/*
 * src/api/graph.ts through the store view, on a graph valued by hand: c is terminal (0); b's one
 * option is c, so b = mex{0} = 1; a's one option is b: a = mex{1} = 0; d -> {a, c}, both 0: d = 1;
 * e moves only to itself: infinity with K = {} (a draw); f -> {f, c}: infinity({0}), a win.
 */
const GRAPH = 'a b\nb c\nc\nd a\nd c\ne e\nf f\nf c\n';
const { dir, cleanup } = tempDir('grundy-api-graph-');
const db = join(dir, 'graph.db');
const spec = `graph:${join(dir, 'hand.txt')}`;

beforeAll(async () => {
  writeFileSync(join(dir, 'hand.txt'), GRAPH);
  await compute(spec, { db, workers: 1 });
});
afterAll(cleanup);

describe('game graphs in the library', () => {
  it('answers vertices by name with the values and outcomes found by hand', () => {
    const store = openStore(db);
    try {
      expect(store.kind(spec)).toBe('graph');
      expect(store.vertices(spec, ['a', 'b', 'c', 'd', 'e', 'f'])).toEqual([
        { kind: 'graph', vertex: 'a', value: 0, outcome: 'P' },
        { kind: 'graph', vertex: 'b', value: 1, outcome: 'N' },
        { kind: 'graph', vertex: 'c', value: 0, outcome: 'P' },
        { kind: 'graph', vertex: 'd', value: 1, outcome: 'N' },
        { kind: 'graph', vertex: 'e', value: { infinite: [] }, outcome: 'D' },
        { kind: 'graph', vertex: 'f', value: { infinite: [0] }, outcome: 'N' },
      ]);
    } finally {
      store.close();
    }
  });

  it('gives the stored table: the file order, its source, the outcome counts', () => {
    const store = openStore(db);
    try {
      const t = store.graph(spec);
      expect(t.key).toMatch(/^graph:.*hand\.txt#[0-9a-f]{16}$/);
      expect(t.source).toMatchObject({ vertices: 6, edges: 7 });
      expect(t.infinite).toBe(2);
      expect(Array.from({ length: 6 }, (_, v) => answerVertex(t, v).vertex)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
      expect(outcomeCounts(t)).toEqual({ P: 2, N: 3, D: 1 });
      const listed = store.tables().find((g) => g.key === t.key);
      expect(listed).toMatchObject({ kind: 'graph', graph: { vertices: 6, edges: 7, infinite: 2, acyclic: false } });
    } finally {
      store.close();
    }
  });

  it('fails as the CLI does: an unknown vertex (exit 2), a graph not stored (exit 3)', () => {
    const store = openStore(db);
    try {
      expect(() => store.vertices(spec, ['zz'])).toThrow(UsageError);
      expect(() => store.vertices(spec, ['zz'])).toThrow(/zz/);
      expect(() => store.graph('kayles')).toThrow(NotComputedError);
    } finally {
      store.close();
    }
  });
});
