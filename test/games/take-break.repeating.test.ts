import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import {
  frozenSupport,
  heapFamily,
  parseRules,
  periodDetector,
  plainKernel,
  proofCriterion,
  sparseShape,
} from '../../src/games/registry.js';
import { plainValues } from '../../src/kernels/values.js';
import { evaluate } from '../../src/play/evaluate.js';
import { GameValues } from '../../src/play/game-values.js';
import { seededRandom } from '../../src/testing/random.js';
import { naiveValues } from '../helpers/naive-games.js';

/** The kernel's values g(0..count-1) of a spec. */
function plainTable(spec: string, count: number): Uint32Array {
  const g = plainValues(32, count);
  expect(plainKernel(parseRules(spec)).run(g, 0, count, 0).next).toBe(count);
  return Uint32Array.from(g);
}

describe('repeating take-and-break codes: spellings and canonical keys', () => {
  it.each([
    ['octal:0.13...', { family: 'octal', key: 'octal:0.13...', digits: [0, 1], repeat: 3 }],
    ['.13...', { family: 'octal', key: 'octal:0.13...', digits: [0, 1], repeat: 3 }],
    ['0.1333…', { family: 'octal', key: 'octal:0.13...', digits: [0, 1], repeat: 3 }],
    ['octal:0.1(3)', { family: 'octal', key: 'octal:0.13...', digits: [0, 1], repeat: 3 }],
    ['octal:0.13̅', { family: 'octal', key: 'octal:0.13...', digits: [0, 1], repeat: 3 }],
    ['octal:0.7...', { family: 'octal', key: 'octal:0.7...', digits: [0], repeat: 7 }],
    ['0.777...', { family: 'octal', key: 'octal:0.7...', digits: [0], repeat: 7 }],
    ['hex:0.F...', { family: 'octal', key: 'octal:0.f...', digits: [0], repeat: 15 }],
    ['octal:0.51...', { family: 'octal', key: 'octal:0.51...', digits: [0, 5], repeat: 1 }],
    ['octal:4.07...', { family: 'octal', key: 'octal:4.07...', digits: [4, 0], repeat: 7 }],
    // The same games under their own families: remove any number (but some) is nim (all-but).
    ['octal:0.3...', { family: 'nim', key: 'nim' }],
    ['0.(3)', { family: 'nim', key: 'nim' }],
    ['octal:0.03...', { family: 'allbut', key: 'allbut:1', excluded: [1] }],
    ['octal:0.3303...', { family: 'allbut', key: 'allbut:3', excluded: [3] }],
    ['octal:4.3...', { family: 'lasker', key: 'lasker' }],
    // A repeating 0 is the finite code.
    ['octal:0.770...', { family: 'octal', key: 'octal:0.77', digits: [0, 7, 7] }],
    ['octal:0.30...', { family: 'sub', key: 'sub:1', set: [1] }],
  ])('%s -> %j', (spec, rules) => {
    expect(parseRules(spec)).toStrictEqual(rules);
  });

  it('a repeating code never shares a key with a finite one, and its key reads back to itself', () => {
    const keys = new Map<string, string>();
    for (const spec of ['0.13...', '0.13', '0.133', '0.1333', '0.7...', '0.7', '0.77', '0.51...', '0.51', '0.511']) {
      const key = parseRules(spec).key;
      expect(keys.get(key), `${spec} and ${keys.get(key)} share ${key}`).toBeUndefined();
      keys.set(key, spec);
      expect(parseRules(key).key).toBe(key);
    }
  });

  it.each([
    ['octal:0.(12)', 'only the last digit may repeat'],
    ['octal:0....', 'no digit to repeat'],
    ['octal:4.()', 'only the last digit may repeat'],
    ['octal:1.3...', "d0 = '1'"],
    ['octal:0.0...', 'allows no move'],
    ['octal:0.3....', 'not a take-and-break code'],
  ])('%s is refused: %s', (spec, message) => {
    expect(() => parseRules(spec)).toThrow(UsageError);
    expect(() => parseRules(spec)).toThrow(message);
  });
});

describe('repeating codes: strategies and periods', () => {
  it('only the plain kernel takes them: no sparse space, no frozen prefix, no proof criterion', () => {
    for (const spec of ['0.7...', '0.13...', '0.51...', '4.07...', '0.f...']) {
      const rules = parseRules(spec);
      expect(sparseShape(rules), spec).toBeNull();
      expect(frozenSupport(rules), spec).toBeNull();
      expect(proofCriterion(rules), spec).toBeNull();
    }
    // The finite codes keep theirs.
    expect(sparseShape(parseRules('0.77'))).not.toBeNull();
    expect(proofCriterion(parseRules('0.77'))).not.toBeNull();
  });

  it('growing values are seen as arithmetic periodicity, observed only (0.13...: g(n) = ceil(n / 2))', () => {
    const g = plainTable('0.13...', 300);
    const found = periodDetector(parseRules('0.13...')).detect(g, 300);
    expect(found).not.toBeNull();
    expect(found!.proven).toBe(false);
    expect(found!.criterion).toBe('observed');
    expect(found).toMatchObject({ period: 2, saltus: 1 });
    const { preperiod: e, period: p, saltus: s } = found!;
    for (let n = e; n + p < 300; n++) expect(g[n + p]).toBe(g[n]! + s);
  });
});

describe('repeating codes: the plain kernel against the naive twin', () => {
  const CODES = ['0.3...', '0.7...', '4.3...', '0.13...', '0.51...', '0.2...', '4.07...', '0.1...', '0.f...'];
  const N = 36;

  it('600 random sums of 1 to 3 heaps below 36 across nine codes have the naive twin value', () => {
    const naive = new Map(CODES.map((c) => [c, naiveValues(`octal:${c}`, N)]));
    const kernel = new Map(CODES.map((c) => [c, plainTable(`octal:${c}`, N)]));
    const rand = seededRandom(7);
    for (let i = 0; i < 600; i++) {
      const code = CODES[i % CODES.length]!;
      const heaps = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => Math.floor(rand() * N));
      const x = (g: Uint32Array): number => heaps.reduce((acc, h) => acc ^ g[h]!, 0);
      expect(x(kernel.get(code)!), `${code} @ ${heaps.join(' + ')}`).toBe(x(naive.get(code)!));
    }
  });

  it('the family options list what the rule text allows (0.51...: heap 6)', () => {
    const options = [...heapFamily(parseRules('0.51...'))!.options(parseRules('0.51...'), 6)];
    // d1 = 5: remove 1 and leave nothing (only from 1) or two heaps; d_i = 1 for i >= 2: take a whole heap of i.
    expect(options).toStrictEqual([[1, 4], [2, 3], []]);
    expect([...heapFamily(parseRules('0.51...'))!.options(parseRules('0.51...'), 1)]).toStrictEqual([[]]);
    expect([...heapFamily(parseRules('0.51...'))!.options(parseRules('0.51...'), 5)]).toContainEqual([]);
  });

  it('a winning move of a sum lands on value 0 and is said in the game terms', () => {
    const rand = seededRandom(11);
    for (const code of ['0.7...', '0.13...', '4.07...']) {
      const rules = parseRules(`octal:${code}`);
      const table = plainTable(`octal:${code}`, 60);
      const game = new GameValues(rules, table, null);
      for (let i = 0; i < 40; i++) {
        const heaps = [0, 1].map(() => BigInt(Math.floor(rand() * 60)));
        const e = evaluate([{ spec: code, game, heaps }], 'all', 1000);
        if (e.nimSum === 0n) continue;
        expect(e.moves.length, `${code} @ ${heaps.join(' + ')}`).toBeGreaterThan(0);
        for (const move of e.moves) {
          const others = heaps
            .filter((_, j) => j !== move.heap - 1)
            .reduce((x, h) => x ^ BigInt(table[Number(h)]!), 0n);
          const left = move.leaves.reduce((x, h) => x ^ BigInt(table[Number(h)]!), 0n);
          expect(others ^ left).toBe(0n);
          expect(move.move).toMatch(/^(remove (all )?\d+ tokens?|split into|remove \d+ tokens? and split)/);
        }
      }
    }
  });
});
