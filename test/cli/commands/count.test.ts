import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';
import { naiveValues } from '../../helpers/naive.js';

const { dir, cleanup } = tempDir();
const db = join(dir, 'g.db');

async function query(game: string, ns: readonly (number | string | bigint)[]): Promise<bigint[]> {
  const r = await runCli(['query', game, ...ns.map(String), '--json', '--db', db]);
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { values: { value: number | string }[] }).values.map((v) => BigInt(v.value));
}

/**
 * Kayles by the definition (test/helpers/naive.ts), far enough for the periodicity theorem to
 * prove what Guy and Smith (1956) found: period 12 from n = 71 (2(71 + 12) + 2 = 168 values).
 */
const KAYLES = naiveValues('octal:0.77', 400);
const PREPERIOD = 71;
const PERIOD = 12;

/** How many n in [0, N] have each Kayles value, counted from the period: no table of size N. */
function kaylesValueCounts(N: bigint): Map<number, bigint> {
  const counts = new Map<number, bigint>();
  const add = (v: number, c: bigint): void => {
    counts.set(v, (counts.get(v) ?? 0n) + c);
  };
  for (let n = 0; n < PREPERIOD && BigInt(n) <= N; n++) add(KAYLES[n]!, 1n);
  // n >= 71 with n = n0 (mod 12), n0 in [71, 83): n0, n0 + 12, ... up to N.
  for (let n0 = PREPERIOD; n0 < PREPERIOD + PERIOD; n0++) {
    if (BigInt(n0) <= N) add(KAYLES[n0]!, (N - BigInt(n0)) / BigInt(PERIOD) + 1n);
  }
  return counts;
}

/**
 * The same count at N = 10^18, derived once outside this project (a separate mex computation of
 * Kayles and the closed form above): a fixed number, so the oracle and the code cannot drift together.
 */
const KAYLES_PAIRS_P_1E18 = '208333333333333329833333333333333421';

/** P-positions of two Kayles heaps in [0, N]: ordered pairs of equal value, sum of c_v^2. */
function kaylesPairsP(N: bigint): bigint {
  let total = 0n;
  for (const c of kaylesValueCounts(N).values()) total += c * c;
  return total;
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
    // Counts below 2^53 are JSON numbers (docs/commands.md "JSON output").
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

  it('the closed form of the oracle is the brute-force count where both are feasible', () => {
    for (let n = PREPERIOD; n + PERIOD < KAYLES.length; n++) expect(KAYLES[n + PERIOD]).toBe(KAYLES[n]);
    for (const N of [0, 5, 70, 71, 82, 83, 300, 399]) {
      let brute = 0n;
      for (let a = 0; a <= N; a++) for (let b = 0; b <= N; b++) if (KAYLES[a] === KAYLES[b]) brute++;
      expect(kaylesPairsP(BigInt(N)), `N = ${N}`).toBe(brute);
    }
  });

  it('counts two Kayles heaps to N = 1000 as the naive count does', async () => {
    const r = await runCli(['count', 'kayles', '--heaps', '2', '--max', '1000', '--json', '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    let brute = 0;
    const g = naiveValues('octal:0.77', 1001);
    for (let a = 0; a <= 1000; a++) for (let b = 0; b <= 1000; b++) if (g[a] === g[b]) brute++;
    expect(JSON.parse(r.stdout).count).toBe(brute);
    expect(BigInt(brute)).toBe(kaylesPairsP(1000n));
  });

  it('counts N = 10^18 by the proven period, exactly and modulo P', async () => {
    const exact = await runCli(['count', 'kayles', '--heaps', '2', '--max', '1e18', '--json', '--db', db]);
    expect(exact.code, exact.stderr).toBe(0);
    const ej = JSON.parse(exact.stdout);
    expect(ej.games[0]).toEqual({ game: 'octal:0.77', heaps: 2, method: 'certificate' });
    // Beyond 2^53: decimal strings.
    expect(typeof ej.count).toBe('string');
    expect(ej.max).toBe('1000000000000000000');
    // The oracle: the value counts of one period times (10^18 - 71) / 12, squared and summed.
    expect(ej.count).toBe(kaylesPairsP(10n ** 18n).toString());
    expect(ej.count).toBe(KAYLES_PAIRS_P_1E18);
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
    expect(mod.code, mod.stderr).toBe(0);
    expect(JSON.parse(mod.stdout).count).toBe(Number(kaylesPairsP(10n ** 18n) % 1000000007n));
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
