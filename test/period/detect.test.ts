import { describe, expect, it } from 'vitest';
import { plainKernel, periodDetector } from '../../src/games/registry.js';
import { plainValues } from '../../src/kernels/values.js';
import { valueByCertificate } from '../../src/period/certificate.js';
import { reversedZ } from '../../src/period/z-function.js';
import { parseRules } from '../../src/games/registry.js';
import { rng } from '../helpers/naive.js';

function table(spec: string, N: number): Uint16Array {
  const g = plainValues(16, N) as Uint16Array;
  plainKernel(parseRules(spec)).run(g, 0, N, 0);
  return g;
}

function detect(spec: string, L: number) {
  return periodDetector(parseRules(spec)).detect(table(spec, L), L);
}

describe('Z-function of the reversed sequence', () => {
  it('matches the definition on random sequences', () => {
    const rand = rng(42);
    for (let t = 0; t < 200; t++) {
      const L = 1 + Math.floor(rand() * 60);
      const s = Array.from({ length: L }, () => Math.floor(rand() * 3));
      const z = reversedZ(s, L);
      for (let p = 1; p < L; p++) {
        let k = 0;
        while (p + k < L && s[L - 1 - k] === s[L - 1 - k - p]) k++;
        expect(z[p]).toBe(k);
      }
    }
  });
});

describe('take-and-break bound (h = 2): L >= 2(e + p) + k', () => {
  it('Kayles: preperiod 71, period 12, proven exactly from L = 168', () => {
    expect(detect('kayles', 168)).toMatchObject({ preperiod: 71, period: 12, proven: true, saltus: 0 });
    const before = detect('kayles', 167);
    expect(before?.proven ?? false).toBe(false);
  });

  it('a repeat seen in the prefix is not yet a proof: Kayles at L = 120 repeats with period 12, unproven', () => {
    const g = table('kayles', 120);
    // The period is visible in the data...
    for (let n = 71; n + 12 < 120; n++) expect(g[n + 12]).toBe(g[n]);
    // ...but 2(71 + 12) + 2 = 168 > 120 values: no claim is proven.
    const claim = periodDetector(parseRules('kayles')).detect(g, 120);
    expect(claim === null || claim.proven === false).toBe(true);
  });

  it("Dawson's Kayles 53/34 and Dawson's Chess 52/34", () => {
    expect(detect('octal:0.07', 2 * (53 + 34) + 2)).toMatchObject({ preperiod: 53, period: 34, proven: true });
    expect(detect('octal:0.07', 2 * (53 + 34) + 1)?.proven ?? false).toBe(false);
    expect(detect('octal:0.137', 2 * (52 + 34) + 3)).toMatchObject({ preperiod: 52, period: 34, proven: true });
    expect(detect('octal:0.137', 2 * (52 + 34) + 2)?.proven ?? false).toBe(false);
  });

  it('the least period is reported, not a multiple, on long data', () => {
    expect(detect('kayles', 5000)).toMatchObject({ preperiod: 71, period: 12, proven: true });
  });
});

describe('finite subtraction window: L >= e + p + k', () => {
  it('sub 1,2,3 period 4; sub 1,3,4 period 7; sub 2,5,7 period 22', () => {
    expect(detect('sub:1,2,3', 64)).toMatchObject({ preperiod: 0, period: 4, proven: true });
    expect(detect('sub:1,3,4', 64)).toMatchObject({ preperiod: 0, period: 7, proven: true });
    expect(detect('sub:2,5,7', 64)).toMatchObject({ preperiod: 0, period: 22, proven: true });
  });

  it('the proof needs exactly e + p + k values', () => {
    // sub 2,5,7: e = 0, p = 22, k = 7.
    expect(detect('sub:2,5,7', 29)).toMatchObject({ period: 22, proven: true });
    expect(detect('sub:2,5,7', 28)?.proven ?? false).toBe(false);
  });

  it('a repeat shorter than the window is not a proof', () => {
    // sub:1,8 starts 0 1 0 1 0 1 0 1 2 ...: at L = 8 the prefix repeats with period 2,
    // but the window is 8 wide and g(8) = 2 breaks the pattern.
    const early = detect('sub:1,8', 8);
    expect(early === null || early.proven === false).toBe(true);
    const g = table('sub:1,8', 9);
    expect(g[8]).toBe(2);
  });

  it('preperiodic sets: the proven preperiod and period hold far beyond the data', () => {
    const rand = rng(5);
    for (let t = 0; t < 30; t++) {
      const set = [...new Set(Array.from({ length: 3 }, () => 1 + Math.floor(rand() * 20)))];
      const spec = `sub:${set.join(',')}`;
      const claim = detect(spec, 4000);
      expect(claim?.proven, spec).toBe(true);
      const long = table(spec, 20000);
      const { preperiod: e, period: p } = claim!;
      let firstBreak = -1;
      for (let n = e; n + p < 20000 && firstBreak < 0; n++) if (long[n + p] !== long[n]) firstBreak = n;
      expect(firstBreak, spec).toBe(-1);
      if (e > 0) expect(long[e - 1 + p]).not.toBe(long[e - 1]);
    }
  });
});

describe('nim and all-but games', () => {
  it('nim: g(n) = n, proven, saltus 1', () => {
    expect(detect('nim', 100)).toMatchObject({ preperiod: 0, period: 1, saltus: 1, proven: true });
  });

  it('all-but games are arithmetic-periodic, reported as observed', () => {
    const claim = detect('allbut:1,2', 3000);
    expect(claim).toMatchObject({ proven: false, criterion: 'observed' });
    expect(claim!.saltus).toBeGreaterThan(0);
    const g = table('allbut:1,2', 3000);
    const { preperiod: e, period: p, saltus: s } = claim!;
    for (let n = e; n + p < 3000; n++) expect(g[n + p]).toBe(g[n]! + s);
  });
});

describe('families without a proof criterion', () => {
  it("subtract-a-square and Grundy's game: no period found", () => {
    expect(detect('sub:squares', 5000)).toBeNull();
    expect(detect('grundy', 3000)).toBeNull();
  });
});

describe('values from a certificate', () => {
  it('agree with the table inside it and extend it exactly with BigInt n', () => {
    const g = table('kayles', 1000);
    const cert = detect('kayles', 1000)!;
    for (let n = 0; n < 1000; n++) expect(valueByCertificate(cert, BigInt(n), (i) => g[i]!)).toBe(BigInt(g[n]!));
    const huge = 10n ** 30n;
    const expected = g[71 + Number((huge - 71n) % 12n)]!;
    expect(valueByCertificate(cert, huge, (i) => g[i]!)).toBe(BigInt(expected));
  });

  it('with a saltus: nim at 2^80 is 2^80', () => {
    const cert = detect('nim', 10)!;
    expect(valueByCertificate(cert, 2n ** 80n, (i) => i)).toBe(2n ** 80n);
  });
});
