import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nimInv, nimMul, nimPow, nimSqrt } from '../../../src/nimber/arith.js';
import { nimLog, nimLogBase } from '../../../src/nimber/log.js';
import { GROUP_ORDER, nimGenerator, nimOrder } from '../../../src/nimber/order.js';
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

  it('sqrt, order, log (to the standard generator or --base) in text and --json', async () => {
    let r = await runCli(['nimber', 'sqrt', '3']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('2\n'); // 2 * 2 = 3
    r = await runCli(['nimber', 'sqrt', '0xffffffffffffffff', '--json']);
    const root = JSON.parse(r.stdout) as { op: string; a: string; result: string };
    expect(root.op).toBe('sqrt');
    expect(nimMul(BigInt(root.result), BigInt(root.result))).toBe(0xffffffffffffffffn);
    r = await runCli(['nimber', 'order', '16', '--json']);
    expect(JSON.parse(r.stdout)).toEqual({ op: 'order', a: 16, result: 85 });
    r = await runCli(['nimber', 'order', '0x123456789abcdef0']);
    expect(r.stdout).toBe(`${nimOrder(0x123456789abcdef0n)}\n`);
    r = await runCli(['nimber', 'log', '3', '--base', '2']);
    expect(r.stdout).toBe('2\n');
    const a = 0xfedcba9876543210n;
    r = await runCli(['nimber', 'log', `0x${a.toString(16)}`, '--json']);
    const log = JSON.parse(r.stdout) as { op: string; a: string; base: number; result: string };
    expect(log.base).toBe(2 ** 32 + 6);
    expect(log.result).toBe(String(nimLog(a)));
    expect(nimPow(BigInt(log.base), BigInt(log.result))).toBe(a);
    r = await runCli(['nimber', 'log', '1', '--base', '1']);
    expect(r.stdout).toBe('0\n');
  });

  it.each([
    [['nimber', 'mul', '-1', '2'], /negative/],
    [['nimber', 'mul', '18446744073709551616', '2'], /2\^64 or more/],
    [['nimber', 'add', 'twelve', '2'], /not a non-negative integer/],
    [['nimber', 'inv', '0'], /0 has no nim-multiplicative inverse/],
    [['nimber', 'mul', '3'], /takes two operands/],
    [['nimber', 'div', '3', '4'], /no nimber operation 'div'/],
    [['nimber', 'sqrt', '3', '4'], /sqrt takes one operand/],
    [['nimber', 'sqrt', '0x1_0000_0000_0000_0000'], /2\^64 or more/],
    [['nimber', 'order', '0'], /0 has no multiplicative order/],
    [['nimber', 'log', '0'], /0 has no logarithm/],
    [['nimber', 'log', '5', '--base', '3'], /5 is not a power of 3 \(the base has order 3\)/],
    [['nimber', 'log', '5', '--base', '0'], /--base 0 has no logarithms/],
    [['nimber', 'log', '5', '--base', 'x'], /--base 'x' is not/],
    [['nimber', 'order', '5', '--base', '3'], /--base goes with nimber log/],
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

  /** Seeded 64-bit values after the edges (0, 1, 2^63, 2^64 - 1, 2^32 - 1, 2^32). */
  const edges = [0n, 1n, 1n << 63n, GROUP_ORDER, (1n << 32n) - 1n, 1n << 32n];
  const values = (n: number): bigint[] => [...edges, ...Array.from({ length: n }, () => (word() << 32n) | word())];
  const g = nimGenerator();
  const g3 = nimPow(g, 3n); // order (2^64 - 1) / 3: a third of the nimbers are its powers
  /** "A G" records: powers of g and of g^3, random A to g^3 (two in three have no logarithm), A = 0. */
  function logRecords(n: number): [bigint, bigint][] {
    const out: [bigint, bigint][] = [];
    for (const a of values(n)) out.push([a, g]);
    for (const a of values(n / 2)) out.push([a, g3], [nimPow(g3, a), g3]);
    return out;
  }
  function expectedLog([a, base]: [bigint, bigint]): string {
    const x = a === 0n ? null : nimLogBase(base).logOrNull(a);
    if (x !== null) expect(nimPow(base, x)).toBe(a);
    return x === null ? '-1' : String(x);
  }
  const ops = {
    sqrt: { records: values(300).map((a) => [a]), expected: (r: bigint[]) => String(nimSqrt(r[0]!)) },
    order: {
      records: values(300).map((a) => [a]),
      expected: (r: bigint[]) => (r[0] === 0n ? '0' : String(nimOrder(r[0]!))),
    },
    log: { records: logRecords(200), expected: (r: bigint[]) => expectedLog(r as [bigint, bigint]) },
  };

  it('C++ with --with all compiles; its sqrt, order and log mains give the library answers', async () => {
    for (const [op, { records, expected }] of Object.entries(ops)) {
      const src = join(dir, `nimber-${op}.cpp`);
      const exe = join(dir, `nimber-${op}`);
      const r = await runCli(['export', 'nimber', '--format', 'cpp', '--with', 'all', '--main', '--main-op', op]);
      expect(r.code, r.stderr).toBe(0);
      writeFileSync(src, r.stdout);
      execFileSync('g++', ['-O1', '-std=c++11', '-Wall', '-Werror', '-o', exe, src]);
      const input = records.map((rec) => rec.map((v) => `0x${v.toString(16)}`).join(' ')).join('\n');
      const out = execFileSync(exe, { input: `${input}\n`, encoding: 'utf8' })
        .trim()
        .split('\n');
      expect(out, op).toEqual(records.map(expected));
    }
  }, 120_000);

  it('--counted reads the Library Checker form: T, then T records, and nothing after them', async () => {
    const src = join(dir, 'nimber-counted.cpp');
    const exe = join(dir, 'nimber-counted');
    const r = await runCli(['export', 'nimber', '--format', 'cpp', '--main', '--counted', '--out', src]);
    expect(r.code, r.stderr).toBe(0);
    execFileSync('g++', ['-O1', '-std=c++11', '-Wall', '-o', exe, src]);
    const input = `${PAIRS.length - 1}\n${INPUT}`; // the last pair is past the count
    expect(execFileSync(exe, { input, encoding: 'utf8' }).trim().split('\n')).toEqual(EXPECTED.slice(0, -1));
    const py = join(dir, 'nimber_counted.py');
    expect((await runCli(['export', 'nimber', '--format', 'py', '--main', '--counted', '--out', py])).code).toBe(0);
    expect(execFileSync('python3', [py], { input, encoding: 'utf8' }).trim().split('\n')).toEqual(
      EXPECTED.slice(0, -1),
    );
  }, 60_000);

  it('Python with --with all: nim_sqrt, nim_order and the log main give the library answers', async () => {
    const src = join(dir, 'nimber_field.py');
    const r = await runCli(['export', 'nimber', '--format', 'py', '--with', 'all', '--main', '--main-op', 'log']);
    expect(r.code, r.stderr).toBe(0);
    writeFileSync(src, r.stdout);
    const records = logRecords(16);
    const input = `${records.map(([a, b]) => `${a} ${b}`).join('\n')}\n`;
    const out = execFileSync('python3', [src], { input, encoding: 'utf8' }).trim().split('\n');
    expect(out).toEqual(records.map(expectedLog));
    const some = values(20);
    const check = [
      'import importlib.util as u',
      `s = u.spec_from_file_location('n', ${JSON.stringify(src)})`,
      'm = u.module_from_spec(s)',
      's.loader.exec_module(m)',
      `for a in [${some.join(', ')}]:`,
      '    print(m.nim_sqrt(a), m.nim_order(a) if a else 0)',
      'print(m.GENERATOR64, m.nim_log(3, 2), m.nim_log(5, 3))',
    ].join('\n');
    const lines = execFileSync('python3', ['-c', check], { encoding: 'utf8' }).trim().split('\n');
    expect(lines).toEqual([...some.map((a) => `${nimSqrt(a)} ${a === 0n ? 0 : nimOrder(a)}`), `${g} 2 None`]);
  }, 60_000);

  it.each([
    [['export', 'nimber', '--format', 'cpp', '--with', 'cube'], /--with 'cube' is not one of sqrt, order, log, all/],
    [['export', 'nimber', '--format', 'cpp', '--main', '--main-op', 'div'], /--main-op 'div' is not one of/],
    [['export', 'nimber', '--format', 'py', '--counted'], /--counted goes with --main/],
    [['export', 'kayles', '--with', 'sqrt'], /--with goes with export nimber only/],
  ])('%j is a one-line usage error, exit 2', async (args, message) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('refuses a data format for nimber', async () => {
    const r = await runCli(['export', 'nimber', '--format', 'csv']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--format cpp or --format py/);
  });
});
