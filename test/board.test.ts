import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  boardChecksum,
  genericTable,
  kingTable,
  knightTable,
  rookTable,
  rowPeriod,
  wythoffLower,
  wythoffTable,
  type BoardTable,
} from '../src/board/index.js';

type Moves = (x: number, y: number, n: number) => [number, number][];

/** The slow twin: the mex over explicitly generated options, by memoised recursion. No bitsets, no order. */
function naive(n: number, moves: Moves): number[][] {
  const memo = new Map<number, number>();
  const g = (x: number, y: number): number => {
    const key = x * n + y;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const seen = new Set(moves(x, y, n).map(([a, b]) => g(a, b)));
    let v = 0;
    while (seen.has(v)) v++;
    memo.set(key, v);
    return v;
  };
  return Array.from({ length: n }, (_, x) => Array.from({ length: n }, (_, y) => g(x, y)));
}

const wythoffMoves: Moves = (x, y) => {
  const out: [number, number][] = [];
  for (let k = 1; k <= x; k++) out.push([x - k, y]);
  for (let k = 1; k <= y; k++) out.push([x, y - k]);
  for (let k = 1; k <= Math.min(x, y); k++) out.push([x - k, y - k]);
  return out;
};
const rookMoves: Moves = (x, y) => wythoffMoves(x, y, 0).filter(([a, b]) => a === x || b === y);
const kingMoves: Moves = (x, y) =>
  (
    [
      [x - 1, y],
      [x, y - 1],
      [x - 1, y - 1],
    ] as [number, number][]
  ).filter(([a, b]) => a >= 0 && b >= 0);
const knightMoves: Moves = (x, y, n) =>
  (
    [
      [x - 2, y - 1],
      [x - 2, y + 1],
      [x - 1, y - 2],
      [x + 1, y - 2],
    ] as [number, number][]
  ).filter(([a, b]) => a >= 0 && b >= 0 && a < n && b < n);

function rows(t: BoardTable): number[][] {
  return Array.from({ length: t.n }, (_, x) => Array.from(t.values.subarray(x * t.n, (x + 1) * t.n)));
}

interface Fixture {
  readonly sequences: readonly { readonly oeis: string; readonly values: readonly number[] }[];
}
const fixturePath = new URL('./fixtures/oeis-nimbers-2d.json', import.meta.url);
const fixture = JSON.parse(readFileSync(fixturePath, 'utf8')) as Fixture;
const seq = (id: string): readonly number[] => fixture.sequences.find((s) => s.oeis === id)!.values;

describe('2-D kernels against their naive twins', () => {
  for (const n of [1, 2, 5, 17, 64]) {
    it(`wythoff, rook, king, knight, generic at ${n} x ${n}`, () => {
      expect(rows(wythoffTable(n))).toEqual(naive(n, wythoffMoves));
      expect(rows(rookTable(n))).toEqual(naive(n, rookMoves));
      expect(rows(kingTable(n))).toEqual(naive(n, kingMoves));
      expect(rows(knightTable(n))).toEqual(naive(n, knightMoves));
      expect(rows(genericTable(n, (x, y) => knightMoves(x, y, n)))).toEqual(naive(n, knightMoves));
      expect(rows(genericTable(n, (x, y) => wythoffMoves(x, y, n)))).toEqual(naive(n, wythoffMoves));
    });
  }

  it('knight values depend on the board: the 8 x 8 board differs from the corner of the 64 x 64 one', () => {
    const small = rows(knightTable(8));
    const big = rows(knightTable(64))
      .slice(0, 8)
      .map((r) => r.slice(0, 8));
    expect(small).not.toEqual(big);
  });

  it('rook is x xor y (the bitset method, checked against nim-addition) up to 300', () => {
    const t = rookTable(300);
    const wrong: [number, number][] = [];
    for (let x = 0; x < 300; x++) {
      for (let y = 0; y < 300; y++) if (t.values[x * 300 + y] !== (x ^ y)) wrong.push([x, y]);
    }
    expect(wrong).toEqual([]);
  });

  it("Wythoff's zeros are exactly the pairs (floor(n phi), floor(n phi^2)) and their swaps", () => {
    const n = 500;
    const t = wythoffTable(n);
    const expected = new Set<number>();
    for (let k = 0n; ; k++) {
      const a = Number(wythoffLower(k));
      const b = a + Number(k);
      if (a >= n) break;
      if (b < n) expected.add(a * n + b).add(b * n + a);
    }
    const zeros = new Set<number>();
    t.values.forEach((v, i) => {
      if (v === 0) zeros.add(i);
    });
    expect(zeros).toEqual(expected);
  });

  it('OEIS A047708 is the diagonal g(n, n) of Wythoff', () => {
    const diag = seq('A047708');
    const t = wythoffTable(diag.length);
    expect(diag.map((_, i) => t.values[i * t.n + i])).toEqual(diag);
  });

  it("OEIS A317205 (A004481's table, m <= n, rows n = 1, 2, ...) is Wythoff's lower triangle", () => {
    const tri = seq('A317205');
    const t = wythoffTable(16);
    const ours: number[] = [];
    for (let r = 1; ours.length < tri.length; r++) {
      for (let m = 1; m <= r; m++) ours.push(t.values[(r - 1) * 16 + (m - 1)]!);
    }
    expect(ours.slice(0, tri.length)).toEqual(tri);
  });

  it('generic refuses options that do not go down in x + y or leave the board', () => {
    expect(() => genericTable(4, (x, y) => [[x, y]])).toThrow(
      /the move from \(0, 0\) to \(0, 0\) is not closer to \(0, 0\): every move must lower x \+ y/,
    );
    expect(() => genericTable(4, (x, y) => (x + y > 0 ? [[-1, x + y]] : []))).toThrow(/not allowed/);
  });

  it('checksum is exact: the weighted sum of the C reference programs', () => {
    const t = kingTable(40);
    let want = 0n;
    for (let i = 0; i < 1600; i++) want += BigInt(t.values[i]!) * BigInt((i % 1000003) + 1);
    expect(boardChecksum(t)).toBe(want);
  });
});

describe('rows of Wythoff are additively periodic (observed)', () => {
  const n = 400;
  const t = wythoffTable(n);
  it('row 0 is nim (g = y), row 1 has period 3 and saltus 3, row 2 period 3 saltus 3', () => {
    expect(rowPeriod(t.values, n, 0)).toMatchObject({ preperiod: 0, period: 1, saltus: 1 });
    expect(rowPeriod(t.values, n, 1)).toMatchObject({ period: 3, saltus: 3 });
    expect(rowPeriod(t.values, n, 2)).toMatchObject({ period: 3, saltus: 3 });
  });
  it('every period found holds on the whole observed tail, and saltus = period (Landman)', () => {
    for (let x = 0; x < 8; x++) {
      const p = rowPeriod(t.values, n, x);
      expect(p, `row ${x}`).not.toBeNull();
      const { preperiod: e, period, saltus } = p!;
      for (let y = e; y + period < n; y++) expect(t.values[x * n + y + period]! - t.values[x * n + y]!).toBe(saltus);
      expect(saltus).toBe(period);
    }
  });
});
