import type { ClosedForm } from './family.js';

/**
 * The closed forms of the named coin-turning games, coins numbered from 1 (Winning Ways, ch. 14;
 * checked against explicit search and OEIS in test/games/turning.test.ts). Each value is a
 * one-to-one function of the coin except Ruler's, so a move's coin is found from its value.
 */
export interface TurningForm extends ClosedForm {
  /** The coin of value v (one-to-one forms), or null when there is none or the form is not one-to-one. */
  coinOf(v: bigint): bigint | null;
}

const popcount = (n: bigint): number => n.toString(2).replace(/0/g, '').length;

/** Ruler (turn any number of consecutive coins): g(n) = the largest power of 2 dividing n. */
export const RULER: TurningForm = {
  value: (n) => (n === 0n ? 0n : n & -n),
  number: (n) => (n === 0 ? 0 : n <= 0x7fffffff ? n & -n : -1),
  histogram(N) {
    const counts = new Array<bigint>(Number(N) + 1).fill(0n);
    counts[0] = 1n;
    for (let p = 1n; p <= N; p *= 2n) counts[Number(p)] = N / p - N / (2n * p);
    return counts;
  },
  coinOf: () => null,
  code: { cpp: '(n & (~n + 1ULL))', py: '(n & -n)', theorem: 'Ruler: g(n) = the largest power of 2 dividing n' },
};

/** Mock Turtles (turn 1, 2 or 3 coins): g(n) = the (n-1)-th odious number (odd count of 1 bits), OEIS A000069. */
export const MOCK_TURTLES: TurningForm = {
  value: (n) => (n === 0n ? 0n : 2n * (n - 1n) + (popcount(n - 1n) % 2 === 0 ? 1n : 0n)),
  number: (n) => (n === 0 ? 0 : n > 2 ** 51 ? -1 : 2 * (n - 1) + (popcount(BigInt(n - 1)) % 2 === 0 ? 1 : 0)),
  histogram(N) {
    const counts = new Array<bigint>(2 * Number(N) + 1).fill(0n);
    for (let n = 0n; n <= N; n++) counts[Number(MOCK_TURTLES.value(n))]! += 1n;
    return counts;
  },
  coinOf: (v) => (v > 0n && popcount(v) % 2 === 1 ? v / 2n + 1n : null),
  code: {
    cpp: '(n == 0 ? 0ULL : 2ULL * (n - 1) + (1ULL ^ (unsigned long long)(__builtin_popcountll(n - 1) & 1)))',
    py: '(0 if n == 0 else 2 * (n - 1) + (1 ^ (bin(n - 1).count("1") & 1)))',
    theorem:
      'Mock Turtles: g(n) = the (n-1)-th odious number, 2(n-1) or 2(n-1)+1, whichever has an odd number of 1 bits',
    // g(2^63) = 2^64 - 2; g(2^63 + 1) = 2^64 + 1.
    cppMax: 2n ** 63n,
  },
};

/** Twins (turn exactly two coins): g(n) = n - 1, Nim on coins numbered from 0. */
export const TWINS: TurningForm = {
  value: (n) => (n === 0n ? 0n : n - 1n),
  number: (n) => (n === 0 ? 0 : n - 1),
  histogram(N) {
    const counts = new Array<bigint>(Math.max(1, Number(N))).fill(1n);
    counts[0] = N === 0n ? 1n : 2n;
    return counts;
  },
  coinOf: (v) => v + 1n,
  code: { cpp: '(n == 0 ? 0ULL : n - 1)', py: '(0 if n == 0 else n - 1)', theorem: 'Twins: g(n) = n - 1 for n >= 1' },
};

/** Turtles (turn one or two coins): g(n) = n. */
export const TURTLES: TurningForm = {
  value: (n) => n,
  number: (n) => n,
  histogram: (N) => new Array<bigint>(Number(N) + 1).fill(1n),
  coinOf: (v) => (v > 0n ? v : null),
  code: { cpp: 'n', py: 'n', theorem: 'Turtles: g(n) = n' },
};

/** The closed form of a canonical coin-turning key, or null. */
export function turningForm(key: string): TurningForm | null {
  return (
    (
      {
        'turning:consecutive:1..': RULER,
        'turning:1..3': MOCK_TURTLES,
        'turning:2': TWINS,
        'turning:1..2': TURTLES,
      } as Record<string, TurningForm>
    )[key] ?? null
  );
}

/** The nim-sum of Ruler's values over coins 1..m: the Gray code m ^ (m >> 1) (bit k of it counts 2^k-runs). */
export function rulerPrefix(m: bigint): bigint {
  return m ^ (m >> 1n);
}

/** The m whose Gray code is x. */
export function grayInverse(x: bigint): bigint {
  let m = 0n;
  for (let y = x; y > 0n; y >>= 1n) m ^= y;
  return m;
}
