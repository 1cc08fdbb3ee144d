/**
 * splitmix64 (Steele, Lea, Flood 2014) on uint32 halves, the generator of the C reference's
 * nimber bench: s += 0x9E3779B97F4A7C15; z = s; z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9;
 * z = (z ^ z >> 27) * 0x94D049BB133111EB; return z ^ z >> 31 (all mod 2^64). The same pairs
 * give the same xor checksum, which proves the two computed the same products.
 */

/** The low 64 bits of (aHi, aLo) * (bHi, bLo) as [hi, lo]; every partial sum stays below 2^53. */
function mul64(aHi: number, aLo: number, bHi: number, bLo: number, out: Uint32Array): void {
  const a1 = aLo >>> 16;
  const a0 = aLo & 0xffff;
  const b1 = bLo >>> 16;
  const b0 = bLo & 0xffff;
  const mid = a0 * b1 + a1 * b0;
  const low = a0 * b0 + (mid % 65536) * 65536;
  const carry = Math.floor(low / 4294967296);
  out[0] = a1 * b1 + Math.floor(mid / 65536) + carry + Math.imul(aHi, bLo) + Math.imul(aLo, bHi);
  out[1] = low;
}

/** Fills a (x) b operands: a = next(), b = next() per pair, as the C bench draws them. */
export function splitMix64Pairs(
  seed: bigint,
  aHi: Uint32Array,
  aLo: Uint32Array,
  bHi: Uint32Array,
  bLo: Uint32Array,
): void {
  let sHi = Number((seed >> 32n) & 0xffffffffn);
  let sLo = Number(seed & 0xffffffffn);
  const t = new Uint32Array(2);
  const next = (): void => {
    const lo = sLo + 0x7f4a7c15;
    sHi = (sHi + 0x9e3779b9 + (lo > 0xffffffff ? 1 : 0)) >>> 0;
    sLo = lo >>> 0;
    let zh = sHi;
    let zl = sLo;
    zl = (zl ^ ((zl >>> 30) | (zh << 2))) >>> 0;
    zh = (zh ^ (zh >>> 30)) >>> 0;
    mul64(zh, zl, 0xbf58476d, 0x1ce4e5b9, t);
    zh = t[0]!;
    zl = t[1]!;
    zl = (zl ^ ((zl >>> 27) | (zh << 5))) >>> 0;
    zh = (zh ^ (zh >>> 27)) >>> 0;
    mul64(zh, zl, 0x94d049bb, 0x133111eb, t);
    zh = t[0]!;
    zl = t[1]!;
    t[0] = zh ^ (zh >>> 31);
    t[1] = zl ^ ((zl >>> 31) | (zh << 1));
  };
  for (let i = 0; i < aHi.length; i++) {
    next();
    aHi[i] = t[0]!;
    aLo[i] = t[1]!;
    next();
    bHi[i] = t[0]!;
    bLo[i] = t[1]!;
  }
}
