import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nimInv, nimMul } from '../../../src/nimber/arith.js';
import { nimMulMexTable } from '../../../src/nimber/slow.js';
import { seededRandom } from '../../../src/testing/random.js';
import { runCli, tempDir } from '../../helpers/cli.js';

const { dir, cleanup } = tempDir();
afterAll(cleanup);

const random = seededRandom(2025);
const word = (): bigint => BigInt(Math.floor(random() * 2 ** 32));
/** Edge values first (0, 1, 2^64 - 1, Fermat 2-powers), then random 64-bit pairs. */
const PAIRS: [bigint, bigint][] = [
  [0n, 0n],
  [1n, 0xffffffffffffffffn],
  [0xffffffffffffffffn, 0xffffffffffffffffn],
  [1n << 32n, 1n << 32n],
  [65535n, 65536n],
  ...Array.from({ length: 40 }, (): [bigint, bigint] => [(word() << 32n) | word(), (word() << 32n) | word()]),
];
const INPUT = `${PAIRS.map(([a, b]) => `${a} 0x${b.toString(16)}`).join('\n')}\n`;
const EXPECTED = PAIRS.map(([a, b]) => String(nimMul(a, b)));

describe('grundy nimber', () => {
  it('mul, add, pow, inv in text and --json (strings beyond 2^53)', async () => {
    let r = await runCli(['nimber', 'mul', '0x123456789abcdef0', '0xfedcba9876543210', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      op: 'mul',
      a: '1311768467463790320',
      b: '18364758544493064720',
      result: '9851508946933153151',
    });
    r = await runCli(['nimber', 'mul', '2', '3']);
    expect(r.stdout).toBe('1\n');
    r = await runCli(['nimber', 'add', '5', '3', '--json']);
    expect(JSON.parse(r.stdout)).toEqual({ op: 'add', a: 5, b: 3, result: 6 });
    r = await runCli(['nimber', 'pow', '2', '3']);
    expect(r.stdout).toBe('1\n'); // 2 * 2 = 3, 3 * 2 = 1: the non-zero elements of GF(4) have order 3
    r = await runCli(['nimber', 'pow', '16', '0x10000000000000000']);
    expect(r.stdout).toBe(`${nimMul(16n, 1n)}\n`); // 2^64 = 1 + (2^64 - 1): exponents of any size
    r = await runCli(['nimber', 'inv', '16', '--json']);
    expect(JSON.parse(r.stdout)).toEqual({ op: 'inv', a: 16, result: Number(nimInv(16n)) });
    expect(nimMul(16n, nimInv(16n))).toBe(1n);
  });

  it.each([
    [['nimber', 'mul', '-1', '2'], /negative/],
    [['nimber', 'mul', '18446744073709551616', '2'], /2\^64 or more/],
    [['nimber', 'add', 'twelve', '2'], /not a non-negative integer/],
    [['nimber', 'inv', '0'], /0 has no nim-multiplicative inverse/],
    [['nimber', 'mul', '3'], /takes two operands/],
    [['nimber', 'div', '3', '4'], /no nimber operation 'div'/],
  ])('%j is a one-line usage error, exit 2', async (args, message) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toBe('');
  });

  it('table nim-mul is the mex table, checked equal to the fast product', async () => {
    const r = await runCli(['table', 'nim-mul', '--size', '16', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { values: number[][]; equalsFast: boolean };
    expect(out.values).toEqual(nimMulMexTable(16));
    expect(out.equalsFast).toBe(true);
    const text = await runCli(['table', 'nim-mul', '--size', '8']);
    expect(text.stdout).toMatch(/equals the fast product/);
    expect((await runCli(['table', 'nim-mul', '--size', '129'])).code).toBe(2);
  });
});

describe('grundy export nimber', () => {
  // g++ and python3 are there wherever `npm ci` built better-sqlite3 (node-gyp needs both).
  it('C++ output compiles with g++ and gives our products', async () => {
    const src = join(dir, 'nimber.cpp');
    const exe = join(dir, 'nimber');
    const r = await runCli(['export', 'nimber', '--format', 'cpp', '--main', '--out', src]);
    expect(r.code, r.stderr).toBe(0);
    execFileSync('g++', ['-O1', '-std=c++11', '-Wall', '-o', exe, src]);
    expect(execFileSync(exe, { input: INPUT, encoding: 'utf8' }).trim().split('\n')).toEqual(EXPECTED);
  });

  it('Python output runs and gives our products', async () => {
    const src = join(dir, 'nimber.py');
    const r = await runCli(['export', 'nimber', '--format', 'py', '--main', '--out', src]);
    expect(r.code, r.stderr).toBe(0);
    expect(execFileSync('python3', [src], { input: INPUT, encoding: 'utf8' }).trim().split('\n')).toEqual(EXPECTED);
    const check = [
      'import importlib.util as u',
      `s = u.spec_from_file_location('n', ${JSON.stringify(src)})`,
      'm = u.module_from_spec(s)',
      's.loader.exec_module(m)',
      'print(m.nim_mul(5, m.nim_inv(5)), m.nim_pow(2, 3))',
    ].join('\n');
    expect(execFileSync('python3', ['-c', check], { encoding: 'utf8' }).trim()).toBe('1 1');
  });

  it('refuses a data format for nimber', async () => {
    const r = await runCli(['export', 'nimber', '--format', 'csv']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--format cpp or --format py/);
  });
});
