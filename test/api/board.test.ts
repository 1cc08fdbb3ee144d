import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardBlock, boardRowPeriods, NotComputedError, openStore, parseCell, UsageError } from '../../src/index.js';
import { runCli, tempDir } from '../helpers/cli.js';

/**
 * src/api/board.ts through the store view: Wythoff's game stored 64 x 64 by `grundy compute`,
 * checked against facts found without the engine: its P-positions are the pairs (a_k, a_k + k)
 * where a_k is the least number in no earlier pair (Wythoff 1907), and g(x, 0) = x (one pile).
 */
const SIZE = 64;
const { dir, cleanup } = tempDir('grundy-api-board-');
const db = join(dir, 'board.db');

beforeAll(async () => {
  const r = await runCli(['compute', 'wythoff', '--size', String(SIZE), '--db', db], { cwd: dir });
  expect(r.code, r.stderr).toBe(0);
});
afterAll(cleanup);

/** Wythoff's P-positions with both coordinates below `limit`, built by the mex rule. */
function wythoffP(limit: number): Set<string> {
  const used = new Set<number>();
  const out = new Set<string>();
  for (let k = 0, a = 0; a < limit; k++) {
    while (used.has(a)) a++;
    const b = a + k;
    used.add(a).add(b);
    if (b < limit) out.add(`${a},${b}`).add(`${b},${a}`);
  }
  return out;
}

/** floor(k * phi) = floor((k + isqrt(5 k^2)) / 2) for the golden ratio phi, exact in bigints. */
function lowerWythoff(k: bigint): bigint {
  const n = 5n * k * k;
  let r = BigInt(Math.floor(Math.sqrt(Number(n))));
  while (r * r > n) r--;
  while ((r + 1n) * (r + 1n) <= n) r++;
  return (k + r) / 2n;
}

describe('two-dimensional games in the library', () => {
  it('answers every stored cell from the table: 0 exactly at the P-positions, g(x, 0) = x', () => {
    const p = wythoffP(SIZE);
    const cells: string[] = [];
    for (let x = 0; x < SIZE; x++) for (let y = 0; y < SIZE; y++) cells.push(`${x},${y}`);
    const store = openStore(db);
    try {
      expect(store.kind('wythoff')).toBe('board');
      const answers = store.cells('wythoff', cells);
      expect(answers).toHaveLength(SIZE * SIZE);
      for (const a of answers) {
        expect(a.kind).toBe('board');
        expect(a.source).toBe('table');
        expect(a.value === 0n, `${a.x},${a.y}`).toBe(p.has(`${a.x},${a.y}`));
        expect(a.outcome).toBe(a.value === 0n ? 'P' : 'N');
        if (a.y === 0n) expect(a.value).toBe(a.x);
      }
    } finally {
      store.close();
    }
  });

  it('answers beyond the table from the formula: P/N of Wythoff at 10^17', () => {
    const k = 10n ** 17n;
    const a = lowerWythoff(k);
    const store = openStore(db);
    try {
      const [onP, offP] = store.cells('wythoff', [[a, a + k], `${a},${a + k + 1n}`]);
      expect(onP).toEqual({ kind: 'board', x: a, y: a + k, value: 0n, outcome: 'P', source: 'formula' });
      expect(offP).toEqual({ kind: 'board', x: a, y: a + k + 1n, value: null, outcome: 'N', source: 'formula' });
    } finally {
      store.close();
    }
  });

  it('gives the stored table for show and export: size, bytes, the top-left block, row periods', () => {
    const store = openStore(db);
    try {
      const t = store.board('wythoff');
      expect(t).toMatchObject({ key: 'wythoff', size: SIZE, maxValue: expect.any(Number) });
      expect(t.bytes).toBeGreaterThan(0);
      expect(boardBlock(t, 3)).toEqual([
        [0, 1, 2],
        [1, 2, 0],
        [2, 0, 1],
      ]);
      expect(boardBlock(t, 1000)).toHaveLength(SIZE);
      // Row 0 is one pile: g(0, y) = y, period 1 with saltus 1 from the start.
      expect(boardRowPeriods(t, 2)[0]).toMatchObject({ x: 0, period: { preperiod: 0, period: 1, saltus: 1 } });
      expect(boardRowPeriods(t, 1000)).toHaveLength(SIZE);
    } finally {
      store.close();
    }
  });

  it('fails as the CLI does: a bad cell (exit 2), a board or cell not stored (exit 3), not a board (exit 2)', () => {
    expect(() => parseCell('3', 'wythoff')).toThrow(
      "position '3' of wythoff is not a cell: write X,Y with two non-negative integers, e.g. 3,5",
    );
    expect(parseCell('1e18,2^64', 'wythoff')).toEqual([10n ** 18n, 2n ** 64n]);
    const store = openStore(db);
    try {
      const notStored = (): unknown => store.cells('2d:king', ['5,2']);
      expect(notStored).toThrow(NotComputedError);
      expect(notStored).toThrow(
        expect.objectContaining({ message: 'g(5, 2) of 2d:king is not stored', compute: { game: '2d:king', size: 6 } }),
      );
      expect(() => store.board('2d:king')).toThrow(
        expect.objectContaining({ message: '2d:king is not stored', compute: { game: '2d:king', size: 64 } }),
      );
      expect(() => store.cells('2d:knight:8', ['8,0'])).toThrow(UsageError);
      expect(() => store.board('kayles')).toThrow(UsageError);
      // The rook's value has a closed form at any size.
      expect(store.cells('2d:rook', ['1000000,3'])[0]).toMatchObject({ value: 1000000n ^ 3n, source: 'formula' });
    } finally {
      store.close();
    }
  });
});
