/**
 * Nim multiplication by its definitions, with no tables: the slow references every fast
 * method is checked against.
 *
 * - nimMulMexTable: Conway's rule a * b = mex{a'*b + a*b' + a'*b' : a' < a, b' < b}, with +
 *   nim-addition (xor). This is the definition; it costs O(a * b) per entry.
 * - nimMulSlow: the field tower. The nimbers below F^2 (F = 2^(2^k)) are GF(F)[F] with
 *   F * F = F + F/2 (Conway, On Numbers and Games, ch. 6), so for a = a1 F + a0, b = b1 F + b0:
 *   a * b = (a1b1 + a1b0 + a0b1) F + a0b0 + (a1b1) * (F/2), products below F recursively.
 */

/** The nim-multiplication table for a, b < size, built by the mex rule alone (no xor tricks beyond +). */
export function nimMulMexTable(size: number): number[][] {
  const t: number[][] = [];
  // Values of a, b < 2^(2^k) stay below 2^(2^k): the mark array needs the next Fermat 2-power.
  let field = 2;
  while (field < size) field *= field;
  const seen = new Uint32Array(field + 1);
  let stamp = 0;
  for (let a = 0; a < size; a++) {
    const row: number[] = [];
    t.push(row);
    for (let b = 0; b < size; b++) {
      stamp++;
      for (let a2 = 0; a2 < a; a2++) {
        const ra2 = t[a2]!;
        const a2b = ra2[b]!;
        for (let b2 = 0; b2 < b; b2++) seen[a2b ^ row[b2]! ^ ra2[b2]!] = stamp;
      }
      let v = 0;
      while (seen[v] === stamp) v++;
      row.push(v);
    }
  }
  return t;
}

/** a * b for a, b < 2^bits (bits a power of two, at most 16): the tower recursion on numbers. */
export function nimMulSmall(a: number, b: number, bits = 16): number {
  if (a < 2 || b < 2) return a * b;
  const h = bits >>> 1;
  const mask = (1 << h) - 1;
  const a1 = a >>> h;
  const a0 = a & mask;
  const b1 = b >>> h;
  const b0 = b & mask;
  const hh = nimMulSmall(a1, b1, h);
  const mid = nimMulSmall(a1, b0, h) ^ nimMulSmall(a0, b1, h);
  const ll = nimMulSmall(a0, b0, h);
  return (((hh ^ mid) << h) ^ ll ^ nimMulSmall(hh, 1 << (h - 1), h)) >>> 0;
}

/** a * b for any non-negative BigInts, by the tower recursion on the smallest field holding both. */
export function nimMulSlow(a: bigint, b: bigint): bigint {
  const m = a > b ? a : b;
  let bits = 1n;
  while (m >> bits !== 0n) bits *= 2n;
  return slowRec(a, b, bits);
}

function slowRec(a: bigint, b: bigint, bits: bigint): bigint {
  if (a < 2n || b < 2n) return a * b;
  const h = bits / 2n;
  const mask = (1n << h) - 1n;
  const a1 = a >> h;
  const a0 = a & mask;
  const b1 = b >> h;
  const b0 = b & mask;
  const hh = slowRec(a1, b1, h);
  const mid = slowRec(a1, b0, h) ^ slowRec(a0, b1, h);
  const ll = slowRec(a0, b0, h);
  return ((hh ^ mid) << h) ^ ll ^ slowRec(hh, 1n << (h - 1n), h);
}
