import { mulHi, nimMul64 } from './fast.js';
import { applyMap, frobenius, type LinearMap, mapHi } from './frobenius.js';
import { nimLogTables } from './tables.js';

/**
 * The multiplicative group of the nimbers below 2^64 has order N = 2^64 - 1, the product of the
 * Fermat numbers F_j = 2^(2^j) + 1 for j < 6: F_0..F_4 = 3, 5, 17, 257, 65537 are prime and
 * F_5 = 641 * 6700417. N is squarefree, so the order of a is the product of the primes q with
 * a^(N/q) != 1. Those powers come from the map u_j(x) = x^(F_j) = x^(2^(2^j)) * x (a Frobenius
 * power, linear and cheap, times x), which is how a^(N/q) is reached in a few products:
 *   b = u_5(a) = a^(2^32 + 1) lies in GF(2^32); u_4(b) = a^(N/65535) lies in GF(2^16), whose
 *   logarithm table gives the orders 3, 5, 17, 257 at once; u_3 u_2 u_1 u_0(b) = a^(N/65537);
 *   c = u_4 u_3 u_2 u_1 u_0(a) = a^(2^32 - 1) = a^(N/F_5), and c^6700417 = a^(N/641),
 *   c^641 = a^(N/6700417).
 */
export const GROUP_PRIMES: readonly number[] = [3, 5, 17, 257, 641, 65537, 6700417];
export const GROUP_ORDER = (1n << 64n) - 1n;

let maps: LinearMap[] = [];

function loadMaps(): void {
  maps = [0, 1, 2, 3, 4, 5].map((j) => frobenius(2 ** j));
}

let outHi = 0;

/** x^(F_j) = x^(2^(2^j)) * x for (hi, lo); the high word in outHi. */
function fermatPower(j: number, hi: number, lo: number): number {
  const l = applyMap(maps[j]!, hi, lo);
  const r = nimMul64(mapHi, l, hi, lo);
  outHi = mulHi;
  return r;
}

/** x^k for a small k by squarings (the map x -> x^2) and products. */
function smallPower(hi: number, lo: number, k: number): number {
  let rh = 0;
  let rl = 1;
  let sh = hi;
  let sl = lo;
  for (let e = k; ; ) {
    if (e & 1) {
      rl = nimMul64(rh, rl, sh, sl);
      rh = mulHi;
    }
    e = Math.floor(e / 2);
    if (e === 0) break;
    sl = applyMap(maps[0]!, sh, sl);
    sh = mapHi;
  }
  outHi = rh;
  return rl;
}

/**
 * The projections of a != 0 onto the parts of the group: out[0] = a^(N/65535) (below 2^16),
 * out[1] = a^(N/65537) (below 2^32), out[2..3] = a^(N/641) and out[4..5] = a^(N/6700417) as
 * (hi, lo). a is in a subgroup of order d (d | N) iff each projection for a prime not dividing d is 1.
 */
export function projections(hi: number, lo: number, out: Uint32Array): void {
  if (maps.length === 0) loadMaps();
  let l = fermatPower(5, hi, lo);
  const bh = outHi;
  const bl = l;
  out[0] = fermatPower(4, bh, bl);
  let h = bh;
  for (let j = 0; j < 4; j++) {
    l = fermatPower(j, h, l);
    h = outHi;
  }
  out[1] = l;
  h = hi;
  l = lo;
  for (let j = 0; j < 5; j++) {
    l = fermatPower(j, h, l);
    h = outHi;
  }
  out[3] = smallPower(h, l, 6700417);
  out[2] = outHi;
  out[5] = smallPower(h, l, 641);
  out[4] = outHi;
}

export function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** The order of y in GF(2^16)* (y < 2^16, y != 0): 65535 / gcd(log y, 65535). */
export function order16(y: number): number {
  return 65535 / gcd(nimLogTables().log[y]!, 65535);
}

const scratch = new Uint32Array(6);

/** The multiplicative order of 0 < a < 2^64: the least d >= 1 with a^d = 1 (a divisor of 2^64 - 1). */
export function nimOrder(a: bigint): bigint {
  if (a <= 0n || a > GROUP_ORDER) throw new RangeError('the multiplicative order needs 0 < a < 2^64');
  projections(Number(a >> 32n), Number(a & 0xffffffffn), scratch);
  let d = BigInt(order16(scratch[0]!));
  if (scratch[1] !== 1) d *= 65537n;
  if (scratch[2] !== 0 || scratch[3] !== 1) d *= 641n;
  if (scratch[4] !== 0 || scratch[5] !== 1) d *= 6700417n;
  return d;
}

let generator: bigint | undefined;

/**
 * The least generator of the multiplicative group (order 2^64 - 1): 4294967302 = 2^32 + 6. The
 * nimbers below 2^32 are the subfield GF(2^32), whose orders divide 2^32 - 1, so the search starts
 * at 2^32 (2^32 .. 2^32 + 5 have order (2^64 - 1) / 3) and takes the first element of order
 * 2^64 - 1: computed on first use, and checked in the tests.
 */
export function nimGenerator(): bigint {
  if (generator === undefined) {
    let g = 1n << 32n;
    while (nimOrder(g) !== GROUP_ORDER) g++;
    generator = g;
  }
  return generator;
}
