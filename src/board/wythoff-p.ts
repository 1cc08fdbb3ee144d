/**
 * Wythoff's P-positions exactly, for coordinates of any size: (a_n, b_n) and (b_n, a_n) with
 * a_n = floor(n phi), b_n = a_n + n = floor(n phi^2) (Wythoff 1907). No floating point:
 * n phi = (n + sqrt(5 n^2)) / 2, and since sqrt(5 n^2) is irrational for n > 0,
 * floor(n phi) = floor((n + isqrt(5 n^2)) / 2). Likewise floor(m / phi) = floor((isqrt(5 m^2) - m) / 2).
 */

/** floor(sqrt(v)) for v >= 0 by Newton's method on BigInts. */
export function isqrt(v: bigint): bigint {
  if (v < 0n) throw new RangeError('isqrt of a negative number');
  if (v < 2n) return v;
  let x = 1n << ((BigInt(v.toString(2).length) + 1n) / 2n); // >= sqrt(v)
  for (;;) {
    const y = (x + v / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** a_n = floor(n phi), the lower Wythoff sequence (OEIS A000201 for n >= 1). */
export function wythoffLower(n: bigint): bigint {
  return (n + isqrt(5n * n * n)) >> 1n;
}

/** b_n = floor(n phi^2) = a_n + n (OEIS A001950). */
export function wythoffUpper(n: bigint): bigint {
  return wythoffLower(n) + n;
}

/** The n-th P-position pair (a_n, b_n). */
export function wythoffPair(n: bigint): readonly [bigint, bigint] {
  const a = wythoffLower(n);
  return [a, a + n];
}

/** (x, y) is a P-position iff, with a <= b, a = a_(b - a): the pair with difference b - a is unique. */
export function isWythoffP(x: bigint, y: bigint): boolean {
  if (x < 0n || y < 0n) throw new RangeError('positions are non-negative');
  const a = x < y ? x : y;
  const b = x < y ? y : x;
  return wythoffLower(b - a) === a;
}

/**
 * The partner of v in the P-positions: the w with (v, w) a P-position. Every v >= 1 is in exactly
 * one of the complementary Beatty sequences a_m (m near v / phi) and b_m (m near v / phi^2).
 */
export function wythoffPartner(v: bigint): bigint {
  if (v < 0n) throw new RangeError('positions are non-negative');
  if (v === 0n) return 0n;
  const m0 = (isqrt(5n * v * v) - v) >> 1n; // floor(v / phi): v = a_m has m near v / phi
  for (let m = m0 > 0n ? m0 - 1n : 0n; m <= m0 + 2n; m++) if (wythoffLower(m) === v) return v + m;
  const m1 = v - m0; // v / phi^2 = v - v / phi: v = b_m has m near it
  for (let m = m1 > 2n ? m1 - 2n : 0n; m <= m1 + 1n; m++) if (wythoffLower(m) + m === v) return v - m;
  throw new Error(`no Wythoff pair holds ${v}`); // unreachable: the two sequences partition N >= 1
}

export interface WythoffMove {
  /** Which pile(s) the move takes from. */
  readonly from: 'x' | 'y' | 'both';
  readonly take: bigint;
  readonly to: readonly [bigint, bigint];
}

/**
 * Every winning move from (x, y): the moves to P-positions. Empty exactly when (x, y) is a
 * P-position. At most one per kind: taking from x keeps y, so the target is (partner(y), y);
 * from y, (x, partner(x)); from both keeps y - x, so the target is the one pair with that difference.
 */
export function wythoffWinningMoves(x: bigint, y: bigint): WythoffMove[] {
  if (x < 0n || y < 0n) throw new RangeError('positions are non-negative');
  const moves: WythoffMove[] = [];
  const px = wythoffPartner(y);
  if (px < x) moves.push({ from: 'x', take: x - px, to: [px, y] });
  const py = wythoffPartner(x);
  if (py < y) moves.push({ from: 'y', take: y - py, to: [x, py] });
  const diff = x > y ? x - y : y - x;
  const a = wythoffLower(diff);
  const low = x < y ? x : y;
  if (a < low) {
    const k = low - a;
    moves.push({ from: 'both', take: k, to: [x - k, y - k] });
  }
  return moves;
}
