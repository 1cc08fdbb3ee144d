import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';
import { randInt, rng } from '../../helpers/naive-games.js';

const { dir, cleanup } = tempDir();
const db = join(dir, 'g.db');

async function query(game: string, ns: readonly (number | string | bigint)[]): Promise<bigint[]> {
  const r = await runCli(['query', game, ...ns.map(String), '--json', '--db', db]);
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { values: { value: number | string }[] }).values.map((v) => BigInt(v.value));
}

beforeAll(async () => {
  for (const args of [
    ['compute', 'kayles', '--until-proven'],
    ['compute', 'grundy', '--to', '500'],
    ['compute', 'nim', '--to', '100'],
    ['compute', 'octal:4.3...', '--to', '100'],
  ]) {
    const r = await runCli([...args, '--db', db, '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
  }
});
afterAll(cleanup);

describe('grundy export --format cpp|py', () => {
  const r = rng(2024);
  const small = Array.from({ length: 40 }, () => BigInt(randInt(r, 0, 499)));
  const huge = Array.from(
    { length: 40 },
    () => (BigInt(randInt(r, 0, 2 ** 30)) << 33n) + BigInt(randInt(r, 0, 2 ** 30)),
  );

  it(
    'C++ compiles with g++ and matches the store for every 64-bit n (Kayles) and the stored prefix ' + '(Grundy)',
    async () => {
      for (const [game, ns] of [
        ['kayles', [...small, ...huge, 18446744073709551615n]],
        ['grundy', small],
      ] as const) {
        const src = join(dir, `${game}.cpp`);
        const exe = join(dir, game);
        const e = await runCli(['export', game, '--format', 'cpp', '--main', '--out', src, '--db', db]);
        expect(e.code, e.stderr).toBe(0);
        execFileSync('g++', ['-O0', '-std=c++11', '-o', exe, src]);
        const out = execFileSync(exe, { input: `${ns.join('\n')}\n` })
          .toString()
          .trim()
          .split('\n')
          .map(BigInt);
        expect(out).toEqual(await query(game, ns));
      }
      // Beyond the stored prefix with no period: an error naming the line, exit 1.
      const beyond = spawnSync(join(dir, 'grundy'), { input: '3\n500\n' });
      expect(beyond.status).toBe(1);
      expect(beyond.stderr.toString()).toMatch(/line 2: g\(500\)/);
    },
  );

  it('Python runs with python3 and matches the store', async () => {
    for (const [game, ns] of [
      ['kayles', [...small, ...huge, 10n ** 30n]],
      ['grundy', small],
      ['nim', [0n, 5n, 99n, 10n ** 40n]],
    ] as const) {
      const src = join(dir, `${game}.py`);
      const e = await runCli(['export', game, '--format', 'py', '--main', '--out', src, '--db', db]);
      expect(e.code, e.stderr).toBe(0);
      const out = execFileSync('python3', [src], { input: `${ns.join('\n')}\n` })
        .toString()
        .trim()
        .split('\n')
        .map(BigInt);
      expect(out).toEqual(await query(game, ns));
    }
    // Without --main the file defines grundy(n) only: import it.
    const lib = await runCli(['export', 'kayles', '--format', 'py', '--db', db]);
    writeFileSync(join(dir, 'kayles_lib.py'), lib.stdout);
    const v = execFileSync('python3', ['-c', 'import kayles_lib; print(kayles_lib.grundy(10**30))'], { cwd: dir })
      .toString()
      .trim();
    expect(BigInt(v)).toEqual((await query('kayles', [10n ** 30n]))[0]);
  });

  it('one subtraction interval exports its closed form, no table needed, exact for 64-bit n', async () => {
    const [L, R] = [3n, 10n ** 12n];
    const game = `sub:${L}..${R}`;
    const ns = [0n, 2n, 3n, ...huge, R + L - 1n, R + L, 18446744073709551615n];
    const want = ns.map((n) => (n % (L + R)) / L);
    expect(await query(game, ns)).toEqual(want);
    const cpp = join(dir, 'interval.cpp');
    const e = await runCli(['export', game, '--format', 'cpp', '--main', '--out', cpp, '--db', db]);
    expect(e.code, e.stderr).toBe(0);
    execFileSync('g++', ['-O0', '-std=c++11', '-o', join(dir, 'interval'), cpp]);
    const out = execFileSync(join(dir, 'interval'), { input: `${ns.join('\n')}\n` });
    expect(out.toString().trim().split('\n').map(BigInt)).toEqual(want);
    const py = await runCli(['export', 'sub:3..14', '--format', 'py', '--db', db]);
    expect(py.stdout).toContain('return (n % 17) // 3');
  });

  it("Lasker's Nim (4.3...) exports its closed form: C++ and Python match the theorem at any n", async () => {
    // Winning Ways: g(0) = 0, g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.
    const theorem = (n: bigint): bigint => (n === 0n ? 0n : [n - 1n, n, n, n + 1n][Number(n % 4n)]!);
    const ns = [...small, ...huge, 10n ** 18n + 3n, 2n ** 63n];
    for (const format of ['cpp', 'py'] as const) {
      const src = join(dir, `lasker.${format}`);
      const e = await runCli(['export', 'lasker', '--format', format, '--main', '--out', src, '--db', db]);
      expect(e.code, e.stderr).toBe(0);
      let run = ['python3', src];
      if (format === 'cpp') {
        execFileSync('g++', ['-O0', '-std=c++11', '-o', join(dir, 'lasker'), src]);
        run = [join(dir, 'lasker')];
      }
      const out = execFileSync(run[0]!, run.slice(1), { input: `${ns.join('\n')}\n` })
        .toString()
        .trim()
        .split('\n');
      expect(out.map(BigInt), format).toEqual(ns.map(theorem));
    }
  });

  it('--main only with cpp or py; csv still works', async () => {
    expect((await runCli(['export', 'kayles', '--format', 'csv', '--main', '--db', db])).code).toBe(2);
    const csv = await runCli(['export', 'kayles', '--format', 'csv', '--to', '3', '--db', db]);
    expect(csv.stdout).toBe('n,value\n0,0\n1,1\n2,2\n');
  });
});
