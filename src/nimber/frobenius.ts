import { mulHi, nimMul64 } from './fast.js';

/**
 * GF(2)-linear maps of 64-bit nimbers as byte tables: the Frobenius powers x -> x^(2^(2^j)) and
 * the square root x -> x^(2^63). In characteristic 2, (x + y)^2 = x^2 + y^2, so each is linear
 * over GF(2): the image of x is the xor of the images of its bits, and the images of the 256
 * values of each of its 8 bytes are one table (8 x 256 pairs of uint32). An application is 16
 * lookups, cheaper than one product.
 */
export interface LinearMap {
  /** hi[k * 256 + b], lo[k * 256 + b]: the image of b << 8k. */
  readonly hi: Uint32Array;
  readonly lo: Uint32Array;
}

/** The high word of the last applyMap result (the low word is returned), as mulHi for products. */
export let mapHi = 0;

export function applyMap(m: LinearMap, hi: number, lo: number): number {
  const H = m.hi;
  const L = m.lo;
  const i0 = lo & 255;
  const i1 = 256 | ((lo >>> 8) & 255);
  const i2 = 512 | ((lo >>> 16) & 255);
  const i3 = 768 | (lo >>> 24);
  const i4 = 1024 | (hi & 255);
  const i5 = 1280 | ((hi >>> 8) & 255);
  const i6 = 1536 | ((hi >>> 16) & 255);
  const i7 = 1792 | (hi >>> 24);
  mapHi = (H[i0]! ^ H[i1]! ^ H[i2]! ^ H[i3]! ^ H[i4]! ^ H[i5]! ^ H[i6]! ^ H[i7]!) >>> 0;
  return (L[i0]! ^ L[i1]! ^ L[i2]! ^ L[i3]! ^ L[i4]! ^ L[i5]! ^ L[i6]! ^ L[i7]!) >>> 0;
}

/** The map x -> x^(2^k), from the images of the 64 bits (k squarings each). */
function frobeniusMap(k: number): LinearMap {
  const hi = new Uint32Array(2048);
  const lo = new Uint32Array(2048);
  for (let i = 0; i < 64; i++) {
    let h = i < 32 ? 0 : 2 ** (i - 32);
    let l = i < 32 ? 2 ** i : 0;
    for (let s = 0; s < k; s++) {
      l = nimMul64(h, l, h, l);
      h = mulHi;
    }
    const byte = i >>> 3;
    const bit = 1 << (i & 7);
    // Every b with this bit set gets the image of the bit xored in: each table entry is a sum of bit images.
    for (let b = bit; b < 256; b = (b + 1) | bit) {
      hi[byte * 256 + b] = (hi[byte * 256 + b]! ^ h) >>> 0;
      lo[byte * 256 + b] = (lo[byte * 256 + b]! ^ l) >>> 0;
    }
  }
  return { hi, lo };
}

const cache = new Map<number, LinearMap>();

/** x -> x^(2^k) for 0 <= k < 64 (k = 63 is the square root), built on first use and kept. */
export function frobenius(k: number): LinearMap {
  let m = cache.get(k);
  if (!m) {
    m = frobeniusMap(k);
    cache.set(k, m);
  }
  return m;
}
