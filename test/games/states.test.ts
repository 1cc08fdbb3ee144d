import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';

/** The states: family (issue 17): a module of start/starts and moves(state), explored into a game graph. */
const { dir, cleanup } = tempDir();
afterAll(cleanup);
const db = join(dir, 's.db');
const cli = (args: string[]) => runCli([...args, '--db', db], { cwd: dir });
const write = (name: string, text: string): void => writeFileSync(join(dir, name), text);

/** rows of `export --format csv` as vertex -> "value,outcome" */
function csvMap(csv: string): Map<string, string> {
  const rows = csv.trim().split('\n').slice(1);
  return new Map(
    rows.map((row) => {
      const m = row.match(/^("(?:[^"]|"")*"|[^,]*),(.*)$/)!;
      const vertex = m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replace(/""/g, '"') : m[1]!;
      return [vertex, m[2]!];
    }),
  );
}

async function storedGames(): Promise<string> {
  const r = await cli(['list', '--json']);
  return r.stdout;
}

describe('states: modules', () => {
  it('subtraction {1,3,4} from a heap of 30 equals the heap family, on 1 or 2 workers', async () => {
    write(
      'sub.js',
      'export const start = 30;\nexport const moves = (n) => [1, 3, 4].filter((s) => s <= n).map((s) => n - s);\n',
    );
    const c = await cli(['compute', 'states:sub.js', '--workers', '2']);
    expect(c.code, c.stderr).toBe(0);
    const exp = await cli(['export', 'states:sub.js', '--format', 'csv']);
    expect(exp.code, exp.stderr).toBe(0);
    const byState = csvMap(exp.stdout);
    expect(byState.size).toBe(31);
    expect((await cli(['compute', 'sub:1,3,4', '--to', '31', '--workers', '1'])).code).toBe(0);
    const heap = await cli(['query', 'sub:1,3,4', ...Array.from({ length: 31 }, (_, n) => String(n)), '--json']);
    expect(heap.code, heap.stderr).toBe(0);
    const values = (JSON.parse(heap.stdout) as { values: { value: number }[] }).values.map((v) => v.value);
    for (let n = 0; n <= 30; n++) {
      const g = values[n]!;
      expect(byState.get(String(n)), `heap ${n}`).toBe(`${g},${g === 0 ? 'P' : 'N'}`);
    }
  });

  it('explores the same graph whatever the threads, beyond one task of states', async () => {
    // 6001 states, three tasks of 2048 or more: the merge order must not depend on the threads.
    write(
      'big.js',
      'export const start = [6000];\n' +
        'export const moves = ([n]) => [1, 2, 5].filter((s) => s <= n).map((s) => [n - s]);\n',
    );
    const exports: string[] = [];
    for (const workers of ['1', '2']) {
      const store = join(dir, `big${workers}.db`);
      const c = await runCli(['compute', 'states:big.js', '--workers', workers, '--db', store], { cwd: dir });
      expect(c.code, c.stderr).toBe(0);
      exports.push((await runCli(['export', 'states:big.js', '--format', 'csv', '--db', store], { cwd: dir })).stdout);
    }
    expect(exports[1]).toBe(exports[0]);
    // The values by the mex rule, independently of the engine.
    const g: number[] = [];
    for (let n = 0; n <= 6000; n++) {
      const seen = new Set([1, 2, 5].filter((s) => s <= n).map((s) => g[n - s]!));
      let v = 0;
      while (seen.has(v)) v++;
      g.push(v);
    }
    const byState = csvMap(exports[0]!);
    for (const n of [0, 1, 2, 3, 4, 5, 17, 2999, 6000])
      expect(byState.get(`[${n}]`)).toBe(`${g[n]},${g[n] === 0 ? 'P' : 'N'}`);
  });

  it('a loopy module equals the graph: file of the same graph', async () => {
    const edges: Record<string, string[]> = {
      a: ['b'],
      b: ['a', 'c'],
      c: [],
      d: ['a', 'c'],
      e: ['e'],
      f: ['f', 'c'],
      g: ['c', 'b', 'g'],
    };
    write(
      'loopy.js',
      `const E = ${JSON.stringify(edges)};\n` +
        "export const starts = ['g', 'd', 'e', 'f'];\nexport const moves = (s) => E[s];\n",
    );
    const lines = Object.entries(edges).flatMap(([u, vs]) => (vs.length === 0 ? [u] : vs.map((v) => `${u} ${v}`)));
    write('loopy.txt', `${lines.join('\n')}\n`);
    for (const spec of ['states:loopy.js', 'graph:loopy.txt']) expect((await cli(['compute', spec])).code).toBe(0);
    const states = csvMap((await cli(['export', 'states:loopy.js', '--format', 'csv'])).stdout);
    const graph = csvMap((await cli(['export', 'graph:loopy.txt', '--format', 'csv'])).stdout);
    expect(new Map([...states].map(([s, v]) => [JSON.parse(s) as string, v]))).toEqual(graph);
    expect(graph.get('e')).toBe('inf{},D');

    const q = await cli(['query', 'states:loopy.js', '"g"', '"e"', '--json']);
    expect(q.code, q.stderr).toBe(0);
    expect(JSON.parse(q.stdout).values).toEqual([
      { vertex: '"g"', value: 'inf{0,1}', infinite: true, K: [0, 1], outcome: 'N' },
      { vertex: '"e"', value: 'inf{}', infinite: true, K: [], outcome: 'D' },
    ]);
    const bad = await cli(['query', 'states:loopy.js', '"z"']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/state "z" is not reachable/);
    const show = await cli(['show', 'states:loopy.js']);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toMatch(/7 vertices/);
  });

  it('takes JSON states in queries and sums, in any key order and spacing', async () => {
    write(
      'pair.js',
      'export const starts = [[3, 4], { b: 1, a: [2] }];\n' +
        'export function moves(s) {\n' +
        '  if (Array.isArray(s)) return s[0] > 0 ? [[s[0] - 1, s[1]], [s[1], s[0] - 1]] : [];\n' +
        '  return [{ a: [0], b: 0 }, { a: [2], b: 1 }];\n}\n',
    );
    expect((await cli(['compute', 'states:pair.js'])).code).toBe(0);
    const q = await cli(['query', 'states:pair.js', '[3, 4]', '{"b":1,"a":[2]}', '--json']);
    expect(q.code, q.stderr).toBe(0);
    const values = JSON.parse(q.stdout).values as { vertex: string; outcome: string }[];
    expect(values.map((v) => v.vertex)).toEqual(['[3,4]', '{"a":[2],"b":1}']);
    expect(values[1]!.outcome).toBe('D');
    const e = await cli(['eval', 'states:pair.js@[3,4], { "a": [2], "b": 1 } + nim@1', '--json']);
    expect(e.code, e.stderr).toBe(0);
    const sum = JSON.parse(e.stdout) as { outcome: string; components: { tokens: string[] }[] };
    expect(sum.outcome).toBe('D');
    expect(sum.components[0]!.tokens).toEqual(['[3,4]', '{"a":[2],"b":1}']);
  });

  it('refuses a state space beyond --max-states with nothing stored', async () => {
    write('endless.js', 'export const start = 0;\nexport const moves = (n) => [n + 1];\n');
    const r = await cli(['compute', 'states:endless.js', '--max-states', '500']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/more than 500 states are reachable .*--max-states/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(await storedGames()).not.toMatch(/endless/);
    const heap = await cli(['compute', 'nim', '--max-states', '5']);
    expect(heap.code).toBe(2);
  });

  const FAULTS: [string, string, RegExp, number, string[]][] = [
    [
      'throws.js',
      'export const start = [5];\n' +
        'export const moves = (s) => { if (s[0] === 2) throw new Error("boom"); return [[s[0] - 1]]; };\n',
      /moves\(\[2\]\) threw: boom/,
      5,
      [],
    ],
    [
      'undefined.js',
      'export const start = "a";\nexport const moves = (s) => (s === "a" ? ["b"] : s === "b" ? [undefined] : []);\n',
      /moves\("b"\) gave undefined, not a JSON value/,
      5,
      [],
    ],
    [
      'nan.js',
      'export const start = 1;\nexport const moves = (s) => (s === 1 ? [{ x: NaN }] : []);\n',
      /moves\(1\) gave an object, not a JSON value/,
      5,
      [],
    ],
    [
      'number.js',
      'export const start = {"k": 1};\nexport const moves = () => 42;\n',
      /moves\(\{"k":1\}\) returned 42, not a list of states/,
      5,
      [],
    ],
    [
      'hangs.js',
      'export const start = 0;\nexport const moves = (s) => { if (s === 3) for (;;) {} return [s + 1]; };\n',
      /moves\(3\) ran longer than the --module-timeout of 300 ms/,
      5,
      ['--module-timeout', '300ms'],
    ],
    [
      'exits.js',
      'export const start = 4;\n' +
        'export const moves = (s) => { if (s === 2) process.exit(1); return s > 0 ? [s - 1] : []; };\n',
      /moves\(2\) killed its worker thread twice/,
      5,
      [],
    ],
    ['broken.js', 'export const start = ;\n', /states module .*broken\.js failed to load/, 2, []],
    ['nomoves.js', 'export const start = 1;\n', /must export a function moves\(state\)/, 2, []],
    [
      'both.js',
      'export const start = 1;\nexport const starts = [1];\nexport const moves = () => [];\n',
      /either start .* or starts/,
      2,
      [],
    ],
  ];
  for (const [file, source, message, code, extra] of FAULTS) {
    it(`names the state when the module fails: ${file}`, async () => {
      write(file, source);
      const r = await cli(['compute', `states:${file}`, '--workers', '2', ...extra]);
      expect(r.code, r.stderr).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(await storedGames()).not.toMatch(new RegExp(file.replace('.', '\\.')));
    });
  }
});
