import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { randInt, rng } from '../helpers/naive-games.js';

const { dir, cleanup } = tempDir();
const db = join(dir, 'g.db');

async function query(game: string, ns: readonly (number | string | bigint)[]): Promise<bigint[]> {
  const r = await runCli(['query', game, ...ns.map(String), '--json', '--db', db]);
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { values: { value: number | string }[] }).values.map((v) => BigInt(v.value));
}

beforeAll(async () => {
  for (const args of [['compute', 'kayles', '--until-proven'], ['compute', 'grundy', '--to', '500'], ['compute', 'nim', '--to', '100']]) {
    const r = await runCli([...args, '--db', db, '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
  }
});
afterAll(cleanup);

describe('grundy count', () => {
  it('agrees with a brute-force count over values from grundy query', async () => {
    const N = 30;
    const k = await query('kayles', [`0..${N}`]);
    const g = await query('grundy', [`0..${N}`]);
    let p3 = 0n;
    let mixed = 0n;
    for (let a = 0; a <= N; a++)
      for (let b = 0; b <= N; b++) {
        for (let c = 0; c <= N; c++) if ((k[a]! ^ k[b]! ^ k[c]!) === 0n) p3++;
        if ((k[a]! ^ g[b]!) === 2n) mixed++;
      }
    const r = await runCli(['count', 'kayles', '--heaps', '3', '--max', String(N), '--json', '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).count).toBe(p3.toString());
    const m = await runCli(['count', '--games', 'kayles,grundy', '--max', String(N), '--value', '2', '--json', '--db', db]);
    expect(m.code, m.stderr).toBe(0);
    expect(JSON.parse(m.stdout).count).toBe(mixed.toString());
  });

  it('counts N = 10^18 by the proven period, exactly and modulo P', async () => {
    const exact = await runCli(['count', 'kayles', '--heaps', '2', '--max', '1e18', '--json', '--db', db]);
    expect(exact.code, exact.stderr).toBe(0);
    const ej = JSON.parse(exact.stdout);
    expect(ej.games[0].histogram).toBe('certificate');
    const mod = await runCli(['count', 'kayles', '--heaps', '2', '--max', '1e18', '--mod', '1000000007', '--json', '--db', db]);
    expect(JSON.parse(mod.stdout).count).toBe((BigInt(ej.count) % 1000000007n).toString());
    const none = await runCli(['count', 'grundy', '--heaps', '2', '--max', '1e18', '--db', db]);
    expect(none.code).toBe(3);
    const bad = await runCli(['count', 'kayles', '--heaps', '3', '--db', db]);
    expect(bad.code).toBe(2);
  });
});

describe('grundy table nim', () => {
  it('builds the table by the mex rule and it equals XOR', async () => {
    const r = await runCli(['table', 'nim', '--size', '16', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const t = JSON.parse(r.stdout) as { values: number[][]; equalsXor: boolean };
    expect(t.values).toHaveLength(16);
    t.values.forEach((row, x) => row.forEach((v, y) => expect(v).toBe(x ^ y)));
    expect(t.equalsXor).toBe(true);
    const text = await runCli(['table', 'nim', '--size', '4']);
    expect(text.stdout).toContain('3 | 3 2 1 0');
  });
});

describe('grundy export --format cpp|py', () => {
  const r = rng(2024);
  const small = Array.from({ length: 40 }, () => BigInt(randInt(r, 0, 499)));
  const huge = Array.from({ length: 40 }, () => (BigInt(randInt(r, 0, 2 ** 30)) << 33n) + BigInt(randInt(r, 0, 2 ** 30)));

  it('C++ compiles with g++ and matches the store for every 64-bit n (Kayles) and the stored prefix (Grundy)', async () => {
    for (const [game, ns] of [
      ['kayles', [...small, ...huge, 18446744073709551615n]],
      ['grundy', small],
    ] as const) {
      const src = join(dir, `${game}.cpp`);
      const exe = join(dir, game);
      const e = await runCli(['export', game, '--format', 'cpp', '--main', '--out', src, '--db', db]);
      expect(e.code, e.stderr).toBe(0);
      execFileSync('g++', ['-O1', '-std=c++11', '-o', exe, src]);
      const out = execFileSync(exe, { input: `${ns.join('\n')}\n` }).toString().trim().split('\n').map(BigInt);
      expect(out).toEqual(await query(game, ns));
    }
    // Beyond the stored prefix with no period: an error naming the line, exit 1.
    const beyond = spawnSync(join(dir, 'grundy'), { input: '3\n500\n' });
    expect(beyond.status).toBe(1);
    expect(beyond.stderr.toString()).toMatch(/line 2: g\(500\)/);
  });

  it('Python runs with python3 and matches the store', async () => {
    for (const [game, ns] of [
      ['kayles', [...small, ...huge, 10n ** 30n]],
      ['grundy', small],
      ['nim', [0n, 5n, 99n, 10n ** 40n]],
    ] as const) {
      const src = join(dir, `${game}.py`);
      const e = await runCli(['export', game, '--format', 'py', '--main', '--out', src, '--db', db]);
      expect(e.code, e.stderr).toBe(0);
      const out = execFileSync('python3', [src], { input: `${ns.join('\n')}\n` }).toString().trim().split('\n').map(BigInt);
      expect(out).toEqual(await query(game, ns));
    }
    // Without --main the file defines grundy(n) only: import it.
    const lib = await runCli(['export', 'kayles', '--format', 'py', '--db', db]);
    writeFileSync(join(dir, 'kayles_lib.py'), lib.stdout);
    const v = execFileSync('python3', ['-c', 'import kayles_lib; print(kayles_lib.grundy(10**30))'], { cwd: dir }).toString().trim();
    expect(BigInt(v)).toEqual((await query('kayles', [10n ** 30n]))[0]);
  });

  it('--main only with cpp or py; csv still works', async () => {
    expect((await runCli(['export', 'kayles', '--format', 'csv', '--main', '--db', db])).code).toBe(2);
    const csv = await runCli(['export', 'kayles', '--format', 'csv', '--to', '3', '--db', db]);
    expect(csv.stdout).toBe('n,value\n0,0\n1,1\n2,2\n');
  });
});
