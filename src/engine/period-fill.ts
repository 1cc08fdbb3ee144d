import { knownResult } from '../games/known.js';
import {
  maxOf,
  NarrowValues,
  plainValues,
  type Table,
  type Values,
  WindowedValues,
  widthFor,
} from '../kernels/values.js';
import type { PeriodDetector, Periodicity } from '../period/detect.js';
import type { Rules } from '../rules/types.js';

/**
 * A `--to N` run of a game whose period a theorem can prove (README: Periodicity): once a
 * period is proven, g(n + p) = g(n) + s holds for every n >= e, so the values up to N follow
 * from the table's first e + p and are stored without the kernels. Dawson's chess (octal:0.137)
 * can be proven from 175 heaps (2(e + p) + 3), and its kernels ran O(n) a heap past that (41% of
 * its heaps are rare): to 10^6, 45 s against 0.36 s for the whole command.
 */

/** The run's `kernel` gets this part when values were filled from a proven period. */
export const PERIOD_KERNEL = 'period';

/** Values filled and stored at a time: a commit and a progress report each. */
export const FILL_BLOCK = 1 << 22;

/** The first table size a `--to` run looks for a period at; then at every doubling. */
const FIRST_LOOK = 256;

/**
 * Whether a `--to` run fills from a proven period: a family with a proof criterion, the kernels
 * chosen and tuned automatically (tests and benchmarks that name a kernel or tune one run it to
 * the end), and no game the literature knows as open (Officers, Grundy's game: looking would
 * find nothing).
 */
export function fillsByPeriod(rules: Rules, detector: PeriodDetector, automatic: boolean): boolean {
  return automatic && detector.criterion !== null && knownResult(rules.key)?.status !== 'open';
}

/** The next table size at which to look for a period after one of `n` values. */
export function nextLook(n: number): number {
  return Math.max(FIRST_LOOK, 2 * n);
}

/**
 * g[lo, hi) from a proven certificate and `base`, its first period g[e, e + p):
 * g(n) = g(e + (n - e) mod p) + s * floor((n - e) / p) for n >= e (period/certificate.ts).
 * Returns the values (as wide as they need) and their largest.
 */
export function periodValues(cert: Periodicity, base: Values, lo: number, hi: number): { values: Values; max: number } {
  const e = cert.preperiod;
  const p = cert.period;
  const s = cert.saltus;
  if (lo < e + p)
    throw new Error(`a period fill starts at ${lo}, before the certificate's first period ends (${e + p})`);
  if (base.length !== p) throw new Error(`a period fill was given ${base.length} values of a period of ${p}`);
  // Wide enough for the last period's values: the saltus adds s a period.
  const values = plainValues(widthFor(maxOf(base) + s * Math.floor((hi - 1 - e) / p)), hi - lo);
  let n = lo;
  if (s === 0) {
    // The pattern copied a period (or what is left of one) at a time.
    while (n < hi) {
      const k = (n - e) % p;
      const take = Math.min(p - k, hi - n);
      values.set(base.subarray(k, k + take), n - lo);
      n += take;
    }
  } else {
    for (; n < hi; n++) values[n - lo] = base[(n - e) % p]! + s * Math.floor((n - e) / p);
  }
  return { values, max: maxOf(values) };
}

/**
 * A windowed table is read back (head, store, tail) to look for a period only up to this many
 * values (32 MB at 16 bits a value): the proofs of the games we know come far sooner, and a
 * longer read would undo what the window saves.
 */
export const WINDOW_LOOK = 1 << 24;

/**
 * The periodicity of g(0..L-1) as far as the table lets it be read: a narrow table's bytes, with
 * its escaped values compared in full (none below the escape byte: the bytes are the values); a
 * windowed one up to WINDOW_LOOK values, past that what was known stays (`known`).
 */
export function periodOf(
  detector: PeriodDetector,
  g: Table,
  L: number,
  maxValue: number,
  known: Periodicity | null,
): Periodicity | null {
  if (g instanceof WindowedValues) return L <= WINDOW_LOOK ? detector.detect(g.slice(0, L), L) : known;
  if (!(g instanceof NarrowValues)) return detector.detect(g, L);
  return maxValue < g.escapeByte
    ? detector.detect(g.bytes, L)
    : detector.detect(g.bytes, L, { byte: g.escapeByte, words: g.words });
}
