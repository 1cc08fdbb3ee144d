import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mooreIsP } from '../../../src/games/moore.js';
import { closedFormOf, parseRules } from '../../../src/games/registry.js';
import { staircaseValue } from '../../../src/games/staircase.js';
import { hackenbushValue, type Sticks } from '../../../src/graph/hackenbush.js';
import { seededRandom } from '../../../src/testing/random.js';
import { runCli, tempDir } from '../../helpers/cli.js';
import { type NaiveCoinRules, rowValues } from '../../helpers/naive-coins.js';
import { randInt } from '../../helpers/naive-games.js';
import { naiveHackenbush, naiveMoore, naiveStaircase, randomSticks } from '../../helpers/naive-theorem.js';

/**
 * The contest code of the theorem games (Staircase Nim, Moore's Nim_k, Green Hackenbush) and of the
 * coin-turning closed forms, compiled with g++ and run with python3 on seeded random inputs in the
 * format each generated main documents, against the library and the explicit-search twins.
 */
const { dir, cleanup } = tempDir();
afterAll(cleanup);
const db = join(dir, 'e.db');
writeFileSync(join(dir, 'tree.txt'), '1 2\n2 3\n');

const programs = new Map<string, Promise<string[]>>();

/** `grundy export SPEC --format cpp|py --main`, then a command that runs it (g++ compiles the C++); once each. */
function program(spec: string, format: 'cpp' | 'py', name: string): Promise<string[]> {
  let p = programs.get(name);
  if (!p) programs.set(name, (p = build(spec, format, name)));
  return p;
}

async function build(spec: string, format: 'cpp' | 'py', name: string): Promise<string[]> {
  const src = join(dir, `${name}.${format}`);
  const e = await runCli(['export', spec, '--format', format, '--main', '--out', src, '--db', db], { cwd: dir });
  expect(e.code, e.stderr).toBe(0);
  if (format === 'py') return ['python3', src];
  const exe = join(dir, name);
  execFileSync('g++', ['-O1', '-std=c++11', '-o', exe, src]);
  return [exe];
}

function run(cmd: readonly string[], input: string): string[] {
  return execFileSync(cmd[0]!, cmd.slice(1), { input, maxBuffer: 1 << 26 })
    .toString()
    .trim()
    .split('\n');
}

const u64 = (r: () => number): bigint =>
  (BigInt(randInt(r, 0, 2 ** 32 - 1)) << 32n) | BigInt(randInt(r, 0, 2 ** 32 - 1));
const MAX64 = 2n ** 64n - 1n;

describe("grundy export of Staircase Nim and Moore's Nim_k: one position a line, heaps separated by spaces", () => {
  const r = seededRandom(1704);
  // Small staircases the twin can search, then long ones with 64-bit (C++) or larger (Python) coins.
  const small = Array.from({ length: 200 }, () =>
    Array.from({ length: randInt(r, 1, 4) }, () => BigInt(randInt(r, 0, 4))),
  );
  const wide = Array.from({ length: 100 }, () => Array.from({ length: randInt(r, 1, 9) }, () => u64(r)));
  const text = (rows: readonly (readonly bigint[])[]): string => `${rows.map((s) => s.join(' ')).join('\n')}\n`;

  it('staircase: C++ and Python print the nim-sum of the odd steps, as the twin and the library', async () => {
    const twin = naiveStaircase();
    for (const s of small) expect(staircaseValue(s), s.join(' ')).toBe(BigInt(twin(s.map(Number))));
    const huge = wide.map((s) => s.map((c) => c * 2n ** 40n + 7n));
    for (const format of ['cpp', 'py'] as const) {
      const cmd = await program('staircase', format, `staircase-${format}`);
      const rows = [...small, ...wide, [MAX64, 5n, MAX64], ...(format === 'py' ? huge : [])];
      // Blank lines and spacing around the numbers are skipped, as the main says.
      const input = `\n${text(rows).replace(/ /g, '  ')}\n`;
      expect(run(cmd, input).map(BigInt), format).toEqual(rows.map(staircaseValue));
    }
  });

  it('moore:K (K = 2, 3): C++ and Python print P or N as the twin and the library', async () => {
    for (const k of [2, 3]) {
      const twin = naiveMoore(k);
      const heaps = Array.from({ length: 200 }, () =>
        Array.from({ length: randInt(r, 1, 4) }, () => BigInt(randInt(r, 0, 5))),
      );
      // Long positions made P by repeating heaps k + 1 times, then perturbed half of the time.
      const big = Array.from({ length: 100 }, (_, i) => {
        const base = Array.from({ length: randInt(r, 1, 3) }, () => u64(r));
        const hs = base.flatMap((h) => Array<bigint>(k + 1).fill(h));
        if (i % 2) hs[randInt(r, 0, hs.length - 1)]! ^= 1n << BigInt(randInt(r, 0, 63));
        return hs;
      });
      const want = [...heaps, ...big].map((h) => (mooreIsP(h, k) ? 'P' : 'N'));
      for (const [i, h] of heaps.entries()) expect(want[i], `k=${k} ${h}`).toBe(twin(h.map(Number)) ? 'P' : 'N');
      expect(want.filter((w) => w === 'P').length).toBeGreaterThan(60);
      for (const format of ['cpp', 'py'] as const) {
        const cmd = await program(`moore:${k}`, format, `moore${k}-${format}`);
        expect(run(cmd, text([...heaps, ...big])), `moore:${k} ${format}`).toEqual(want);
      }
    }
  });
});

/** A graph as the Hackenbush main reads it: "N M", then M lines "u v" (vertices from 1; vertex 1 the ground). */
function graphInput(s: Sticks): string {
  const edges = [...s.from.keys()].map((e) => `${s.from[e]! + 1} ${s.to[e]! + 1}`);
  return `${s.n} ${edges.length}\n${edges.join('\n')}\n`;
}

describe('grundy export of a theorem game refuses a table length', () => {
  it('--to: exit 2, one line, nothing written', async () => {
    const r = await runCli(['export', 'staircase', '--format', 'py', '--to', '5']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('grundy: staircase exports its theorem, valid at every size: drop --to\n');
  });
});

describe('grundy export hackenbush:FILE: one graph, vertex 1 the ground', () => {
  const r = seededRandom(17);
  // Small multigraphs (loops and repeated edges) the twin can search, then larger ones with cycles.
  const small = Array.from({ length: 200 }, () => randomSticks(r).sticks);
  const large = Array.from({ length: 100 }, () => randomSticks(r, 40, 80).sticks);
  const fixture = JSON.parse(readFileSync(new URL('../../fixtures/agc017d-samples.json', import.meta.url), 'utf8')) as {
    samples: { n: number; edges: [number, number][]; winner: string }[];
  };

  it('the C++ main on 300 graphs and the AGC017 D samples: the library and the twin', async () => {
    for (const s of small)
      expect(hackenbushValue(s, [0]), graphInput(s)).toBe(naiveHackenbush(s, [0])((1 << s.from.length) - 1));
    const cmd = await program('hackenbush:tree.txt', 'cpp', 'hackenbush-cpp');
    for (const s of [...small, ...large]) {
      expect(run(cmd, graphInput(s)), graphInput(s)).toEqual([String(hackenbushValue(s, [0]))]);
    }
    for (const sample of fixture.samples) {
      const v = run(cmd, `${sample.n} ${sample.edges.length}\n${sample.edges.map((e) => e.join(' ')).join('\n')}\n`);
      expect(v[0] !== '0' ? 'Alice' : 'Bob').toBe(sample.winner);
    }
  });

  it('the Python main on 12 graphs, its hackenbush(n, edges) on all 300', async () => {
    const cmd = await program('hackenbush:tree.txt', 'py', 'hackenbush_py');
    for (const s of [...small.slice(0, 6), ...large.slice(0, 6)]) {
      expect(run(cmd, graphInput(s)), graphInput(s)).toEqual([String(hackenbushValue(s, [0]))]);
    }
    const graphs = [...small, ...large].map((s) => [s.n, [...s.from.keys()].map((e) => [s.from[e], s.to[e]])]);
    const driver =
      'import json, sys\nfrom hackenbush_py import hackenbush\n' +
      'for n, edges in json.load(sys.stdin):\n    print(hackenbush(n, [tuple(e) for e in edges]))\n';
    const out = execFileSync('python3', ['-c', driver], { cwd: dir, input: JSON.stringify(graphs) });
    expect(out.toString().trim().split('\n')).toEqual([...small, ...large].map((s) => String(hackenbushValue(s, [0]))));
  });
});

describe('grundy export of the coin-turning closed forms: one n a line', () => {
  const GAMES: readonly { spec: string; naive: NaiveCoinRules }[] = [
    { spec: 'ruler', naive: { allows: () => true, consecutive: true } },
    { spec: 'mock-turtles', naive: { allows: (c) => c >= 1 && c <= 3, consecutive: false } },
    { spec: 'twins', naive: { allows: (c) => c === 2, consecutive: false } },
    { spec: 'turtles', naive: { allows: (c) => c === 1 || c === 2, consecutive: false } },
  ];
  const L = 10;
  const r = seededRandom(14);
  const ns = [
    ...Array.from({ length: 100 }, (_, n) => BigInt(n)),
    ...Array.from({ length: 200 }, () => u64(r) >> BigInt(randInt(r, 1, 63))),
    2n ** 63n,
    2n ** 63n - 1n,
  ];

  it('C++ and Python match the explicit search on coins 1..10 and the closed form at any 64-bit n', async () => {
    for (const { spec, naive } of GAMES) {
      const form = closedFormOf(parseRules(spec))!;
      const twin = rowValues(naive, L);
      for (let n = 1; n <= L; n++) expect(form.value(BigInt(n)), `${spec} coin ${n}`).toBe(BigInt(twin[1 << (n - 1)]!));
      for (const format of ['cpp', 'py'] as const) {
        const cmd = await program(spec, format, `${spec}-${format}`);
        const out = run(cmd, `${ns.join('\n')}\n`);
        expect(out.map(BigInt), `${spec} ${format}`).toEqual(ns.map((n) => form.value(n)));
      }
    }
  });

  it('beyond 64 bits: Python exact; C++ refuses the n whose value needs more than 64 bits', async () => {
    const top = [MAX64, 2n ** 63n + 1n, 2n ** 64n + 5n];
    for (const { spec } of GAMES) {
      const form = closedFormOf(parseRules(spec))!;
      const py = await program(spec, 'py', `${spec}-py`);
      expect(run(py, `${top.join('\n')}\n`).map(BigInt), spec).toEqual(top.map((n) => form.value(n)));
      const cpp = await program(spec, 'cpp', `${spec}-cpp`);
      const res = spawnSync(cpp[0]!, { input: `${MAX64}\n${2n ** 63n + 1n}\n` });
      if (form.value(MAX64) <= MAX64) {
        expect(res.status, spec).toBe(0);
        expect(res.stdout.toString().trim().split('\n').map(BigInt)).toEqual([
          form.value(MAX64),
          form.value(2n ** 63n + 1n),
        ]);
      } else {
        // Mock Turtles: g(n) = 2(n - 1) or 2(n - 1) + 1 passes 2^64 - 1 from n = 2^63 + 1.
        expect(res.status, spec).toBe(1);
        expect(res.stderr.toString()).toMatch(/^line 1: g\(18446744073709551615\): .*64 bits/);
      }
    }
  });
});
