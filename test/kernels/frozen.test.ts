import { builtin } from '../helpers/builtin-rules.js';
import type { CustomRules } from '../../src/rules/types.js';
import { describe, expect, it } from 'vitest';
import { rowWordsFor, RowMex } from '../../src/kernels/frozen/index.js';
import { parseRules } from '../../src/games/registry.js';
import { formatCode } from '../../src/rules/take-break.js';
import type { Rules } from '../../src/rules/types.js';
import { naiveTakeBreak, plainTable, randomCode, randomInt, rng, frozenTable } from '../helpers/frozen-driver.js';

const octal = (digits: number[]): Rules => parseRules(`octal:${formatCode(digits)}`);

describe('frozen-prefix kernels agree with the plain kernels', () => {
  it('on random octal and hex codes with splits, n < 3000, odd chunks and random tiles', () => {
    const rand = rng(20240601);
    for (let trial = 0; trial < 10; trial++) {
      const rules = octal(randomCode(rand));
      expect(rules.family).toBe('octal');
      const N = randomInt(rand, 600, 2999);
      const r = builtin(rules);
      const three = r.family === 'octal' && r.digits.some((d) => d & 8);
      const n = three ? Math.min(N, 500) : N;
      const expected = plainTable(rules, n);
      const chunk = randomInt(rand, 1, 97) | 1;
      const got = frozenTable(rules, n, {
        plainTo: randomInt(rand, 1, 40),
        chunk: () => chunk,
        rand,
        tiles: randomInt(rand, 1, 5),
      });
      expect(Array.from(got.values), `${rules.key} chunk ${chunk}`).toEqual(Array.from(expected));
    }
  });

  it('matches the definition (independent twin) on small codes, splits into three heaps included', () => {
    for (const code of [
      [0, 7, 7],
      [0, 1, 3, 7],
      [4, 0, 7],
      [0, 0, 0xf],
      [8, 0, 4],
      [0, 6],
      [0, 0xc, 4],
    ]) {
      const rules = octal(code);
      const N = code.some((d) => d & 8) ? 120 : 400;
      const got = frozenTable(rules, N, { plainTo: 3, chunk: (a) => 1 + (a % 7), rand: rng(code.length), tiles: 3 });
      expect(Array.from(got.values), rules.key).toEqual(naiveTakeBreak(code, N));
    }
  });

  it("on Grundy's game to 20000 with chunks of odd, varying length", () => {
    const rules = parseRules('grundy');
    const N = 20000;
    const expected = plainTable(rules, N);
    const rand = rng(7);
    const got = frozenTable(rules, N, {
      plainTo: 500,
      chunk: (a) => (Math.floor(a / 40) | 1) + randomInt(rand, 0, 2) * 2,
      rand,
      tiles: 3,
    });
    expect(got.chunks).toBeGreaterThan(10);
    expect(Array.from(got.values)).toEqual(Array.from(expected));
  });

  for (const name of ['squares', 'primes', 'powers2', 'triangular', 'cubes', 'fibonacci'] as const) {
    // Primes have n / ln n options per heap: 2e4 keeps the plain reference fast on a busy machine.
    const N = name === 'primes' ? 20_000 : 100_000;
    it(`on subtract-${name} to ${N}`, () => {
      const rules = parseRules(`sub:${name}`);
      const expected = plainTable(rules, N, undefined, 16);
      const rand = rng(name.length);
      const got = frozenTable(rules, N, {
        plainTo: 64,
        chunk: (a) => (Math.floor(a / 50) | 1) + 2,
        rand,
        tiles: 2,
        width: 16,
      });
      expect(Array.from(got.values)).toEqual(Array.from(expected));
    });
  }
});

describe('width promotion inside the frozen prefix', () => {
  it('widens 8 -> 16 when a finish meets a value > 255, and the values stay exact', () => {
    // A nim twin through the custom-module path: options(n) = every smaller heap, g(n) = n.
    const rules: CustomRules = { family: 'module', key: 'module:nim-twin#0', path: '/dev/null', hash: '0' };
    const options = (n: number): number[][] => Array.from({ length: n }, (_, m) => [m]);
    const N = 700;
    const got = frozenTable(rules, N, { plainTo: 10, chunk: () => 37, rand: rng(3), tiles: 3, options });
    expect(got.widths).toEqual([8, 16]);
    expect(Array.from(got.values)).toEqual(Array.from({ length: N }, (_, n) => n));
  });

  it('keeps rows exact when in-chunk values outgrow the row (values beyond rowWords * 32)', () => {
    const rules: CustomRules = { family: 'module', key: 'module:nim-twin#1', path: '/dev/null', hash: '1' };
    const options = (n: number): number[][] => Array.from({ length: n }, (_, m) => [m]);
    // One huge chunk: rows hold values < 64 (max before = 40), the chunk reaches 400.
    const got = frozenTable(rules, 400, { plainTo: 41, chunk: () => 1000, rand: rng(4), tiles: 4, width: 16, options });
    expect(Array.from(got.values)).toEqual(Array.from({ length: 400 }, (_, n) => n));
  });

  it('keeps byte rows exact when in-chunk values outgrow them (infinite subtraction sets)', () => {
    // From a prefix of 4 heaps (max 1: rows of 32 values) one chunk runs on until the values
    // pass 32 (squares from 8654, triangular numbers from 3751): the finish must count the
    // options set aside beyond the row.
    for (const [name, N] of [
      ['squares', 10_000],
      ['triangular', 5_000],
    ] as const) {
      const rules = parseRules(`sub:${name}`);
      const expected = plainTable(rules, N, undefined, 16);
      expect(Math.max(...expected), name).toBeGreaterThan(32);
      const got = frozenTable(rules, N, { plainTo: 4, chunk: () => 2 * N, rand: rng(6), tiles: 3, width: 16 });
      expect(Array.from(got.values), name).toEqual(Array.from(expected));
    }
  });

  it("continues from a Grundy's-game table started narrow", () => {
    const rules = parseRules('grundy');
    const expected = plainTable(rules, 3000);
    const got = frozenTable(rules, 3000, { plainTo: 100, chunk: () => 61, rand: rng(5), tiles: 2, width: 8 });
    expect(Array.from(got.values)).toEqual(Array.from(expected));
  });
});

describe("frozen-prefix kernels on the gang's schedule: tiles finished from their own start (s > F)", () => {
  it('on random octal and hex codes with splits, odd tiles, 1 to 3 members', () => {
    const rand = rng(20260115);
    for (let trial = 0; trial < 10; trial++) {
      const rules = octal(randomCode(rand));
      const r = builtin(rules);
      const three = r.family === 'octal' && r.digits.some((d) => d & 8);
      const N = three ? 400 : randomInt(rand, 600, 2500);
      const gang = { tile: randomInt(rand, 1, 23) | 1, members: randomInt(rand, 1, 3) };
      const chunk = randomInt(rand, 40, 300) | 1;
      const got = frozenTable(rules, N, { plainTo: randomInt(rand, 1, 40), chunk: () => chunk, rand, tiles: 1, gang });
      const label = `${rules.key} tile ${gang.tile} members ${gang.members}`;
      expect(Array.from(got.values), label).toEqual(Array.from(plainTable(rules, N)));
    }
  });

  it('matches the definition (independent twin) on small codes, splits into three heaps included', () => {
    for (const code of [
      [0, 7, 7],
      [4, 0, 7],
      [0, 0, 0xf],
      [8, 0, 4],
    ]) {
      const rules = octal(code);
      const N = code.some((d) => d & 8) ? 120 : 400;
      const gang = { tile: 5, members: 3 };
      const got = frozenTable(rules, N, { plainTo: 3, chunk: () => 61, rand: rng(code.length), tiles: 1, gang });
      expect(Array.from(got.values), rules.key).toEqual(naiveTakeBreak(code, N));
    }
  });

  it("on Grundy's game to 20000, stopping where the values outgrow the rows", () => {
    const rules = parseRules('grundy');
    const N = 20000;
    const got = frozenTable(rules, N, {
      plainTo: 20,
      chunk: (a) => Math.max(31, a >> 2),
      rand: rng(11),
      tiles: 1,
      gang: { tile: 37, members: 2 },
    });
    expect(got.regrows).toBeGreaterThan(0);
    expect(Array.from(got.values)).toEqual(Array.from(plainTable(rules, N)));
  });

  for (const name of ['squares', 'primes', 'triangular', 'fibonacci'] as const) {
    const N = name === 'primes' ? 20_000 : 60_000;
    it(`on subtract-${name} to ${N}, byte rows from each tile's start`, () => {
      const rules = parseRules(`sub:${name}`);
      const got = frozenTable(rules, N, {
        plainTo: 64,
        chunk: (a) => Math.max(97, a >> 1),
        rand: rng(name.length),
        tiles: 1,
        width: 16,
        gang: { tile: 131, members: 2 },
      });
      expect(Array.from(got.values)).toEqual(Array.from(plainTable(rules, N, undefined, 16)));
    });
  }

  it('widens 8 -> 16 inside a tile and keeps custom-module tuples per tile (nim twin)', () => {
    const rules: CustomRules = { family: 'module', key: 'module:nim-twin#2', path: '/dev/null', hash: '2' };
    const options = (n: number): number[][] => Array.from({ length: n }, (_, m) => [m]);
    const N = 700;
    const gang = { tile: 13, members: 3 };
    const got = frozenTable(rules, N, { plainTo: 10, chunk: () => 151, rand: rng(8), tiles: 1, options, gang });
    expect(got.widths).toEqual([8, 16]);
    expect(got.regrows).toBeGreaterThan(0);
    expect(Array.from(got.values)).toEqual(Array.from({ length: N }, (_, n) => n));
  });

  it('sets aside in-tile values beyond the byte rows when [F, s) already holds wide values', () => {
    // From 4 heaps (rows of 32 values) one chunk runs on: values pass 32 inside it, so later
    // tiles finish with values of [F, s) beyond their rows (the driver only stops a gather).
    const rules = parseRules('sub:triangular');
    const N = 5000;
    const got = frozenTable(rules, N, {
      plainTo: 4,
      chunk: () => 2 * N,
      rand: rng(9),
      tiles: 1,
      width: 16,
      gang: { tile: 64, members: 2 },
    });
    expect(Array.from(got.values)).toEqual(Array.from(plainTable(rules, N, undefined, 16)));
  });
});

describe('row helpers', () => {
  it('sizes rows so every XOR of values <= max has its bit', () => {
    expect(rowWordsFor(0)).toBe(1);
    expect(rowWordsFor(31)).toBe(1);
    expect(rowWordsFor(32)).toBe(2);
    expect(rowWordsFor(255)).toBe(8);
    expect(rowWordsFor(256)).toBe(16);
  });

  it('takes the mex across the row and the values set aside', () => {
    const rows = new Int32Array(4);
    const m = new RowMex();
    m.reset();
    rows[2] = -1;
    rows[3] = -1;
    expect(m.mex(rows, 2, 2)).toBe(64);
    m.mark(rows, 2, 2, 64);
    m.mark(rows, 2, 2, 65);
    m.mark(rows, 2, 2, 67);
    expect(m.mex(rows, 2, 2)).toBe(66);
    m.reset();
    expect(m.mex(rows, 2, 2)).toBe(64);
    rows[2] = ~(1 << 5);
    expect(m.mex(rows, 2, 2)).toBe(5);
  });
});
