import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nimAdd, nimInv, nimMul, nimPow, nimSqrt } from '../../src/nimber/arith.js';
import { mulHi, nimMul16, nimMul32, nimMul64, nimMulMany } from '../../src/nimber/fast.js';
import { nimMulMexTable, nimMulSlow, nimMulSmall } from '../../src/nimber/slow.js';
import { seededRandom } from '../../src/testing/random.js';
import { naiveNimMul, naiveNimMulTable } from '../helpers/naive-nimber.js';

interface Fixture {
  readonly sequences: readonly { readonly oeis: string; readonly values: readonly number[] }[];
}
const fixturePath = new URL('../fixtures/oeis-nimbers-2d.json', import.meta.url);
const fixture = JSON.parse(readFileSync(fixturePath, 'utf8')) as Fixture;
const A051775 = fixture.sequences.find((s) => s.oeis === 'A051775')!.values;

function random64(random: () => number): bigint {
  const word = (): bigint => BigInt(Math.floor(random() * 2 ** 32));
  return (word() << 32n) | word();
}

/** The oracle: the mex definition in the test helpers, not src/nimber/slow.ts. */
const MEX = naiveNimMulTable(64);

describe('nim multiplication', () => {
  it('the mex rule gives the fast product for all a, b < 64', () => {
    const slowMex = nimMulMexTable(64);
    for (let a = 0; a < 64; a++) {
      for (let b = 0; b < 64; b++) {
        expect(nimMul(BigInt(a), BigInt(b))).toBe(BigInt(MEX[a]![b]!));
        expect(nimMul16(a, b)).toBe(MEX[a]![b]!);
        expect(slowMex[a]![b]).toBe(MEX[a]![b]!);
        // The two oracles agree: the Fermat-power rules are the mex rule.
        expect(naiveNimMul(BigInt(a), BigInt(b))).toBe(BigInt(MEX[a]![b]!));
      }
    }
  });

  it('known products: 2*2 = 3, 4*4 = 6, 16*16 = 24, and F*F = 3F/2 for every Fermat 2-power F', () => {
    expect(nimMul16(2, 2)).toBe(3);
    expect(nimMul16(4, 4)).toBe(6);
    expect(nimMul16(16, 16)).toBe(24);
    for (const f of [2, 4, 16, 256]) {
      expect(nimMul16(f, f), `${f}*${f}`).toBe((3 * f) / 2);
      expect(nimMul32(f, f), `${f}*${f}`).toBe((3 * f) / 2);
      expect(nimMul(BigInt(f), BigInt(f))).toBe(BigInt((3 * f) / 2));
    }
    expect(nimMul32(65536, 65536)).toBe(3 * 32768);
    expect(nimMul(1n << 16n, 1n << 16n)).toBe(3n << 15n);
    // Distinct Fermat 2-powers multiply as integers.
    expect(nimMul16(2, 4)).toBe(8);
    expect(nimMul16(16, 256)).toBe(4096);
    expect(nimMul32(256, 65536)).toBe(1 << 24);
  });

  it('OEIS A051775 (read by antidiagonals, n = 0..d on antidiagonal d) is the mex table and the fast product', () => {
    let i = 0;
    for (let d = 0; i < A051775.length; d++) {
      for (let n = 0; n <= d && i < A051775.length; n++, i++) {
        expect(MEX[n]![d - n]).toBe(A051775[i]);
        expect(nimMul(BigInt(n), BigInt(d - n))).toBe(BigInt(A051775[i]!));
      }
    }
    expect(i).toBe(83);
  });

  it('the Fermat-power rules and the tower recursion equal the fast product on random 16-, 32-, 64-bit values', () => {
    const random = seededRandom(7);
    for (let k = 0; k < 300; k++) {
      const a = Math.floor(random() * 65536);
      const b = Math.floor(random() * 65536);
      expect(BigInt(nimMul16(a, b)), `${a} * ${b}`).toBe(naiveNimMul(BigInt(a), BigInt(b)));
      expect(nimMulSmall(a, b)).toBe(nimMul16(a, b));
      const c = Math.floor(random() * 2 ** 32);
      const d = Math.floor(random() * 2 ** 32);
      expect(BigInt(nimMul32(c, d)), `${c} * ${d}`).toBe(naiveNimMul(BigInt(c), BigInt(d)));
      expect(BigInt(nimMul32(c, d))).toBe(nimMulSlow(BigInt(c), BigInt(d)));
    }
    for (let k = 0; k < 60; k++) {
      const a = random64(random);
      const b = random64(random);
      expect(nimMul(a, b), `${a} * ${b}`).toBe(naiveNimMul(a, b));
      expect(nimMul(a, b)).toBe(nimMulSlow(a, b));
    }
  });

  it('a known 64-bit product (the C reference of the project prints the same)', () => {
    expect(nimMul(0x123456789abcdef0n, 0xfedcba9876543210n)).toBe(9851508946933153151n);
    // Fermat 2-powers: F * F = 3F/2 (Conway), distinct ones multiply as integers.
    expect(nimMul(1n << 32n, 1n << 32n)).toBe(3n << 31n);
    expect(nimMul(1n << 32n, 1n << 16n)).toBe(1n << 48n);
  });

  it('field laws on random 64-bit values', () => {
    const random = seededRandom(11);
    for (let k = 0; k < 200; k++) {
      const a = random64(random);
      const b = random64(random);
      const c = random64(random);
      expect(nimMul(a, b)).toBe(nimMul(b, a));
      expect(nimMul(nimMul(a, b), c)).toBe(nimMul(a, nimMul(b, c)));
      expect(nimMul(a, nimAdd(b, c))).toBe(nimAdd(nimMul(a, b), nimMul(a, c)));
      expect(nimMul(a, 1n)).toBe(a);
      if (a !== 0n) expect(nimMul(a, nimInv(a))).toBe(1n);
    }
  });

  it('powers agree with repeated products and with the group order', () => {
    const random = seededRandom(13);
    for (let k = 0; k < 20; k++) {
      const a = random64(random);
      let p = 1n;
      for (let e = 0; e < 20; e++) {
        expect(nimPow(a, BigInt(e))).toBe(p);
        p = nimMul(p, a);
      }
      const e1 = BigInt(Math.floor(random() * 1e9));
      const e2 = BigInt(Math.floor(random() * 1e9));
      expect(nimPow(a, e1 + e2)).toBe(nimMul(nimPow(a, e1), nimPow(a, e2)));
      expect(nimPow(a, (1n << 64n) - 1n)).toBe(1n);
    }
    expect(nimPow(0n, 0n)).toBe(1n);
    expect(nimPow(0n, 5n)).toBe(0n);
    expect(() => nimInv(0n)).toThrow(/no nim-multiplicative inverse/);
  });

  it('the batch kernel equals the scalar product', () => {
    const random = seededRandom(17);
    const n = 1000;
    const w = (): Uint32Array => Uint32Array.from({ length: n }, () => Math.floor(random() * 2 ** 32));
    const [aHi, aLo, bHi, bLo] = [w(), w(), w(), w()];
    const outHi = new Uint32Array(n);
    const outLo = new Uint32Array(n);
    nimMulMany(aHi, aLo, bHi, bLo, outHi, outLo);
    for (let i = 0; i < n; i++) {
      const lo = nimMul64(aHi[i]!, aLo[i]!, bHi[i]!, bLo[i]!);
      expect([outHi[i], outLo[i]]).toEqual([mulHi, lo]);
    }
  });
});

describe('nim square root', () => {
  it('sqrt(a)^2 = a and sqrt(a^2) = a on edge values and seeded random 64-bit values', () => {
    const random = seededRandom(19);
    const edges = [0n, 1n, 2n, 3n, 1n << 32n, 1n << 63n, (1n << 64n) - 1n];
    for (const a of [...edges, ...Array.from({ length: 300 }, () => random64(random))]) {
      const s = nimSqrt(a);
      expect(s < 1n << 64n).toBe(true);
      expect(nimMul(s, s), `sqrt(${a})^2`).toBe(a);
      expect(nimSqrt(nimMul(a, a))).toBe(a);
    }
  });

  it('known roots from the mex table: sqrt(3) = 2, sqrt(6) = 4, sqrt(24) = 16; roots stay in subfields', () => {
    expect(nimSqrt(3n)).toBe(2n);
    expect(nimSqrt(6n)).toBe(4n);
    expect(nimSqrt(24n)).toBe(16n);
    for (let a = 0; a < 64; a++) {
      const s = Number(nimSqrt(BigInt(a)));
      expect(MEX[s]![s]).toBe(a);
    }
    const random = seededRandom(23);
    for (let i = 0; i < 100; i++) expect(nimSqrt(BigInt(Math.floor(random() * 65536))) < 65536n).toBe(true);
  });
});
