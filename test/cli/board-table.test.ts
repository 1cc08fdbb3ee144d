import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import {
  kingMoves,
  knightMoves,
  naiveBoard,
  naiveProduct,
  naiveSubtraction,
  rookMoves,
  wythoffMoves,
} from '../helpers/naive-board.js';
import { nimMul } from '../../src/nimber/arith.js';

const { dir, cleanup } = tempDir();
afterAll(cleanup);
const db = join(dir, 'board.db');
const cli = (...args: string[]) => runCli([...args, '--db', db], { cwd: dir });

/** The stored table through `grundy export --format csv`, as rows. */
async function exported(spec: string): Promise<number[][]> {
  const r = await cli('export', spec, '--format', 'csv');
  expect(r.code, r.stderr).toBe(0);
  const lines = r.stdout.trim().split('\n');
  expect(lines[0]).toBe('x,y,value');
  const g: number[][] = [];
  for (const line of lines.slice(1)) {
    const [x, y, v] = line.split(',').map(Number) as [number, number, number];
    (g[x] ??= [])[y] = v;
  }
  return g;
}

async function computed(spec: string, size?: number): Promise<number[][]> {
  const r = await cli('compute', spec, ...(size ? ['--size', String(size)] : []), '--json');
  expect(r.code, r.stderr).toBe(0);
  return exported(spec);
}

const SQUARES = [1, 4, 9, 16, 25, 36, 49];

describe('two-dimensional games through the CLI', () => {
  it('every family equals its naive twin (mex over explicit options) on 64 x 64 (products 32)', async () => {
    const wythoff = await computed('wythoff', 64);
    expect(wythoff).toEqual(naiveBoard(64, wythoffMoves));
    expect(await computed('2d:rook', 64)).toEqual(naiveBoard(64, rookMoves));
    expect(await computed('2d:king', 64)).toEqual(naiveBoard(64, kingMoves));
    expect(await computed('2d:knight:64')).toEqual(naiveBoard(64, knightMoves(64)));
    expect(await computed('2d:knight:13')).toEqual(naiveBoard(13, knightMoves(13)));
    writeFileSync(
      join(dir, 'corner.mjs'),
      'export function* options(x, y) { if (x > 0) yield [x - 1, y]; if (y > 1) yield [x, y - 2]; }\n',
    );
    const moduleMoves = (x: number, y: number): [number, number][] => [
      ...(x > 0 ? [[x - 1, y] as [number, number]] : []),
      ...(y > 1 ? [[x, y - 2] as [number, number]] : []),
    ];
    expect(await computed('2d:module:./corner.mjs', 64)).toEqual(naiveBoard(64, moduleMoves));
    const product = await computed('product:sub:1,3*sub:squares', 32);
    expect(product).toEqual(naiveProduct(32, [1, 3], SQUARES));
    const g1 = naiveSubtraction(32, [1, 3]);
    const g2 = naiveSubtraction(32, SQUARES);
    for (let x = 0; x < 32; x++)
      for (let y = 0; y < 32; y++) expect(product[x]![y]).toBe(Number(nimMul(BigInt(g1[x]!), BigInt(g2[y]!))));
  });

  it('rook is x xor y; 2d:queen is wythoff; its P-positions are the formula', async () => {
    const rook = await exported('2d:rook');
    for (let x = 0; x < 64; x++) for (let y = 0; y < 64; y++) expect(rook[x]![y]).toBe(x ^ y);
    const wythoff = await exported('wythoff');
    expect(await exported('2d:queen')).toEqual(wythoff);
    const list = await cli('list', '--json');
    expect((JSON.parse(list.stdout) as { tables: { game: string }[] }).tables.map((t) => t.game)).not.toContain(
      '2d:queen',
    );
    // (floor(m phi), floor(m phi^2)) by the mex construction; m = 10^18: floor(m phi) = 1618033988749894848
    // (below): a_m = least unused, b_m = a_m + m
    const used = new Set<number>();
    const zeros = new Set<string>();
    for (let m = 0, a = 0; ; m++) {
      while (used.has(a)) a++;
      const b = a + m;
      if (b >= 64) break;
      used.add(a).add(b);
      zeros.add(`${a},${b}`).add(`${b},${a}`);
    }
    for (let x = 0; x < 64; x++) for (let y = 0; y < 64; y++) expect(wythoff[x]![y] === 0).toBe(zeros.has(`${x},${y}`));
  });

  it('query, show --rows, export cpp / py, eval in sums and beyond any table', async () => {
    let r = await cli('query', 'wythoff', '3,5', '10,3', '1618033988749894848,2618033988749894848', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).values).toEqual([
      { x: 3, y: 5, value: 0, outcome: 'P', source: 'table' },
      { x: 10, y: 3, value: 8, outcome: 'N', source: 'table' },
      { x: '1618033988749894848', y: '2618033988749894848', value: 0, outcome: 'P', source: 'formula' },
    ]);
    r = await cli('show', 'wythoff', '--rows', '--json');
    const shown = JSON.parse(r.stdout) as {
      size: number;
      rows: { row: number; observed: { period: number; saltus: number } | null }[];
    };
    expect(shown.size).toBe(64);
    expect(shown.rows[1]!.observed).toMatchObject({ period: 3, saltus: 3 });
    r = await cli('export', 'wythoff', '--format', 'py');
    expect(r.stdout).toContain('def is_p(x, y):');
    r = await cli('eval', 'wythoff@3,7 + 2d:king@2,7 + nim@4', '--json');
    expect(r.code, r.stderr).toBe(0);
    const e = JSON.parse(r.stdout) as { nimSum: number; moves: { move: string }[] };
    expect(e.nimSum).toBe(9 ^ 1 ^ 4);
    expect(e.moves[0]!.move).toBe('take 5 from pile y: to (3, 2)');
    r = await cli('eval', 'wythoff@1e18,2e18', '--json');
    const far = JSON.parse(r.stdout) as { outcome: string; moves: { to: string[] }[] };
    expect(far.outcome).toBe('N');
    const to = far.moves[0]!.to.map(BigInt);
    r = await cli('query', 'wythoff', `${to[0]},${to[1]}`, '--json');
    expect(JSON.parse(r.stdout).values[0].outcome).toBe('P');
  });

  it('bad input: one line, exit 2, nothing stored', async () => {
    for (const args of [
      ['query', 'wythoff', '3'],
      ['query', 'wythoff', '3,-1'],
      ['compute', 'wythoff', '--size', '8193'],
      ['compute', 'wythoff'],
      ['compute', '2d:knight:8', '--size', '9'],
      ['eval', 'wythoff@3'],
      ['eval', '2d:knight:8@9,1'],
      ['compute', 'product:sub:1,2'],
    ]) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
