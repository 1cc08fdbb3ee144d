import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QuotientAnswerer } from '../../src/misere/quotient-answer.js';
import { type Quotient, QuotientBuilder, QuotientLimitError, quotientUpTo } from '../../src/misere/quotient.js';
import { naiveOptions } from '../helpers/naive-games.js';
import { naiveMisere, smallSums } from '../helpers/naive-misere-sums.js';

/** Published facts about quotients, each with its source (test/fixtures/misere-quotients.json). */
const FACTS = JSON.parse(readFileSync(new URL('../fixtures/misere-quotients.json', import.meta.url), 'utf8')) as {
  sources: Record<string, string>;
  orders: { code: string; heaps: number; order: number; source: string }[];
};

/** Tame and wild codes whose quotients of heaps 1..14 are quick to find (0.07 Dawson's Kayles, 0.71 of order 36). */
const CODES = [
  '0.03',
  '0.07',
  '0.12',
  '0.13',
  '0.14',
  '0.15',
  '0.31',
  '0.32',
  '0.34',
  '0.51',
  '0.52',
  '0.53',
  '0.55',
  '0.56',
  '0.57',
  '0.7',
  '0.72',
  '0.75',
  '0.4',
  '0.144',
  '0.104',
  '4.0',
  '0.1',
  '0.2',
  '0.26',
  '0.71',
  '0.73',
];
const HEAPS = 14;

const options = (code: string) => (n: number) => naiveOptions(`octal:${code}`, n);

function classOf(q: Quotient, heaps: readonly number[]): number {
  let x = 0;
  for (const h of heaps) x = q.mult[x * q.order + q.phi[h]!]!;
  return x;
}

describe('the misère quotient of heaps 1..14 against game-tree search', () => {
  const sums = smallSums(4, 14);
  it.each(CODES)('octal %s: every sum of up to 4 heaps with at most 14 tokens, and a winning move', (code) => {
    const isP = naiveMisere(`octal:${code}`);
    const orders: number[] = [];
    const q = quotientUpTo(options(code), HEAPS, {}, (x) => {
      orders.push(x.order);
      return undefined;
    });
    const answerer = new QuotientAnswerer(q, options(code), null, null);
    let checked = 0;
    for (const sum of sums) {
      const p = isP(sum);
      expect(q.isP[classOf(q, sum)] === 1, `${sum.join('+')}`).toBe(p);
      const a = answerer.answer(sum);
      expect(a.outcome).toBe(p ? 'P' : 'N');
      if (!p && a.move) {
        const i = sum.indexOf(a.move.heap);
        const after = [...sum.slice(0, i), ...sum.slice(i + 1), ...a.move.to];
        expect(isP(after), `${sum.join('+')} -> ${after.join('+')}`).toBe(true);
        checked++;
      }
    }
    // Only sums of heaps with no move lack one: every other N-position got a checked move.
    expect(checked).toBe(
      sums.filter((s) => !isP(s) && s.some((h) => [...naiveOptions(`octal:${code}`, h)].length > 0)).length,
    );
    // Impartial quotients have even order (plambeck-siegel-2008) once some heap has a move.
    for (const order of orders) if (order > 1) expect(order % 2).toBe(0);
    expect(FACTS.sources['plambeck-siegel-2008']).toContain('even');
  });
});

describe('published facts about quotients', () => {
  const found = CODES.map((code) => ({ code, q: quotientUpTo(options(code), 12) }));

  it('a quotient with |P| = 2 has order 2^n + 2 or 2^n + 4 (siegel-2007)', () => {
    const withTwo = found.filter(({ q }) => q.isP.reduce((s, p) => s + p, 0) === 2);
    expect(withTwo.length).toBeGreaterThan(3);
    for (const { code, q } of withTwo) {
      const n2 = Math.log2(q.order - 2);
      const n4 = q.order > 4 ? Math.log2(q.order - 4) : Number.NaN;
      expect(Number.isInteger(n2) || Number.isInteger(n4), `${code}: order ${q.order}`).toBe(true);
    }
  });

  it('every quotient of order 8 is the same monoid with the same P-portion (siegel-2007)', () => {
    const eights = found.filter(({ q }) => q.order === 8);
    expect(eights.map((e) => e.code)).toContain('0.75');
    for (const { code, q } of eights) expect(isomorphic(eights[0]!.q, q), code).toBe(true);
  });

  it("one token a move is Bouton's misère Nim of ones: P exactly when the tokens are odd (bouton-1902)", () => {
    const q = quotientUpTo((n) => naiveOptions('sub:1', n), 10);
    expect(q.order).toBe(2);
    for (let h = 1; h <= 10; h++) expect(q.phi[h] === 0).toBe(h % 2 === 0);
    expect(q.isP[q.phi[1]!]).toBe(1);
  });
});

describe('published orders of quotients (test/fixtures/misere-quotients.json)', () => {
  it.each(FACTS.orders)('octal $code: the quotient of heaps 1..$heaps has order $order ($source)', (fact) => {
    expect(FACTS.sources[fact.source]).toContain(`${fact.order}`);
    const q = quotientUpTo(options(fact.code), fact.heaps);
    expect(q.heaps).toBe(fact.heaps);
    expect(q.order).toBe(fact.order);
    // The quotient found is checked, and its outcomes agree with game-tree search on small sums.
    const isP = naiveMisere(`octal:${fact.code}`);
    for (const sum of smallSums(3, 26)) expect(q.isP[classOf(q, sum)] === 1, sum.join('+')).toBe(isP(sum));
  });
});

describe('wild quotients of many heaps against game-tree search', () => {
  it('Kayles (0.77): heaps 1..40, every sum of at most 30 tokens', () => {
    const q = quotientUpTo(options('0.77'), 40);
    const isP = naiveMisere('octal:0.77');
    for (const sum of allSums(30)) expect(q.isP[classOf(q, sum)] === 1, sum.join('+')).toBe(isP(sum));
  });
});

describe('the builder', () => {
  it('resumes from a stored quotient to the same quotient as a run from the start', () => {
    const direct = quotientUpTo(options('0.26'), 13);
    const first = quotientUpTo(options('0.26'), 8);
    const resumed = new QuotientBuilder(options('0.26'), {}, first);
    let q = first;
    while (q.heaps < 13) q = resumed.next();
    expect(q.order).toBe(direct.order);
    for (const sum of smallSums(3, 13)) {
      expect(q.isP[classOf(q, sum)], sum.join('+')).toBe(direct.isP[classOf(direct, sum)]);
    }
  });

  it('stops at its limits with the heap it reached', () => {
    expect(() => quotientUpTo(options('0.77'), 12, { maxOrder: 10 })).toThrow(QuotientLimitError);
    try {
      quotientUpTo(options('0.77'), 12, { maxOrder: 10 });
    } catch (err) {
      expect((err as QuotientLimitError).heap).toBe(5);
    }
  });
});

/** Every non-empty sum with at most `tokens` tokens. */
function allSums(tokens: number): number[][] {
  const out: number[][] = [];
  const grow = (sum: number[], from: number, left: number): void => {
    if (sum.length > 0) out.push([...sum]);
    for (let h = from; h <= left; h++) grow([...sum, h], h, left - h);
  };
  grow([], 1, tokens);
  return out;
}

/** Whether two quotients are isomorphic as monoids with P-portions (a search over bijections). */
function isomorphic(a: Quotient, b: Quotient): boolean {
  const m = a.order;
  if (b.order !== m) return false;
  const map = new Int32Array(m).fill(-1);
  const used = new Uint8Array(m);
  map[0] = 0;
  used[0] = 1;
  const ok = (): boolean => {
    for (let x = 0; x < m; x++) {
      if (a.isP[x] !== b.isP[map[x]!]) return false;
      for (let y = 0; y < m; y++) if (map[a.mult[x * m + y]!] !== b.mult[map[x]! * m + map[y]!]) return false;
    }
    return true;
  };
  const place = (x: number): boolean => {
    if (x === m) return ok();
    for (let y = 1; y < m; y++) {
      if (used[y] || a.isP[x] !== b.isP[y]) continue;
      map[x] = y;
      used[y] = 1;
      if (place(x + 1)) return true;
      used[y] = 0;
    }
    return false;
  };
  return place(1);
}
