import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { SPARSE_SEQ } from '../helpers/sparse-kernels.js';

let dir: string;
let cleanup: () => void;
let db: string;
beforeAll(() => {
  ({ dir, cleanup } = tempDir());
  db = join(dir, 'grundy.db');
});
afterAll(() => cleanup());

const grundy = (...args: string[]) => runCli([...args, '--db', db]);
const json = <T>(text: string): T => JSON.parse(text) as T;

/** A failure is one line on stderr, without a stack trace. */
function expectOneLineError(stderr: string, pattern: RegExp): void {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^grundy: /);
  expect(lines[0]).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('grundy compute', () => {
  it('proves Kayles and reports the summary as JSON', async () => {
    const r = await grundy('compute', 'octal:0.77', '--until-proven', '--json', '--workers', '2');
    expect(r.code).toBe(0);
    const s = json<Record<string, unknown>>(r.stdout);
    expect(s).toMatchObject({
      game: 'octal:0.77',
      maxValue: 8,
      // Truthful: sparse space runs each chunk on one of the two threads.
      workers: 1,
      kernel: SPARSE_SEQ, // two-heap splits run by sparse space (issue 3)
      periodicity: { preperiod: 71, period: 12, saltus: 0, proven: true },
    });
    expect(s.computed).toBeGreaterThanOrEqual(168);
    expect(typeof s.elapsedMs).toBe('number');
    expect(typeof s.statesPerSecond).toBe('number');
  });

  it("proves Dawson's Kayles and sub 2,5,7, and prints a readable summary", async () => {
    const r = await grundy('compute', '.07', '--until-proven');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('octal:0.07');
    expect(r.stdout).toMatch(/preperiod 53, period 34: proven/);
    const s = await grundy('compute', 'sub:7,2,5', '--until-proven', '--json');
    expect(json<{ game: string; periodicity: { period: number } }>(s.stdout)).toMatchObject({
      game: 'sub:2,5,7',
      periodicity: { period: 22, proven: true },
    });
  });

  it("stores a table with --to (2^12) and reports no period for Grundy's game", async () => {
    const r = await grundy('compute', 'grundy', '--to', '2^12', '--json');
    expect(r.code).toBe(0);
    expect(json<{ computed: number; periodicity: null }>(r.stdout)).toMatchObject({
      computed: 4096,
      periodicity: null,
    });
    const text = await grundy('compute', 'grundy', '--to', '4096');
    expect(text.stdout).toContain('no period found up to 4,096');
  });

  it('computes a custom rules module and refuses a loopy one, naming the position', async () => {
    const ok = await grundy('compute', `module:${resolve('test/fixtures/rules-halves.js')}`, '--to', '500', '--json');
    expect(ok.code).toBe(0);
    expect(json<{ game: string }>(ok.stdout).game).toMatch(/^module:rules-halves\.js#/);
    const bad = await grundy('compute', `module:${resolve('test/fixtures/rules-loopy.js')}`, '--to', '100');
    expect(bad.code).toBe(5);
    expectOneLineError(bad.stderr, /options\(6\) yielded heap 7 >= 6/);
    const show = await grundy('show', `module:${resolve('test/fixtures/rules-loopy.js')}`, '--json');
    // Everything before the bad position stays stored.
    expect(json<{ computed: number }>(show.stdout).computed).toBe(6);
  });

  it('an edited custom module is a new table', async () => {
    const path = join(dir, 'mine.js');
    writeFileSync(path, 'export function options(n) { return n >= 1 ? [[n - 1]] : []; }\n');
    const a = json<{ game: string }>((await grundy('compute', `module:${path}`, '--to', '50', '--json')).stdout).game;
    writeFileSync(path, 'export function options(n) { return n >= 2 ? [[n - 2]] : []; }\n');
    const b = json<{ game: string }>((await grundy('compute', `module:${path}`, '--to', '50', '--json')).stdout).game;
    expect(a).not.toBe(b);
  });
});

describe('grundy query', () => {
  it('answers from the table, from the proven certificate beyond 2^53, and runs of values', async () => {
    const r = await grundy('query', 'kayles', '0..11', '70', '1e30', '--json');
    expect(r.code).toBe(0);
    const out = json<{ game: string; values: { n: number | string; value: number; source: string }[] }>(r.stdout);
    expect(out.game).toBe('octal:0.77');
    expect(out.values.slice(0, 12).map((v) => v.value)).toEqual([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    expect(out.values[12]).toEqual({ n: 70, value: 6, source: 'table' });
    // 10^30 = 71 + 12q + r with r = (10^30 - 71) mod 12 = 5: g(76) = 1.
    expect(out.values[13]).toEqual({ n: '1000000000000000000000000000000', value: 1, source: 'certificate' });
    expect((await grundy('compute', 'sub:1,3,4', '--until-proven')).code).toBe(0);
    const text = await grundy('query', 'sub:1,3,4', '0..6', '2^100');
    expect(text.stdout).toContain('g(0..6) = 0 1 0 1 2 3 2');
    expect(text.stdout).toMatch(/g\(1267650600228229401496703205376\) = \d/);
  });

  it('exits 3 with the command to run when a value is not stored', async () => {
    const r = await grundy('query', 'grundy', '1e6');
    expect(r.code).toBe(3);
    expectOneLineError(r.stderr, /not stored.*run: grundy compute grundy --to 1000001/);
    const none = await grundy('query', 'sub:3,5', '10');
    expect(none.code).toBe(3);
    expectOneLineError(none.stderr, /no stored values; run: grundy compute sub:3,5/);
  });
});

describe('grundy show, list and export', () => {
  it('show and list, as text and JSON', async () => {
    const show = await grundy('show', '0.77', '--json');
    expect(json<Record<string, unknown>>(show.stdout)).toMatchObject({ game: 'octal:0.77', maxValue: 8, width: 8 });
    const list = json<{ tables: { game: string; periodicity: unknown }[] }>((await grundy('list', '--json')).stdout);
    expect(list.tables.map((t) => t.game)).toEqual(
      expect.arrayContaining(['octal:0.77', 'octal:0.07', 'sub:2,5,7', 'grundy']),
    );
    const text = await grundy('list');
    expect(text.stdout).toMatch(/octal:0\.77\s+\d+\s+8\s+71\+12 proven/);
  });

  it('exports csv, json and an OEIS b-file, past the table through the certificate', async () => {
    const csv = await grundy('export', 'kayles', '--format', 'csv', '--to', '5');
    expect(csv.stdout).toBe('n,value\n0,0\n1,1\n2,2\n3,3\n4,1\n');
    const js = json<{ values: number[] }>(
      (await grundy('export', 'kayles', '--format', 'json', '--to', '1000')).stdout,
    );
    expect(js.values).toHaveLength(1000);
    expect(js.values[999]).toBe(js.values[999 - 12 * 50]);
    const out = join(dir, 'b.txt');
    const b = await grundy('export', 'kayles', '--format', 'bfile', '--to', '100', '--out', out);
    expect(b.code).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(100);
    expect(lines[27]).toBe('27 8');
    const refused = await grundy('export', 'grundy', '--to', '1e6');
    expect(refused.code).toBe(3);
  });
});

describe('bad input', () => {
  it.concurrent.each([
    [['compute', 'octal:0.g7'], 2, /'g' is not a take-and-break digit \(0-9, a-f\)/],
    [['compute', 'sub:1,0'], 2, /0 in 'sub:1,0'/],
    [['compute', 'kayles', '--to', 'lots'], 2, /--to 'lots' is not a non-negative integer/],
    [['compute', 'kayles', '--to', '1e12'], 2, /at most/],
    [['compute', 'kayles', '--workers', '0'], 2, /--workers 0 is too small/],
    [['query', 'kayles', 'ten'], 2, /n 'ten' is not a non-negative integer/],
    [['export', 'kayles', '--format', 'xml'], 2, /--format 'xml' is not one of csv, json, bfile/],
    [['frobnicate'], 2, /unknown command 'frobnicate'; the commands are compute, query/],
    [['compte', 'kayles'], 2, /unknown command 'compte'; did you mean 'compute'\?/],
    [['compute', 'kayles', '--bogus'], 2, /Unknown argument/i],
  ] as const)('%j', async (args, code, pattern) => {
    // Each case fails before touching the store, so they run side by side.
    const r = await grundy(...args);
    expect(r.code).toBe(code);
    expectOneLineError(r.stderr, pattern);
    expect(r.stdout).toBe('');
  });

  it('a stack trace only with --verbose', async () => {
    const r = await grundy('compute', 'octal:0.g7', '--verbose');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\n\s+at /);
  });

  it('a file that is not a store: exit 4, unchanged', async () => {
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'hello\n'.repeat(100));
    const r = await runCli(['compute', 'kayles', '--db', path]);
    expect(r.code).toBe(4);
    expectOneLineError(r.stderr, /not a grundy-engine store/);
    expect(readFileSync(path, 'utf8')).toBe('hello\n'.repeat(100));
  });

  it('--help explains every command with examples', async () => {
    const top = await runCli(['--help']);
    expect(top.code).toBe(0);
    for (const cmd of ['compute', 'query', 'show', 'list', 'export']) expect(top.stdout).toContain(cmd);
    const sub = await runCli(['compute', '--help']);
    expect(sub.stdout).toContain('--until-proven');
    expect(sub.stdout).toContain('Examples:');
  });
});
