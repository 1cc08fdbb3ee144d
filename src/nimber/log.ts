import { mulHi, nimMul64 } from './fast.js';
import { gcd, GROUP_ORDER, nimGenerator, order16, projections } from './order.js';
import { nimLogTables } from './tables.js';

/**
 * Discrete logarithms in the nimbers below 2^64 by Pohlig-Hellman. N = 2^64 - 1 is squarefree,
 * so for a = g^x, each projection a^(N/q) (order.ts) is g^(N/q) to the power x, which fixes x
 * modulo q when q divides the order d of g, and must be 1 when it does not (else a is not a
 * power of g). The parts, with the tables built once per base:
 *   - 3 * 5 * 17 * 257 = 65535: the projection lies in GF(2^16); its logarithm table turns
 *     x * log G = log y (mod 65535) into a linear congruence;
 *   - 641 and 65537: a table of every power of the base's projection;
 *   - 6700417: baby-step giant-step with 2^16 baby steps, so at most 103 giant steps.
 * The residues are joined by the Chinese remainder theorem modulo d.
 */

/** Open addressing from 64-bit elements (hi, lo) to exponents. */
class ElementTable {
  private readonly keyHi: Uint32Array;
  private readonly keyLo: Uint32Array;
  private readonly value: Int32Array;
  private readonly shift: number;
  private readonly mask: number;

  constructor(entries: number) {
    const bits = Math.ceil(Math.log2(entries)) + 1;
    this.shift = 32 - bits;
    this.mask = 2 ** bits - 1;
    this.keyHi = new Uint32Array(2 ** bits);
    this.keyLo = new Uint32Array(2 ** bits);
    this.value = new Int32Array(2 ** bits).fill(-1);
  }

  private slot(hi: number, lo: number): number {
    return Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b) >>> this.shift;
  }

  set(hi: number, lo: number, v: number): void {
    let i = this.slot(hi, lo);
    while (this.value[i] !== -1) i = (i + 1) & this.mask;
    this.keyHi[i] = hi;
    this.keyLo[i] = lo;
    this.value[i] = v;
  }

  /** The exponent stored for (hi, lo), or -1. */
  get(hi: number, lo: number): number {
    for (let i = this.slot(hi, lo); ; i = (i + 1) & this.mask) {
      const v = this.value[i]!;
      if (v === -1 || (this.keyLo[i] === lo && this.keyHi[i] === hi)) return v;
    }
  }
}

/** The powers h^0 .. h^(count-1) of (hi, lo) in a table. */
function powerTable(hi: number, lo: number, count: number): ElementTable {
  const t = new ElementTable(count);
  let ph = 0;
  let pl = 1;
  for (let k = 0; k < count; k++) {
    t.set(ph, pl, k);
    pl = nimMul64(ph, pl, hi, lo);
    ph = mulHi;
  }
  return t;
}

/** x^k for (hi, lo) and k < 2^31; the high word in powHi. */
let powHi = 0;
function power(hi: number, lo: number, k: number): number {
  let rh = 0;
  let rl = 1;
  for (let e = k, sh = hi, sl = lo; e > 0; e >>>= 1) {
    if (e & 1) {
      rl = nimMul64(rh, rl, sh, sl);
      rh = mulHi;
    }
    sl = nimMul64(sh, sl, sh, sl);
    sh = mulHi;
  }
  powHi = rh;
  return rl;
}

/** The inverse of a modulo m (gcd(a, m) = 1, m < 2^26 so products stay exact). */
function inverseMod(a: number, m: number): number {
  let [r0, r1, s0, s1] = [a % m, m, 1, 0];
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return ((s0 % m) + m) % m;
}

const BABY = 1 << 16;
const BIG = 6700417;

/** Logarithms to one base g: its order and tables, built once (about 1.3 * 10^5 products). */
export class NimLogBase {
  /** The base g, 0 < g < 2^64. */
  readonly base: bigint;
  /** The order d of g: logarithms are in [0, d), and exactly the a with a^d = 1 have one. */
  readonly order: bigint;
  private readonly e16: number;
  private readonly d16: number;
  private readonly inv16: number;
  private readonly t65537: ElementTable | null;
  private readonly t641: ElementTable | null;
  private readonly baby: ElementTable | null;
  private readonly giantHi: number;
  private readonly giantLo: number;
  /** [modulus, CRT coefficient] for each part of d: x = sum of residue * coefficient mod d. */
  private readonly crt: [number, bigint][];
  private readonly scratch = new Uint32Array(6);

  constructor(base: bigint) {
    if (base <= 0n || base > GROUP_ORDER) throw new RangeError('the base of a logarithm needs 0 < g < 2^64');
    this.base = base;
    const p = new Uint32Array(6);
    projections(Number(base >> 32n), Number(base & 0xffffffffn), p);
    const logG = nimLogTables().log[p[0]!]!;
    this.e16 = gcd(logG, 65535);
    this.d16 = order16(p[0]!);
    this.inv16 = this.d16 > 1 ? inverseMod(logG / this.e16, this.d16) : 0;
    this.t65537 = p[1] !== 1 ? powerTable(0, p[1]!, 65537) : null;
    this.t641 = p[2] !== 0 || p[3] !== 1 ? powerTable(p[2]!, p[3]!, 641) : null;
    if (p[4] !== 0 || p[5] !== 1) {
      this.baby = powerTable(p[4]!, p[5]!, BABY);
      // h^(-BABY) = h^(BIG - BABY), since h has order BIG.
      this.giantLo = power(p[4]!, p[5]!, BIG - BABY);
      this.giantHi = powHi;
    } else {
      this.baby = null;
      this.giantHi = 0;
      this.giantLo = 1;
    }
    const moduli = [this.d16];
    if (this.t65537) moduli.push(65537);
    if (this.t641) moduli.push(641);
    if (this.baby) moduli.push(BIG);
    const d = moduli.reduce((x, m) => x * BigInt(m), 1n);
    this.order = d;
    this.crt = moduli.map((m) => {
      const rest = d / BigInt(m);
      return [m, (rest * BigInt(inverseMod(Number(rest % BigInt(m)), m))) % d];
    });
  }

  /** The least x >= 0 with g^x = a, or null when a is 0 or not a power of g. */
  logOrNull(a: bigint): bigint | null {
    if (a <= 0n || a > GROUP_ORDER) return null;
    const y = this.scratch;
    projections(Number(a >> 32n), Number(a & 0xffffffffn), y);
    const logY = nimLogTables().log[y[0]!]!;
    if (logY % this.e16 !== 0) return null;
    const residues = [((logY / this.e16) * this.inv16) % this.d16];
    if (this.t65537) residues.push(this.t65537.get(0, y[1]!));
    else if (y[1] !== 1) return null;
    if (this.t641) residues.push(this.t641.get(y[2]!, y[3]!));
    else if (y[2] !== 0 || y[3] !== 1) return null;
    if (this.baby) residues.push(this.giantSteps(y[4]!, y[5]!));
    else if (y[4] !== 0 || y[5] !== 1) return null;
    let x = 0n;
    for (let i = 0; i < residues.length; i++) {
      // Every projection lies in the subgroup its table covers: a miss would be a bug, not bad input.
      if (residues[i]! < 0) throw new Error(`nimber logarithm: a projection of ${a} was not found`);
      x += BigInt(residues[i]!) * this.crt[i]![1];
    }
    return x % this.order;
  }

  /** The least x >= 0 with g^x = a; a RangeError when a is 0 or not a power of g. */
  log(a: bigint): bigint {
    const x = this.logOrNull(a);
    if (x === null) {
      throw new RangeError(
        a === 0n
          ? '0 has no logarithm (no power of a non-zero nimber is 0)'
          : `${a} is not a power of ${this.base}: the base has order ${this.order}, and a^${this.order} != 1`,
      );
    }
    return x;
  }

  /** x mod 6700417 from y = h^x: y * h^(-BABY i) = h^j for some i <= 102, j < BABY. */
  private giantSteps(hi: number, lo: number): number {
    const baby = this.baby!;
    for (let i = 0; i * BABY < BIG; i++) {
      const j = baby.get(hi, lo);
      if (j >= 0) return i * BABY + j;
      lo = nimMul64(hi, lo, this.giantHi, this.giantLo);
      hi = mulHi;
    }
    return -1;
  }
}

let last: NimLogBase | undefined;

/** The tables of one base, kept for the next call with the same base. */
export function nimLogBase(base: bigint): NimLogBase {
  if (last?.base !== base) last = new NimLogBase(base);
  return last;
}

/** log_g(a): the least x >= 0 with g^x = a, g the least generator by default (see nimGenerator). */
export function nimLog(a: bigint, base: bigint = nimGenerator()): bigint {
  return nimLogBase(base).log(a);
}
