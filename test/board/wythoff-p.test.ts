import { describe, expect, it } from 'vitest';
import {
  isWythoffP,
  isqrt,
  wythoffLower,
  wythoffPair,
  wythoffPartner,
  wythoffTable,
  wythoffWinningMoves,
} from '../../src/board/index.js';
import { seededRandom } from '../../src/testing/random.js';

const random = seededRandom(99);
/** A random BigInt of about `digits` decimal digits. */
function big(digits: number): bigint {
  let s = String(1 + Math.floor(random() * 9));
  for (let i = 1; i < digits; i++) s += String(Math.floor(random() * 10));
  return BigInt(s);
}

/**
 * A Wythoff move from (x, y) is legal: it takes a positive amount from x, from y, or from both,
 * and lands where that leaves. A move of any other kind fails here rather than passing unchecked.
 */
function expectLegal(x: bigint, y: bigint, m: ReturnType<typeof wythoffWinningMoves>[number]): void {
  const [tx, ty] = m.to;
  expect(m.take > 0n).toBe(true);
  const kind: string = m.from;
  if (kind === 'x') expect([tx, ty]).toEqual([x - m.take, y]);
  else if (kind === 'y') expect([tx, ty]).toEqual([x, y - m.take]);
  else if (kind === 'both') expect([tx, ty]).toEqual([x - m.take, y - m.take]);
  else expect.fail(`a winning move from (${x}, ${y}) of unknown kind '${kind}'`);
  expect(tx >= 0n && ty >= 0n).toBe(true);
}

describe('Wythoff P-positions in exact integer arithmetic', () => {
  it('isqrt is the floor square root', () => {
    for (const v of [0n, 1n, 2n, 3n, 4n, 15n, 16n, 17n, 10n ** 36n, 10n ** 36n - 1n, big(80)]) {
      const r = isqrt(v);
      expect(r * r <= v && (r + 1n) * (r + 1n) > v).toBe(true);
    }
  });

  it('the lower and upper sequences begin as OEIS A000201 / A001950 and partition the positive integers', () => {
    expect([1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n].map(wythoffLower)).toEqual([1n, 3n, 4n, 6n, 8n, 9n, 11n, 12n]);
    expect([1n, 2n, 3n, 4n, 5n].map((n) => wythoffPair(n)[1])).toEqual([2n, 5n, 7n, 10n, 13n]);
    const hit = new Uint8Array(5001);
    for (let n = 1n; wythoffLower(n) <= 5000n; n++) {
      const [a, b] = wythoffPair(n);
      hit[Number(a)] = hit[Number(a)]! + 1;
      if (b <= 5000n) hit[Number(b)] = hit[Number(b)]! + 1;
    }
    expect(hit.subarray(1).every((c) => c === 1)).toBe(true);
  });

  it('isWythoffP agrees with the computed table, and the winning moves with its zeros', () => {
    const n = 120;
    const t = wythoffTable(n);
    for (let x = 0; x < n; x++) {
      for (let y = 0; y < n; y++) {
        const p = t.values[x * n + y] === 0;
        expect(isWythoffP(BigInt(x), BigInt(y))).toBe(p);
        const moves = wythoffWinningMoves(BigInt(x), BigInt(y));
        expect(moves.length === 0).toBe(p);
        for (const m of moves) {
          expectLegal(BigInt(x), BigInt(y), m);
          expect(t.values[Number(m.to[0]) * n + Number(m.to[1])]).toBe(0);
        }
        // At most one winning move of each kind (the doc of wythoffWinningMoves).
        expect(new Set(moves.map((m) => m.from)).size).toBe(moves.length);
      }
    }
  });

  it('at 10^18 and far beyond: pairs are P, neighbours are not, and every winning move is legal and lands on P', () => {
    for (const digits of [18, 19, 40, 120]) {
      for (let k = 0; k < 20; k++) {
        const n = big(digits);
        const [a, b] = wythoffPair(n);
        expect(isWythoffP(a, b) && isWythoffP(b, a)).toBe(true);
        expect(isWythoffP(a + 1n, b)).toBe(false);
        expect(isWythoffP(a, b + 1n)).toBe(false);
        expect(wythoffPartner(a)).toBe(b);
        expect(wythoffPartner(b)).toBe(a);
        // the defining inequalities of floor(n phi) without floating point: a < n phi < a + 1
        // <=> (2a - n)^2 < 5 n^2 < (2a + 2 - n)^2
        expect((2n * a - n) ** 2n < 5n * n * n && 5n * n * n < (2n * a + 2n - n) ** 2n).toBe(true);
        const x = big(digits);
        const y = big(digits);
        const moves = wythoffWinningMoves(x, y);
        expect(moves.length > 0).toBe(!isWythoffP(x, y));
        for (const m of moves) {
          const [tx, ty] = m.to;
          expect(isWythoffP(tx, ty)).toBe(true);
          expectLegal(x, y, m);
        }
      }
    }
  });
});
