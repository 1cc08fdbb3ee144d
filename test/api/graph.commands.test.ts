import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/testing/random.js';
import { labelByDefinition, randomAdj, retrogradeOutcomes } from '../helpers/naive-graph.js';
import { quoteSpec } from '../../src/errors.js';
import { runCli, tempDir } from '../helpers/cli.js';

/*
 * A loopy game, values derived by hand from the staged labelling (docs/graphs.md):
 * c is terminal (0); a's one option b has an option labelled 0 (c), so a = 0; b, d have options
 * of value 0 only: 1. e only moves to itself: inf{} (a draw). f -> {f, c}: inf{0} (win: go to c).
 * g -> {c, b, g}: inf{0,1}.
 */
const LOOPY = `# a loopy game
a b
b a
b c
c
d a
d c
e e
f f
f c
g c
g b
g g
`;
const LOOPY_CSV = 'vertex,value,outcome\na,0,P\nb,1,N\nc,0,P\nd,1,N\ne,inf{},D\nf,inf{0},N\ng,"inf{0,1}",N\n';

let tmp: { dir: string; cleanup: () => void };
let db: string;
const file = (name: string, text: string): string => {
  const path = join(tmp.dir, name);
  writeFileSync(path, text);
  return path;
};
const cli = (...args: string[]) => runCli([...args, '--db', db], { cwd: tmp.dir });

beforeAll(() => {
  tmp = tempDir();
  db = join(tmp.dir, 'g.db');
  file('loopy.txt', LOOPY);
});
afterAll(() => tmp.cleanup());

describe('graph:FILE end to end', () => {
  it('computes, stores and answers queries by vertex name, with draws', async () => {
    const c = await cli('compute', 'graph:loopy.txt', '--json');
    expect(c.stderr).toBe('');
    expect(c.code).toBe(0);
    const summary = JSON.parse(c.stdout) as { game: string; computed: number; graph: object };
    expect(summary.game).toMatch(/^graph:loopy\.txt#[0-9a-f]{16}$/);
    expect(summary.graph).toMatchObject({
      vertices: 7,
      edges: 11,
      infinite: 3,
      acyclic: false,
      outcomes: { P: 2, N: 4, D: 1 },
    });
    const again = await cli('compute', 'graph:loopy.txt');
    expect(again.stdout).toMatch(/already computed/);

    const q = await cli('query', 'graph:loopy.txt', 'a', 'e', 'g');
    expect(q.code).toBe(0);
    expect(q.stdout).toBe('g(a) = 0  P\ng(e) = inf{}  D\ng(g) = inf{0,1}  N\n');
    const j = await cli('query', 'graph:loopy.txt', 'g', 'b', '--json');
    expect(JSON.parse(j.stdout)).toEqual({
      game: summary.game,
      values: [
        { vertex: 'g', value: 'inf{0,1}', infinite: true, K: [0, 1], outcome: 'N' },
        { vertex: 'b', value: 1, infinite: false, K: null, outcome: 'N' },
      ],
    });
  });

  it('shows, lists and exports the stored table in the file vertex order', async () => {
    const csv = await cli('export', 'graph:loopy.txt', '--format', 'csv');
    expect(csv.code).toBe(0);
    expect(csv.stdout).toBe(LOOPY_CSV);
    const show = await cli('show', 'graph:loopy.txt');
    expect(show.stdout).toMatch(/7 vertices, 11 edges, with cycles/);
    expect(show.stdout).toMatch(/2 P \(loss\), 4 N \(win\), 1 D \(draw\)/);
    expect(show.stdout).toMatch(/first 7: a=0 b=1 c=0 d=1 e=inf\{\} f=inf\{0\} g=inf\{0,1\}/);
    const list = await cli('list', '--json');
    const tables = (JSON.parse(list.stdout) as { tables: { game: string }[] }).tables;
    expect(tables.find((t) => t.game.startsWith('graph:loopy.txt#'))).toMatchObject({
      computed: 7,
      graph: { edges: 11, infinite: 3 },
    });
    const bfile = await cli('export', 'graph:loopy.txt', '--format', 'bfile');
    expect(bfile.code).toBe(2);
    expect(bfile.stderr).toMatch(/--format csv or json/);
  });

  it('keeps JSON vertex names as given, spaces included, and integers as their own names', async () => {
    file('named.json', '{"vertices": ["start", "a b", 7], "edges": [["start", "a b"], ["a b", 7], [7, "start"]]}\n');
    expect((await cli('compute', 'graph:named.json')).code).toBe(0);
    // A 3-cycle without exits: every vertex is inf{} (a draw).
    expect((await cli('query', 'graph:named.json', 'a b', '7')).stdout).toBe('g(a b) = inf{}  D\ng(7) = inf{}  D\n');
    const csv = await cli('export', 'graph:named.json');
    expect(csv.stdout).toBe('vertex,value,outcome\nstart,inf{},D\na b,inf{},D\n7,inf{},D\n');
    const e = await cli('eval', 'graph:named.json@a b + nim@1');
    expect(e.stdout).toMatch(/tokens a b {2}->/);
    expect(e.stdout).toMatch(/sum inf\{\}: D-position/);
  });

  it('keys the table by content: an edited file is a new table', async () => {
    const path = file('edited.txt', LOOPY);
    const first = JSON.parse((await cli('compute', 'graph:edited.txt', '--json')).stdout) as { game: string };
    writeFileSync(path, `${LOOPY}c a\n`);
    const second = JSON.parse((await cli('compute', 'graph:edited.txt', '--json')).stdout) as {
      game: string;
      stop: string;
    };
    expect(second.game).not.toBe(first.game);
    expect(second.stop).toBe('target');
    // c -> a now: no vertex is terminal, so every vertex is inf{} (a draw).
    expect((await cli('query', 'graph:edited.txt', 'c')).stdout).toBe('g(c) = inf{}  D\n');
  });

  it('evaluates sums of tokens and heaps by Smith rules, with winning and draw-keeping moves', async () => {
    const win = await cli('eval', 'graph:loopy.txt@b');
    expect(win.code).toBe(0);
    expect(win.stdout).toMatch(/sum 1: N-position/);
    expect(win.stdout).toMatch(/token b: move to a {2}\[sum after 0: P for the opponent\]/);

    const draw = await cli('eval', 'graph:loopy.txt@e + nim@3', '--moves', 'all', '--json');
    const d = JSON.parse(draw.stdout) as {
      sum: { value: string };
      outcome: string;
      moves: { move: string; outcomeAfter: string }[];
    };
    expect(d.outcome).toBe('D');
    expect(d.sum.value).toBe('inf{}');
    // Every move keeps the draw: e -> e, and any nim move (the rest stays infinite with an empty K).
    expect(d.moves.map((m) => m.move)).toEqual([
      'move to e',
      'remove 3 tokens (the whole heap)',
      'remove 2 tokens, leaving 1',
      'remove 1 token, leaving 2',
    ]);
    expect(d.moves.every((m) => m.outcomeAfter === 'D')).toBe(true);

    // inf{0,1} + nim@1 = inf{0,1}: a win, and the one move to a P-position is g -> b (1 xor 1 = 0).
    const mixed = await cli('eval', 'graph:loopy.txt@g + nim@1', '--moves', 'all', '--json');
    const m = JSON.parse(mixed.stdout) as {
      outcome: string;
      moves: { from: string; move: string; after: { value: number } }[];
    };
    expect(m.outcome).toBe('N');
    expect(m.moves.map((x) => `${x.from}: ${x.move}`)).toEqual(['g: move to b']);
    expect(m.moves[0]!.after.value).toBe(0);

    // Two tokens of value 0 and a loss: P, no moves listed.
    const loss = await cli('eval', 'graph:loopy.txt@a,c');
    expect(loss.stdout).toMatch(/sum 0: P-position/);
  });

  it('agrees with the set-based labelling and retrograde analysis on random loopy graphs, names as given', async () => {
    const rand = seededRandom(4242);
    for (let t = 0; t < 3; t++) {
      const adj = randomAdj(rand, 30, 3);
      // Names in a scrambled order of first appearance: v<k> for vertex k, declared first.
      const order = adj.map((_, v) => v).sort((x, y) => ((x * 7919 + t) % 31) - ((y * 7919 + t) % 31));
      const edges = adj.flatMap((opts, u) => opts.map((w) => `v${u} v${w}\n`));
      const text = order.map((v) => `v${v}\n`).join('') + edges.join('');
      file(`random${t}.txt`, text);
      const out = await cli('export', `graph:random${t}.txt`);
      expect(out.code).toBe(3); // not computed yet: exit 3 naming the command
      expect((await cli('compute', `graph:random${t}.txt`)).code).toBe(0);
      const rows = (await cli('export', `graph:random${t}.txt`)).stdout.trim().split('\n').slice(1);
      const labels = labelByDefinition(adj);
      const outcomes = retrogradeOutcomes(adj);
      expect(rows).toEqual(
        order.map((v) => {
          const l = labels[v]!;
          const value = l.value === null ? `inf{${l.k.join(',')}}` : String(l.value);
          return `v${v},${value.includes(',') ? `"${value}"` : value},${outcomes[v]}`;
        }),
      );
    }
  });

  it('refuses bad input with exit 2 and a one-line message', async () => {
    expect((await cli('compute', 'graph:loopy.txt')).code).toBe(0);
    const unknown = await cli('query', 'graph:loopy.txt', 'a', 'zz');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/^grundy: vertex 'zz' is not in the graph of graph:loopy\.txt#/);
    const evalUnknown = await cli('eval', 'graph:loopy.txt@a,q + nim@2');
    expect(evalUnknown.code).toBe(2);
    expect(evalUnknown.stderr).toMatch(/vertex 'q' is not in the graph/);

    file('bad.txt', 'a b\n# fine\nb c d\n');
    const bad = await cli('compute', 'graph:bad.txt');
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe("grundy: bad.txt line 3: expected 'u v' (two vertices), found 3 tokens");
    file('empty.txt', '');
    const empty = await cli('compute', 'graph:empty.txt');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/empty\.txt is empty/);
    const missing = await cli('compute', 'graph:nope.txt');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read graph file .*nope\.txt: ENOENT/);
    const device = await cli('compute', 'graph:/dev/null');
    expect(device.code).toBe(2);
    expect(device.stderr).toMatch(/cannot read graph file \/dev\/null: not a regular file/);
    for (const r of [bad, empty, missing, device]) expect(r.stderr.trim().split('\n')).toHaveLength(1);
    // Nothing stored for the failed files.
    const list = JSON.parse((await cli('list', '--json')).stdout) as { tables: { game: string }[] };
    expect(list.tables.some((t) => /bad|empty|nope/.test(t.game))).toBe(false);

    const count = await cli('count', 'graph:loopy.txt', '--max', '3');
    expect(count.code).toBe(2);
    expect(count.stderr).toMatch(/game graph \(a loopy game/);
    expect(
      count.stderr.endsWith(`; its values: grundy export graph:loopy.txt --format csv --db ${quoteSpec(db)}\n`),
    ).toBe(true);
    const to = await cli('compute', 'graph:loopy.txt', '--to', '10');
    expect(to.code).toBe(2);
  });

  it('gives a DAG the values of the same game as a heap family (sub:1,3,4 heaps 0..60)', async () => {
    const N = 60;
    // Vertices named by their heap sizes; edges listed from the top heap down (not 0..N order).
    const lines: string[] = [];
    for (let n = N; n >= 0; n--) {
      lines.push(`${n}`);
      for (const s of [1, 3, 4]) if (n - s >= 0) lines.push(`${n} ${n - s}`);
    }
    file('sub134.txt', `${lines.join('\n')}\n`);
    expect((await cli('compute', 'graph:sub134.txt')).code).toBe(0);
    expect((await cli('compute', 'sub:1,3,4', '--to', String(N + 1))).code).toBe(0);
    const graphRows = (await cli('export', 'graph:sub134.txt')).stdout.trim().split('\n').slice(1);
    const byVertex = new Map(graphRows.map((r) => [r.split(',')[0]!, r.split(',')[1]!]));
    const heap = (await cli('export', 'sub:1,3,4', '--format', 'csv')).stdout.trim().split('\n').slice(1);
    expect(heap).toHaveLength(N + 1);
    for (const row of heap) {
      const [n, v] = row.split(',');
      expect(byVertex.get(n!)).toBe(v);
    }
    // And through eval: the same outcome and winning move for a sum with a heap.
    const viaGraph = JSON.parse((await cli('eval', 'graph:sub134.txt@37 + nim@2', '--json')).stdout) as {
      sum: { value: number };
    };
    const viaHeap = JSON.parse((await cli('eval', 'sub:1,3,4@37 + nim@2', '--json')).stdout) as { nimSum: number };
    expect(viaGraph.sum.value).toBe(viaHeap.nimSum);
  });
});
