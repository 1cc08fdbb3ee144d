import { describe, expect, it } from 'vitest';
import { closedFormOf, parseRules, periodDetector, plainKernel } from '../../src/games/registry.js';
import { plainValues } from '../../src/kernels/values.js';
import { evaluate, type ResolvedComponent } from '../../src/play/evaluate.js';
import { GameValues } from '../../src/play/game-values.js';
import { findMoves } from '../../src/play/moves.js';
import { seededRandom } from '../../src/testing/random.js';
import { naiveValues } from '../helpers/naive-games.js';

/** Winning Ways, "Lasker's Nim": g(0) = 0; g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3. */
function theorem(n: number): number {
  if (n === 0) return 0;
  return [n - 1, n, n, n + 1][n % 4]!;
}

const LASKER = parseRules('lasker');
const closedForm = closedFormOf(LASKER)!;

function plainTable(count: number): Uint32Array {
  const g = plainValues(32, count);
  const out = plainKernel(LASKER).run(g, 0, count, 0);
  expect(out.next).toBe(count);
  return Uint32Array.from(g);
}

describe("Lasker's Nim (4.3...): the closed form", () => {
  it('every spelling is the one game lasker', () => {
    const specs = ['lasker', 'LASKER', 'laskers-nim', 'octal:4.3...', '4.3...', '4.(3)', '4.333…', 'hex:4.3̅'];
    for (const spec of specs) {
      expect(parseRules(spec), spec).toStrictEqual({ family: 'lasker', key: 'lasker' });
    }
  });

  it('the plain kernel (the reference) equals the theorem for n < 2000, and the naive twin for n < 120', () => {
    const g = plainTable(2000);
    for (let n = 0; n < 2000; n++) expect(g[n], `g(${n})`).toBe(theorem(n));
    expect(Array.from(naiveValues('octal:4.3...', 120))).toStrictEqual(Array.from(g.subarray(0, 120)));
  });

  it('the closed form answers any n up to 10^18 and beyond, as a bigint and as a number', () => {
    for (let n = 0; n < 200; n++) {
      expect(closedForm.value(BigInt(n))).toBe(BigInt(theorem(n)));
      expect(closedForm.number(n)).toBe(theorem(n));
    }
    const e18 = 10n ** 18n;
    expect([0n, 1n, 2n, 3n].map((d) => closedForm.value(e18 + d))).toStrictEqual([
      e18 - 1n,
      e18 + 1n,
      e18 + 2n,
      e18 + 4n,
    ]);
  });

  it('its histogram counts each value of g over [0, N]', () => {
    for (let N = 0; N <= 40; N++) {
      const counts: bigint[] = [];
      for (let n = 0; n <= N; n++) {
        const v = theorem(n);
        while (counts.length <= v) counts.push(0n);
        counts[v]! += 1n;
      }
      expect(closedForm.histogram(BigInt(N)), `N = ${N}`).toStrictEqual(counts);
    }
  });

  it('the period detector proves g(n + 4) = g(n) + 4 from n = 1 on the kernel values, by the theorem', () => {
    const found = periodDetector(LASKER).detect(plainTable(400), 400);
    expect(found).toMatchObject({ preperiod: 1, period: 4, saltus: 4, proven: true });
    expect(found!.criterion).toContain("Lasker's Nim");
  });
});

describe("Lasker's Nim: moves in the game's terms", () => {
  const values = new GameValues(LASKER, plainValues(8, 0), null);

  it('every option value below g(n) is reached, and every move found has the value asked (n < 300)', () => {
    const g = plainTable(300);
    for (let n = 1; n < 300; n++) {
      for (let t = 0; t < g[n]!; t++) {
        const found = findMoves(values, BigInt(n), BigInt(t), { limit: 1000 });
        expect(found.moves.length, `n = ${n}, target ${t}`).toBeGreaterThan(0);
        for (const move of found.moves) {
          expect(move.leaves.reduce((s, h) => s + h, move.remove)).toBe(BigInt(n));
          expect(move.values.reduce((x, v) => x ^ v, 0n)).toBe(BigInt(t));
          expect(move.values).toStrictEqual(move.leaves.map((h) => BigInt(g[Number(h)]!)));
        }
      }
    }
  });

  it('a winning move of a sum lands on value 0, also with heaps of 10^18', () => {
    const rand = seededRandom(42);
    const huge = 10n ** 18n;
    for (let i = 0; i < 200; i++) {
      const heaps = [0, 1, 2].map(() => BigInt(Math.floor(rand() * 60)) + (i % 4 === 0 ? huge : 0n));
      const components: ResolvedComponent[] = [{ spec: 'lasker', game: values, heaps }];
      const e = evaluate(components, 'one', 10);
      const nimSum = heaps.reduce((x, h) => x ^ closedForm.value(h), 0n);
      expect(e.nimSum).toBe(nimSum);
      if (nimSum === 0n) {
        expect(e.moves).toStrictEqual([]);
        continue;
      }
      expect(e.moves).toHaveLength(1);
      const move = e.moves[0]!;
      const after = heaps.map((h, j) => (j === move.heap - 1 ? 0n : closedForm.value(h)));
      const left = move.leaves.reduce((x, h) => x ^ closedForm.value(h), 0n);
      expect(after.reduce((x, v) => x ^ v, left)).toBe(0n);
      expect(move.move).toMatch(/^(remove \d+ tokens?|split into \d+ \+ \d+)/);
    }
  });

  it('a heap 4k+3 whose target is itself is split 1 + (4k+2), the only removal being out of reach', () => {
    const n = 10n ** 18n + 3n;
    const found = findMoves(values, n, n, { limit: 1 });
    expect(found.moves[0]).toMatchObject({ move: `split into 1 + ${n - 1n}`, remove: 0n });
  });
});
