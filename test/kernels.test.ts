import type { CustomRules } from '../src/rules/types.js';
import { describe, expect, it } from 'vitest';
import { plainKernel } from '../src/games/registry.js';
import type { OptionsFunction } from '../src/kernels/kernel.js';
import { maskMex, MexSet } from '../src/kernels/mex.js';
import { plainValues, regrow, widthFor, wider, type Values, type Width } from '../src/kernels/values.js';
import { parseRules } from '../src/games/registry.js';
import type { Rules } from '../src/rules/types.js';
import { naiveValues, rng, type OptionGenerator } from './helpers/naive.js';

/**
 * Run a kernel the way the coordinator does: random chunk boundaries, starting in 8 bits and
 * widening whenever a value does not fit.
 */
function runChunked(rules: Rules, N: number, seed: number, options?: OptionsFunction): Values {
  const kernel = plainKernel(rules, options);
  const rand = rng(seed);
  let width: Width = 8;
  let g = plainValues(width, N);
  let next = 0;
  let max = 0;
  while (next < N) {
    const hi = Math.min(N, next + 1 + Math.floor(rand() * 700));
    const out = kernel.run(g, next, hi, max);
    next = out.next;
    max = Math.max(max, out.maxValue);
    if (out.overflowValue !== undefined) {
      width = wider(width, widthFor(out.overflowValue));
      g = regrow(g, next, width, N, false);
    }
  }
  return g;
}

function expectSame(rules: Rules, N: number, seed: number): void {
  const got = Array.from(runChunked(rules, N, seed));
  const want = naiveValues(rules, N);
  expect(got, rules.key).toEqual(want);
}

describe('mex', () => {
  it('MexSet: mex of {} is 0, of {0,1,2,5} is 3, and sets are independent', () => {
    const m = new MexSet(2);
    m.clear();
    expect(m.mex()).toBe(0);
    for (const v of [0, 1, 2, 5]) m.add(v);
    expect(m.mex()).toBe(3);
    expect(m.has(5)).toBe(true);
    m.clear();
    expect(m.has(5)).toBe(false);
    m.add(0);
    m.add(1000); // grows past its initial size
    expect(m.mex()).toBe(1);
  });
  it('maskMex over 32-bit masks', () => {
    expect(maskMex(0)).toBe(0);
    expect(maskMex(0b10111)).toBe(3);
    expect(maskMex(-1)).toBe(32);
    expect(maskMex(0x7fffffff)).toBe(31);
  });
});

describe('kernels agree with their naive twins', () => {
  it('200 random finite subtraction sets, n < 2000', () => {
    const rand = rng(1);
    for (let t = 0; t < 200; t++) {
      const size = 1 + Math.floor(rand() * 6);
      const max = 1 + Math.floor(rand() * 40);
      const set = Array.from({ length: size }, () => 1 + Math.floor(rand() * max));
      const rules = parseRules(`sub:${set.join(',')}`);
      expectSame(rules, 1000 + Math.floor(rand() * 1000), t);
    }
  });

  it('a finite subtraction set with 40 elements (the wide-mex path)', () => {
    const set = Array.from({ length: 40 }, (_, i) => 2 * i + 1);
    expectSame(parseRules(`sub:${set.join(',')}`), 1500, 7);
  });

  it('200 random octal/hex codes of up to 4 digits, n < 2000', () => {
    const rand = rng(2);
    let tested = 0;
    while (tested < 200) {
      const digits = 1 + Math.floor(rand() * 4);
      const hex = rand() < 0.3;
      const code = Array.from({ length: digits }, () => Math.floor(rand() * (hex ? 16 : 8)).toString(16)).join('');
      const d0 = rand() < 0.15 ? (hex && rand() < 0.5 ? '8' : '4') : '0';
      // A code that allows no move is refused as a typo (games/take-break.ts): draw another.
      if (d0 === '0' && /^0+$/.test(code)) continue;
      const rules = parseRules(`octal:${d0}.${code}`);
      const threeHeaps = /[89a-f]/.test(code) || d0 === '8';
      // Three-heap options are O(n^2) per heap in the naive twin too: keep those tables short.
      // One code in ten runs the full n < 2000; the rest stay short so the suite stays fast.
      const N = threeHeaps ? 80 + Math.floor(rand() * 80) : tested % 10 === 0 ? 1999 : 200 + Math.floor(rand() * 500);
      expectSame(rules, N, 100 + tested);
      tested++;
    }
  });

  it.each(['squares', 'cubes', 'powers2', 'primes', 'fibonacci', 'triangular'])('sub:%s to 5000', (name) => {
    expectSame(parseRules(`sub:${name}`), 5000, 3);
  });

  it("Grundy's game to 2500", () => {
    expectSame(parseRules('grundy'), 2500, 4);
  });

  it('nim and random all-but games, through widening to 16 bits', () => {
    expectSame(parseRules('nim'), 2000, 5);
    const rand = rng(6);
    for (let t = 0; t < 40; t++) {
      const excluded = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => 1 + Math.floor(rand() * 12));
      expectSame(parseRules(`allbut:${excluded.join(',')}`), 400 + Math.floor(rand() * 600), t);
    }
  });

  it('nim widens to 32 bits: g(n) = n past 65535', () => {
    const g = runChunked(parseRules('nim'), 70_000, 9);
    expect(g).toBeInstanceOf(Uint32Array);
    for (const n of [0, 255, 256, 65535, 65536, 69_999]) expect(g[n]).toBe(n);
  });

  it('custom rules: a module options function against its naive generator', () => {
    // Remove 1 or 2, or split an even heap into equal halves, or take 3 and split the rest into two.
    const gen: OptionGenerator = (n) => {
      const out: number[][] = [];
      if (n >= 1) out.push([n - 1]);
      if (n >= 2) out.push([n - 2]);
      if (n >= 4 && n % 2 === 0) out.push([n / 2, n / 2]);
      for (let a = 1; 2 * a <= n - 3; a++) out.push([a, n - 3 - a]);
      return out;
    };
    const rules: CustomRules = { family: 'module', key: 'module:test#0', path: '/dev/null', hash: '0' };
    const got = Array.from(runChunked(rules, 800, 11, (n) => gen(n)));
    expect(got).toEqual(naiveValues(rules, 800, gen));
  });

  it('custom rules that leave a heap >= n are refused, naming the position', () => {
    const kernel = plainKernel(
      { family: 'module', key: 'module:bad#0', path: 'bad.js', hash: '0' } as CustomRules,
      (n) => (n === 5 ? [[5]] : []),
    );
    const g = plainValues(8, 10);
    const out = kernel.run(g, 0, 10, 0);
    expect(out.next).toBe(5);
    expect(out.failure).toMatch(/options\(5\) yielded heap 5 >= 5/);
  });
});
