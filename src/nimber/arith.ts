import { mulHi, nimMul64 } from './fast.js';
import { applyMap, frobenius, mapHi } from './frobenius.js';

/**
 * Nimber arithmetic on BigInts below 2^64 (the field GF(2^64) of nimbers): the API edge. Inside,
 * every product runs on uint32 halves (fast.ts). Callers check the range (parse.ts does for the CLI).
 */
export const NIMBER_LIMIT = 1n << 64n;
const MASK32 = 0xffffffffn;
/** The order of the multiplicative group: a^(2^64 - 1) = 1 for every non-zero a. */
const GROUP_ORDER = NIMBER_LIMIT - 1n;

export function nimAdd(a: bigint, b: bigint): bigint {
  return a ^ b;
}

export function nimMul(a: bigint, b: bigint): bigint {
  const lo = nimMul64(Number(a >> 32n), Number(a & MASK32), Number(b >> 32n), Number(b & MASK32));
  return (BigInt(mulHi) << 32n) | BigInt(lo);
}

/** a^k by squaring on uint32 halves; 0^0 = 1. */
export function nimPow(a: bigint, k: bigint): bigint {
  if (k < 0n) throw new RangeError('nimPow needs k >= 0');
  if (a === 0n) return k === 0n ? 1n : 0n;
  let e = k % GROUP_ORDER;
  let rHi = 0;
  let rLo = 1;
  let sHi = Number(a >> 32n);
  let sLo = Number(a & MASK32);
  while (e > 0n) {
    if (e & 1n) {
      rLo = nimMul64(rHi, rLo, sHi, sLo);
      rHi = mulHi;
    }
    e >>= 1n;
    if (e > 0n) {
      sLo = nimMul64(sHi, sLo, sHi, sLo);
      sHi = mulHi;
    }
  }
  return (BigInt(rHi) << 32n) | BigInt(rLo);
}

/** The nim-multiplicative inverse: a^(2^64 - 2), since a^(2^64 - 1) = 1. Throws for a = 0. */
export function nimInv(a: bigint): bigint {
  if (a === 0n) throw new RangeError('0 has no nim-multiplicative inverse');
  return nimPow(a, GROUP_ORDER - 1n);
}

/**
 * The nim square root: the one b with b * b = a. Squaring is a bijection of GF(2^64) (the
 * Frobenius map), so sqrt(a) = a^(2^63), applied as a GF(2)-linear map (frobenius.ts).
 */
export function nimSqrt(a: bigint): bigint {
  const lo = applyMap(frobenius(63), Number(a >> 32n), Number(a & MASK32));
  return (BigInt(mapHi) << 32n) | BigInt(lo);
}
