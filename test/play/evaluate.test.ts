import type { CustomRules } from '../../src/rules/types.js';
import { describe, expect, it } from 'vitest';
import { evaluate, type ResolvedComponent } from '../../src/play/evaluate.js';
import { GameValues } from '../../src/play/game-values.js';
import { findMoves } from '../../src/play/moves.js';
import { parseRules, periodDetector } from '../../src/games/registry.js';
import type { Rules } from '../../src/rules/types.js';
import { naiveOptions, naiveValues, randInt, rng } from '../helpers/naive-games.js';

/** A custom rule: remove 1 or 2, or split an even heap >= 4 into two halves (README example). */
function* custom(n: number): Generator<number[]> {
  if (n >= 1) yield [n - 1];
  if (n >= 2) yield [n - 2];
  if (n >= 4 && n % 2 === 0) yield [n / 2, n / 2];
}
const moduleRules: CustomRules = { family: 'module', key: 'module:test.js#0', path: '/nonexistent/test.js', hash: '0' };

const SPECS = [
  'nim',
  'sub:1,3,4',
  'sub:squares',
  'allbut:1,2',
  'octal:0.77',
  'octal:0.137',
  'octal:4.07',
  'octal:0.8f',
  'grundy',
];
const N = 60;

function gameFor(rules: Rules, length = N): { gv: GameValues; naive: Uint32Array } {
  const naive = naiveValues(rules, length, custom);
  const table = Uint32Array.from(naive);
  const cert = periodDetector(rules).detect(table, length);
  return { gv: new GameValues(rules, table, cert), naive };
}

/** Every move of the sum to nim-sum 0, by brute force over the naive options. */
function bruteWinningMoves(components: ResolvedComponent[], naive: Uint32Array[]): string[] {
  const values = components.map((c, i) => c.heaps.map((h) => naive[i]![Number(h)]!));
  const total = values.flat().reduce((a, b) => a ^ b, 0);
  const out: string[] = [];
  components.forEach((c, ci) => {
    c.heaps.forEach((h, hi) => {
      for (const t of naiveOptions(c.game.rules, Number(h), custom)) {
        const after = total ^ values[ci]![hi]! ^ t.reduce((x, k) => x ^ (k === 0 ? 0 : naive[ci]![k]!), 0);
        if (after === 0)
          out.push(
            `${ci + 1}.${hi + 1}:${t
              .filter((k) => k > 0)
              .sort((a, b) => a - b)
              .join(',')}`,
          );
      }
    });
  });
  return [...new Set(out)].sort();
}

describe('evaluate against brute force', () => {
  const games = [...SPECS.map((s) => parseRules(s)), moduleRules].map((rules) => ({ rules, ...gameFor(rules) }));

  it('finds exactly the moves to nim-sum 0 (--moves all) on random sums, seeded', () => {
    const r = rng(4);
    for (let trial = 0; trial < 300; trial++) {
      const k = randInt(r, 1, 3);
      const picked = Array.from({ length: k }, () => games[randInt(r, 0, games.length - 1)]!);
      const components: ResolvedComponent[] = picked.map((g) => ({
        spec: g.rules.key,
        game: g.gv,
        heaps: Array.from({ length: randInt(r, 1, 2) }, () => BigInt(randInt(r, 0, N - 1))),
        ...(g.rules.family === 'module' ? { options: custom } : {}),
      }));
      const e = evaluate(components, 'all', 100_000);
      const expected = bruteWinningMoves(
        components,
        picked.map((g) => g.naive),
      );
      const got = [
        ...new Set(
          e.moves.map(
            (m) =>
              `${m.component}.${m.heap}:${m.leaves
                .map(Number)
                .sort((a, b) => a - b)
                .join(',')}`,
          ),
        ),
      ].sort();
      expect(got).toEqual(expected);
      expect(e.outcome).toBe(expected.length === 0 && e.nimSum === 0n ? 'P' : 'N');
      // A sum is an N-position iff some move reaches nim-sum 0.
      expect(e.nimSum === 0n).toBe(expected.length === 0);

      const one = evaluate(components, 'one');
      expect(one.moves.length).toBe(e.nimSum === 0n ? 0 : 1);
      for (const m of one.moves) {
        // Recompute the nim-sum after the move from the naive values.
        const ci = m.component - 1;
        let x = 0;
        components.forEach((c, i) => {
          c.heaps.forEach((h, j) => {
            if (i !== ci || j !== m.heap - 1) x ^= picked[i]!.naive[Number(h)]!;
          });
        });
        for (const leaf of m.leaves) x ^= picked[ci]!.naive[Number(leaf)]!;
        expect(x).toBe(0);
        // 'one' moves the heap with the highest bit of the nim-sum, to a smaller value.
        expect(m.toValue < m.fromValue).toBe(true);
      }
    }
  });

  it("describes moves in each game's own terms", () => {
    const kayles = games.find((g) => g.rules.key === 'octal:0.77')!;
    const moves = findMoves(kayles.gv, 10n, 0n, { limit: 100 }).moves.map((m) => m.move);
    expect(moves).toContain('remove 2 tokens and split the rest into 4 + 4');
    const sub = games.find((g) => g.rules.key === 'sub:1,3,4')!;
    expect(findMoves(sub.gv, 4n, 0n, { limit: 10 }).moves.map((m) => m.move)).toEqual([
      'remove 4 tokens (the whole heap)',
    ]);
    const grundy = games.find((g) => g.rules.key === 'grundy')!;
    expect(findMoves(grundy.gv, 8n, 0n, { limit: 10 }).moves[0]!.move).toMatch(/^split into \d+ and \d+$/);
    const mod = games.find((g) => g.rules.family === 'module')!;
    const mm = findMoves(mod.gv, 8n, mod.gv.value(4n) ^ mod.gv.value(4n), { limit: 10, options: custom }).moves;
    expect(mm.map((m) => m.move)).toContain('move to (4, 4)');
  });
});

describe('heaps far beyond the table, through a proven certificate', () => {
  for (const spec of ['octal:0.77', 'octal:0.137', 'octal:0.07', 'sub:1,3,4', 'sub:2,5,7', 'octal:0.b']) {
    it(`${spec}: option values of a huge heap match those of a small heap with the same residue`, () => {
      const rules = parseRules(spec);
      const length = spec === 'octal:0.b' ? 200 : 700;
      const naive = naiveValues(rules, length);
      const cert = periodDetector(rules).detect(naive, length);
      expect(cert?.proven).toBe(true);
      // Load only the preperiod and one period, so every large heap goes through the certificate.
      const span = cert!.preperiod + cert!.period;
      const gv = new GameValues(rules, naive.slice(0, span), cert);
      const p = BigInt(cert!.period);
      const r = rng(7);
      for (let trial = 0; trial < 12; trial++) {
        const huge = 10n ** 30n + BigInt(randInt(r, 0, 1000));
        // A small twin: same residue mod p, large enough for the period to hold for every part.
        const base = BigInt(length - 2 * Number(p));
        const twin = Number(base + ((((huge - base) % p) + p) % p));
        expect(gv.value(huge)).toBe(BigInt(naive[twin]!));
        const optionValues = new Set<number>();
        for (const t of naiveOptions(rules, twin))
          optionValues.add(t.reduce((x, k) => x ^ (k === 0 ? 0 : naive[k]!), 0));
        for (let target = 0; target < 20; target++) {
          const found = findMoves(gv, huge, BigInt(target), { limit: 1 });
          expect(found.moves.length > 0, `${spec} n=${huge} target ${target}`).toBe(optionValues.has(target));
          for (const m of found.moves) {
            expect(m.values.reduce((a, b) => a ^ b, 0n)).toBe(BigInt(target));
            expect(m.leaves.reduce((a, b) => a + b, 0n) + m.remove).toBe(huge);
            // Recompute every value of the heaps left from the naive table via the residue.
            for (let j = 0; j < m.leaves.length; j++) {
              const leaf = m.leaves[j]!;
              const direct =
                leaf < BigInt(length) ? naive[Number(leaf)]! : naive[Number(base + ((((leaf - base) % p) + p) % p))]!;
              expect(m.values[j]).toBe(BigInt(direct));
            }
          }
        }
      }
    });
  }

  it('three-heap splits: searching two parts over one period finds every value a huge heap reaches', () => {
    // The reduction only uses the periodicity of the values, so a three-heap code over the
    // Kayles sequence (period 12 from 71) exercises it with a long period.
    const kayles = parseRules('kayles');
    const seq = naiveValues(kayles, 300);
    const cert = periodDetector(kayles).detect(seq, 300)!;
    const code = parseRules('octal:0.8f');
    const gv = new GameValues(code, seq.slice(0, 83), cert);
    const periodic = (n: bigint): number => (n < 83n ? seq[Number(n)]! : seq[71 + Number((n - 71n) % 12n)]!);
    for (const huge of [10n ** 25n, 10n ** 25n + 5n, 10n ** 25n + 11n]) {
      const twin = 3 * 83 + 12 + Number((huge - 261n) % 12n);
      const reach = new Set<number>();
      for (const t of naiveOptions(code, twin))
        reach.add(t.reduce((x, k) => x ^ (k === 0 ? 0 : periodic(BigInt(k))), 0));
      for (let target = 0; target < 16; target++) {
        const found = findMoves(gv, huge, BigInt(target), { limit: 1 });
        expect(found.moves.length > 0, `n=${huge} target ${target}`).toBe(reach.has(target));
        for (const m of found.moves)
          expect(m.leaves.reduce((x, h) => x ^ BigInt(periodic(h)), 0n)).toBe(BigInt(target));
      }
    }
  });

  it('a sum with a huge Kayles heap: every listed winning move reaches nim-sum 0', () => {
    const rules = parseRules('kayles');
    const naive = naiveValues(rules, 300);
    const cert = periodDetector(rules).detect(naive, 300);
    const gv = new GameValues(rules, naive.slice(0, 83), cert);
    const nimGame = new GameValues(parseRules('nim'), new Uint8Array(0), null);
    const e = evaluate(
      [
        { spec: 'kayles', game: gv, heaps: [10n ** 40n + 5n] },
        { spec: 'nim', game: nimGame, heaps: [6n] },
      ],
      'all',
      50,
    );
    expect(e.outcome).toBe('N');
    expect(e.moves.length).toBeGreaterThan(0);
    expect(e.periodic).toBe(true);
    for (const m of e.moves) {
      const rest = m.component === 1 ? 6n : gv.value(10n ** 40n + 5n);
      const after = m.leaves.reduce((x, h) => x ^ (m.component === 1 ? gv.value(h) : h), rest);
      expect(after).toBe(0n);
    }
  });
});
