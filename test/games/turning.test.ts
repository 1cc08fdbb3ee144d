import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boardSupport, closedFormOf, parseRules, plainKernel, tableFamily } from '../../src/games/registry.js';
import { plainValues } from '../../src/kernels/values.js';
import type { Rules } from '../../src/rules/types.js';
import { seededRandom } from '../../src/testing/random.js';
import { coinMoves, type NaiveCoinRules, productValues, rowValues } from '../helpers/naive-coins.js';
import { randInt } from '../helpers/naive-games.js';

/** The games, as the twin reads them (its own reading of the counts, not the family's parser). */
const GAMES: readonly { spec: string; naive: NaiveCoinRules }[] = [
  { spec: 'ruler', naive: { allows: () => true, consecutive: true } },
  { spec: 'mock-turtles', naive: { allows: (c) => c >= 1 && c <= 3, consecutive: false } },
  { spec: 'twins', naive: { allows: (c) => c === 2, consecutive: false } },
  { spec: 'turtles', naive: { allows: (c) => c === 1 || c === 2, consecutive: false } },
  { spec: 'turning:1,4', naive: { allows: (c) => c === 1 || c === 4, consecutive: false } },
  { spec: 'turning:2..3', naive: { allows: (c) => c === 2 || c === 3, consecutive: false } },
  { spec: 'turning:consecutive:1..3', naive: { allows: (c) => c <= 3, consecutive: true } },
  { spec: 'turning:consecutive:1,3..', naive: { allows: (c) => c !== 2, consecutive: true } },
  { spec: 'turning:consecutive:2', naive: { allows: (c) => c === 2, consecutive: true } },
];

const L = 9;

/** g(0..count-1) from the family's plain kernel. */
function kernelTable(rules: Rules, count: number): number[] {
  const g = plainValues(32, count);
  expect(plainKernel(rules).run(g, 0, count, 0).next).toBe(count);
  return Array.from(g);
}

/** The nim-sum of the heads' values: the theorem the twin does not use. */
function rowValue(g: readonly number[], row: number): number {
  let x = 0;
  for (let n = 1; n <= L; n++) if (row & (1 << (n - 1))) x ^= g[n]!;
  return x;
}

describe('coin-turning games: values against explicit search over rows of coins', () => {
  it('single heads and 600 random rows: g(row) = nim-sum of its heads (kernel and closed form)', () => {
    const r = seededRandom(42);
    let checked = 0;
    for (const { spec, naive } of GAMES) {
      const rules = parseRules(spec);
      const twin = rowValues(naive, L);
      const g = kernelTable(rules, L + 1);
      for (let n = 1; n <= L; n++) expect(g[n], `${spec} coin ${n}`).toBe(twin[1 << (n - 1)]);
      const form = closedFormOf(rules);
      if (form) for (let n = 0; n <= L; n++) expect(form.number(n), `${spec} closed form at ${n}`).toBe(g[n]);
      for (let t = 0; t < 70; t++) {
        const row = randInt(r, 0, (1 << L) - 1);
        expect(rowValue(g, row), `${spec} row ${row.toString(2)}`).toBe(twin[row]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(600);
  });

  it('winning moves: each one the family lists reaches a row of value 0 by explicit search', () => {
    const r = seededRandom(7);
    let moved = 0;
    for (const { spec, naive } of GAMES) {
      const rules = parseRules(spec);
      const twin = rowValues(naive, L);
      const g = kernelTable(rules, L + 1);
      const values = {
        key: rules.key,
        length: g.length,
        cert: null,
        value: (n: bigint) => BigInt(g[Number(n)]!),
        valueInTable: (n: number) => g[n]!,
      };
      for (let t = 0; t < 40; t++) {
        const row = randInt(r, 1, (1 << L) - 1);
        const x = twin[row]!;
        for (let n = 1; n <= L; n++) {
          if (!(row & (1 << (n - 1)))) continue;
          const target = BigInt(g[n]! ^ x);
          const moves = [
            ...tableFamily(rules).moves({
              rules,
              values,
              n: BigInt(n),
              target,
              limit: 1000,
              state: { periodic: false },
            }),
          ];
          // Every move the twin knows to a row of value 0 from this head is listed, and nothing else.
          const want = coinMoves(naive, n).filter((set) => twin[row ^ set] === 0).length;
          expect(moves.length, `${spec} row ${row.toString(2)} head ${n}`).toBe(want);
          for (const m of moves) {
            let set = 1 << (n - 1);
            for (const c of m.leaves) set |= 1 << (Number(c) - 1);
            expect(twin[row ^ set]).toBe(0);
            moved++;
          }
        }
      }
    }
    expect(moved).toBeGreaterThan(100);
  });

  it('moves beyond any table by the closed forms: Ruler, Mock Turtles and Twins near 10^18', () => {
    for (const spec of ['ruler', 'mock-turtles', 'twins']) {
      const rules = parseRules(spec);
      const form = closedFormOf(rules)!;
      // Ruler's coin 3 * 2^60 has value 2^60: every smaller value is a move.
      const n = spec === 'ruler' ? 3n << 60n : 10n ** 18n + 3n;
      const values = { key: rules.key, length: 0, cert: null, value: form.value, valueInTable: () => 0 };
      for (const target of [0n, 1n, 2n, 3n]) {
        const state = { periodic: false };
        const [m] = tableFamily(rules).moves({ rules, values, n, target, limit: 1, state });
        expect(m, `${spec} to ${target}`).toBeDefined();
        expect(m!.leaves.reduce((x, c) => x ^ form.value(c), 0n)).toBe(target);
        for (const c of m!.leaves) expect(c >= 1n && c < n).toBe(true);
      }
    }
  });
});

describe('coin-turning games: published values (OEIS, test/fixtures/oeis-coin-turning.json)', () => {
  const oeis = JSON.parse(readFileSync(new URL('../fixtures/oeis-coin-turning.json', import.meta.url), 'utf8')) as {
    A006519: { terms: number[] };
    A000069: { terms: number[] };
  };
  it('Ruler: g(n) = A006519(n), the highest power of 2 dividing n', () => {
    const terms = oeis.A006519.terms;
    const g = kernelTable(parseRules('ruler'), terms.length + 1);
    expect(g.slice(1)).toEqual(terms);
  });
  it('Mock Turtles: g(n) = A000069(n), the n-th odious number (coins from 1)', () => {
    const terms = oeis.A000069.terms;
    const g = kernelTable(parseRules('mock-turtles'), terms.length + 1);
    expect(g.slice(1)).toEqual(terms);
  });
});

describe("coin-turning products (Tartan's theorem) against explicit search on grids", () => {
  it('product:A*B at every position of a 3 x 4 grid equals the nim-sum of the table at its heads', () => {
    const pairs = [
      [GAMES[0]!, GAMES[1]!],
      [GAMES[1]!, GAMES[1]!],
      [GAMES[2]!, GAMES[6]!],
      [GAMES[4]!, GAMES[0]!],
    ] as const;
    for (const [a, b] of pairs) {
      const rules = parseRules(`product:${a.spec}*${b.spec}`);
      const board = boardSupport(rules)!;
      const n = 5;
      const table = board.table(rules, n, {
        factors: [kernelTable(parseRules(a.spec), n), kernelTable(parseRules(b.spec), n)],
      }).values;
      const [X, Y] = [3, 4];
      const twin = productValues(a.naive, b.naive, X, Y);
      for (let pos = 0; pos < 1 << (X * Y); pos++) {
        let x = 0;
        for (let c = 0; c < X * Y; c++) if (pos & (1 << c)) x ^= table[((c % X) + 1) * n + Math.floor(c / X) + 1]!;
        if (x !== twin[pos]) expect(x, `${rules.key} position ${pos.toString(2)}`).toBe(twin[pos]);
      }
    }
  });
});

describe('coin-turning specs', () => {
  it('spellings, canonical keys and refusals', () => {
    expect(parseRules('ruler').key).toBe('turning:consecutive:1..');
    expect(parseRules('turning:3,1,2').key).toBe('turning:1..3');
    expect(parseRules('turning:consecutive:1,2,3..').key).toBe('turning:consecutive:1..');
    expect(() => parseRules('turning:1..')).toThrow(/anywhere is not supported/);
    expect(() => parseRules('turning:0')).toThrow(/at least one coin/);
    expect(() => parseRules('turning:')).toThrow(/gives no counts/);
  });
});
