import { nimMulSmall } from './slow.js';

/**
 * Logarithm tables of the field of nimbers below 2^16 (GF(2^16)), the bottom of the fast
 * product: a * b = EXP[LOG[a] + LOG[b]] for a, b < 2^16.
 *
 * Zero has no logarithm; LOG[0] is a sentinel so large that any sum involving it lands in a
 * zero-filled tail of EXP, which keeps the product branch-free. That tail is never touched by
 * non-zero operands, so it costs memory but not cache.
 */
export interface NimLogTables {
  /** The generator of the multiplicative group (order 65535) the logarithms are taken to. */
  readonly generator: number;
  /** LOG[x] for 0 < x < 2^16; LOG[0] = ZERO_LOG. */
  readonly log: Int32Array;
  /** EXP[i] = generator^i for i < 2 * 65535 (doubled so sums need no reduction); 0 beyond. */
  readonly exp: Uint16Array;
  /** LOG[2^15]: x * 2^15 is the "F/2" term of the next level of the tower. */
  readonly logHalf: number;
}

const ORDER = 65535;
export const ZERO_LOG = 2 * ORDER;

let cached: NimLogTables | undefined;

export function nimLogTables(): NimLogTables {
  cached ??= buildTables();
  return cached;
}

/**
 * x -> x * g is linear over GF(2), so it is two byte tables (g times each byte of x);
 * the first g (in increasing order) whose powers run through all 65535 non-zero values is
 * the generator.
 */
function buildTables(): NimLogTables {
  const exp = new Uint16Array(2 * ZERO_LOG + 1);
  const lo = new Uint16Array(256);
  const hi = new Uint16Array(256);
  const bit = new Uint16Array(16);
  for (let g = 2; g < 65536; g++) {
    // 16 slow products (g times each bit) fill both byte tables: this runs at every start-up.
    for (let k = 0; k < 16; k++) bit[k] = nimMulSmall(1 << k, g);
    for (let x = 1; x < 256; x++) {
      const low = 31 - Math.clz32(x & -x);
      lo[x] = lo[x & (x - 1)]! ^ bit[low]!;
      hi[x] = hi[x & (x - 1)]! ^ bit[low + 8]!;
    }
    let v = 1;
    let i = 0;
    do {
      exp[i++] = v;
      v = lo[v & 255]! ^ hi[v >>> 8]!;
    } while (v !== 1 && i < ORDER);
    if (i !== ORDER || v !== 1) continue;
    exp.copyWithin(ORDER, 0, ORDER);
    exp.fill(0, 2 * ORDER);
    const log = new Int32Array(65536);
    log[0] = ZERO_LOG;
    for (let k = 0; k < ORDER; k++) log[exp[k]!] = k;
    return { generator: g, log, exp, logHalf: log[1 << 15]! };
  }
  throw new Error('no generator of the nimbers below 2^16 was found');
}
