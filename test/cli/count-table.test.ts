import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';

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
  ]) {
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
    // Counts below 2^53 are JSON numbers (README "JSON output").
    expect(JSON.parse(r.stdout).count).toBe(Number(p3));
    const m = await runCli([
      'count',
      '--games',
      'kayles,grundy',
      '--max',
      String(N),
      '--value',
      '2',
      '--json',
      '--db',
      db,
    ]);
    expect(m.code, m.stderr).toBe(0);
    expect(JSON.parse(m.stdout).count).toBe(Number(mixed));
  });

  it('counts N = 10^18 by the proven period, exactly and modulo P', async () => {
    const exact = await runCli(['count', 'kayles', '--heaps', '2', '--max', '1e18', '--json', '--db', db]);
    expect(exact.code, exact.stderr).toBe(0);
    const ej = JSON.parse(exact.stdout);
    expect(ej.games[0]).toEqual({ game: 'octal:0.77', heaps: 2, method: 'certificate' });
    // Beyond 2^53: decimal strings.
    expect(typeof ej.count).toBe('string');
    expect(ej.max).toBe('1000000000000000000');
    const mod = await runCli([
      'count',
      'kayles',
      '--heaps',
      '2',
      '--max',
      '1e18',
      '--mod',
      '1000000007',
      '--json',
      '--db',
      db,
    ]);
    expect(JSON.parse(mod.stdout).count).toBe(Number(BigInt(ej.count) % 1000000007n));
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
    t.values.forEach((row, x) => {
      row.forEach((v, y) => {
        expect(v).toBe(x ^ y);
      });
    });
    expect(t.equalsXor).toBe(true);
    const text = await runCli(['table', 'nim', '--size', '4']);
    expect(text.stdout).toContain('3 | 3 2 1 0');
  });
});
