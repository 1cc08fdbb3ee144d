/**
 * Tables of two-dimensional games on positions (x, y), 0 <= x, y < n: g(x, y) at values[x * n + y]
 * (row-major). Pure data; the kernels in this folder fill them.
 */
export type BoardValues = Uint8Array | Uint16Array | Uint32Array;

/**
 * The triangle y >= x as the store keeps small values: row x (n - x values) from a byte of its
 * own, `bits` a value, low bits first (src/store/codec.ts packInto). Kernels that write it so
 * skip a packing pass and half the memory.
 */
export interface PackedUpper {
  readonly bits: 2 | 4;
  readonly bytes: Uint8Array;
  readonly maxValue: number;
}

/** Bytes `count` values take packed `bits` each (a packed row's length). */
export function packedBytes(count: number, bits: 2 | 4): number {
  return Math.ceil((count * bits) / 8);
}

/** Bytes of the packed rows x0..x1-1 of an n x n triangle (row x holds n - x values). */
export function packedUpperBytes(n: number, bits: 2 | 4, x0 = 0, x1 = n): number {
  let bytes = 0;
  for (let x = x0; x < x1; x++) bytes += packedBytes(n - x, bits);
  return bytes;
}

export interface BoardTable {
  readonly n: number;
  readonly values: BoardValues;
}

export function valueAt(t: BoardTable, x: number, y: number): number {
  return t.values[x * t.n + y]!;
}

/**
 * The bench checksum of the project's C reference programs: sum over x, y < n of
 * g(x, y) * ((x n + y) mod 1000003 + 1), exact (split accumulation: each partial sum stays below 2^53).
 */
export function boardChecksum(t: BoardTable): bigint {
  const { n, values } = t;
  let total = 0n;
  let acc = 0;
  let r = 0;
  const cells = n * n;
  for (let i = 0; i < cells; i++) {
    acc += values[i]! * (r + 1);
    if (++r === 1000003) r = 0;
    // values < 2^32 and weights <= 1000003 < 2^20: flush well before 2^53
    if ((i & 0x3ff) === 0x3ff) {
      total += BigInt(acc);
      acc = 0;
    }
  }
  return total + BigInt(acc);
}

/** g(x, y) = g(y, x) games compute y >= x only: copy the upper triangle below, in cache-sized tiles. */
export function mirrorUpper(values: BoardValues, n: number, x0 = 0, x1 = n): void {
  const B = 32;
  for (let xb = x0; xb < x1; xb += B) {
    const xe = Math.min(xb + B, x1);
    for (let yb = xb; yb < n; yb += B) {
      const ye = Math.min(yb + B, n);
      for (let x = xb; x < xe; x++) {
        for (let y = Math.max(yb, x + 1); y < ye; y++) values[y * n + x] = values[x * n + y]!;
      }
    }
  }
}

/**
 * Games with g(x, y) = g(y, x) keep only y >= x, packed row by row ("upper" layout): row x holds
 * g(x, x..n-1) from upperRowStart(n, x). Half the bytes to compute into, move and store.
 */
export function upperRowStart(n: number, x: number): number {
  return x * n - (x * (x - 1)) / 2;
}

export function upperLength(n: number): number {
  return (n * (n + 1)) / 2;
}

/** The full row-major n x n table of a packed upper triangle. */
export function expandUpper(upper: BoardValues, n: number): BoardValues {
  if (upper.length !== upperLength(n)) throw new Error(`an upper ${n} x ${n} triangle has ${upperLength(n)} values`);
  const full =
    upper instanceof Uint8Array
      ? new Uint8Array(n * n)
      : upper instanceof Uint16Array
        ? new Uint16Array(n * n)
        : new Uint32Array(n * n);
  for (let x = 0; x < n; x++) {
    const s = upperRowStart(n, x);
    full.set(upper.subarray(s, s + n - x), x * n + x);
  }
  mirrorUpper(full, n);
  return full;
}
