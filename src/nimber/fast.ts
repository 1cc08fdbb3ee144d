import { nimLogTables } from './tables.js';

/**
 * The fast nim product of 64-bit values, on (hi, lo) pairs of uint32 held in plain numbers.
 *
 * Method: Karatsuba on the field tower. With F = 2^32 and a = aHi F + aLo:
 *   a * b = (c1 + c0) F + c0 + c2 * 2^31,   c0 = aLo bLo, c2 = aHi bHi, c1 = (aLo + aHi)(bLo + bHi)
 * (+ is xor; F * F = F + 2^31; aHi bLo + aLo bHi = c1 + c0 + c2). The same split of each 32-bit
 * product on F = 2^16 leaves 9 products of 16-bit nimbers, each one lookup in the logarithm
 * tables of GF(2^16) (tables.ts), plus the "* 2^15" and "* 2^31" terms, which are lookups too.
 */
let LOG: Int32Array = new Int32Array(0);
let EXP: Uint16Array = new Uint16Array(0);
let LH = 0;

/**
 * The tables are built on the first product, not when this module loads: every command that
 * loads the game registry loads it, and building them cost each process and worker 5-12 ms.
 */
function load(): void {
  ({ log: LOG, exp: EXP, logHalf: LH } = nimLogTables());
}

/** x * 2^15 for x < 2^16. */
function half16(x: number): number {
  return EXP[LOG[x]! + LH]!;
}

/** x * 2^31 for x < 2^32: 2^31 = 2^16 * 2^15, and x * 2^16 = (x1 + x0) 2^16 + x1 * 2^15. */
function half32(x: number): number {
  const x1 = x >>> 16;
  return ((half16(x1 ^ (x & 0xffff)) << 16) | half16(half16(x1))) >>> 0;
}

/** a * b for a, b < 2^16. */
export function nimMul16(a: number, b: number): number {
  if (LH === 0) load();
  return EXP[LOG[a]! + LOG[b]!]!;
}

/** a * b for uint32 a, b (the nimbers below 2^32 are a subfield: the product is a uint32). */
export function nimMul32(a: number, b: number): number {
  if (LH === 0) load();
  const a1 = a >>> 16;
  const a0 = a & 0xffff;
  const b1 = b >>> 16;
  const b0 = b & 0xffff;
  const c0 = EXP[LOG[a0]! + LOG[b0]!]!;
  const c2 = EXP[LOG[a1]! + LOG[b1]!]!;
  const c1 = EXP[LOG[a0 ^ a1]! + LOG[b0 ^ b1]!]!;
  return (((c1 ^ c0) << 16) | (c0 ^ EXP[LOG[c2]! + LH]!)) >>> 0;
}

/** The high word of the last nimMul64 result (the low word is returned): no allocation per product. */
export let mulHi = 0;

/** (aHi, aLo) * (bHi, bLo): returns the low uint32 of the product and leaves the high one in mulHi. */
export function nimMul64(aHi: number, aLo: number, bHi: number, bLo: number): number {
  const c0 = nimMul32(aLo, bLo);
  const c2 = nimMul32(aHi, bHi);
  const c1 = nimMul32(aLo ^ aHi, bLo ^ bHi);
  mulHi = (c1 ^ c0) >>> 0;
  return (c0 ^ half32(c2)) >>> 0;
}

/**
 * out[i] = a[i] * b[i] for 64-bit values split into uint32 halves: the batch kernel, with the
 * whole tower written out in the loop so nothing is called per product.
 */
export function nimMulMany(
  aHi: Uint32Array,
  aLo: Uint32Array,
  bHi: Uint32Array,
  bLo: Uint32Array,
  outHi: Uint32Array,
  outLo: Uint32Array,
  count = aHi.length,
): void {
  if (LH === 0) load();
  const L = LOG;
  const E = EXP;
  const h = LH;
  for (let i = 0; i < count; i++) {
    const xh = aHi[i]!;
    const xl = aLo[i]!;
    const yh = bHi[i]!;
    const yl = bLo[i]!;
    // c0 = xl * yl
    let p = xl >>> 16;
    let q = xl & 0xffff;
    let r = yl >>> 16;
    let s = yl & 0xffff;
    let u0 = E[L[q]! + L[s]!]!;
    let u2 = E[L[p]! + L[r]!]!;
    let u1 = E[L[p ^ q]! + L[r ^ s]!]!;
    const c0 = ((u1 ^ u0) << 16) | (u0 ^ E[L[u2]! + h]!);
    // c2 = xh * yh
    p = xh >>> 16;
    q = xh & 0xffff;
    r = yh >>> 16;
    s = yh & 0xffff;
    u0 = E[L[q]! + L[s]!]!;
    u2 = E[L[p]! + L[r]!]!;
    u1 = E[L[p ^ q]! + L[r ^ s]!]!;
    const c2 = ((u1 ^ u0) << 16) | (u0 ^ E[L[u2]! + h]!);
    // c1 = (xl + xh) * (yl + yh)
    const xs = xl ^ xh;
    const ys = yl ^ yh;
    p = xs >>> 16;
    q = xs & 0xffff;
    r = ys >>> 16;
    s = ys & 0xffff;
    u0 = E[L[q]! + L[s]!]!;
    u2 = E[L[p]! + L[r]!]!;
    u1 = E[L[p ^ q]! + L[r ^ s]!]!;
    const c1 = ((u1 ^ u0) << 16) | (u0 ^ E[L[u2]! + h]!);
    // c2 * 2^31
    const t1 = c2 >>> 16;
    const g1 = E[L[t1]! + h]!;
    const half = (E[L[t1 ^ (c2 & 0xffff)]! + h]! << 16) | E[L[g1]! + h]!;
    outHi[i] = c1 ^ c0;
    outLo[i] = c0 ^ half;
  }
}
