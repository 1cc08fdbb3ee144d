import { closedFormOf } from '../games/registry.js';
import { UsageError } from '../errors.js';
import type { Values } from '../kernels/values.js';
import type { Periodicity } from '../period/detect.js';
import type { Rules } from '../rules/types.js';

/** The largest histogram (and so transform) we build: values up to 2^24. */
export const MAX_HISTOGRAM = 1 << 24;

export type HistogramMethod = 'table' | 'certificate' | 'closed form';

export interface ValueHistogram {
  /** counts[v] = #{n in [0, N] : g(n) = v}. */
  readonly counts: bigint[];
  readonly method: HistogramMethod;
}

export interface HistogramSource {
  readonly rules: Rules;
  /** g(0..table.length-1); with a certificate at least its preperiod and one period. */
  readonly table: Values;
  /** A proven certificate (observed claims must not be passed). */
  readonly cert: Periodicity | null;
}

/**
 * c[v] = #{n in [0, N] : g(n) = v}. With a proven certificate and N past its first period the
 * count is by residue in O(preperiod + period): n = e + j + k p for j in [0, p) occurs
 * floor((N - e - j) / p) + 1 times. Else the table must hold g(0..N).
 */
export function valueHistogram(
  src: HistogramSource,
  N: bigint,
  via: 'auto' | 'table' | 'certificate' = 'auto',
): ValueHistogram {
  const closedForm = closedFormOf(src.rules);
  if (closedForm) {
    if (N >= BigInt(MAX_HISTOGRAM)) {
      // The closed form is summed heap by heap: the bound is on heaps, whatever values they take.
      throw new UsageError(
        `${src.rules.key} is counted from its closed form heap by heap, for at most ${MAX_HISTOGRAM} heaps ` +
          `(lower --max below ${MAX_HISTOGRAM})`,
      );
    }
    return { counts: closedForm.histogram(N), method: 'closed form' };
  }
  const cert = src.cert?.proven ? src.cert : null;
  const span = cert ? cert.preperiod + cert.period : Infinity;
  const useCert =
    via === 'certificate' || (via === 'auto' && cert !== null && (N >= BigInt(src.table.length) || N >= BigInt(span)));
  if (useCert) {
    if (!cert) throw new Error(`${src.rules.key} has no proven certificate`);
    return { counts: byCertificate(src.table, cert, N, src.rules.key), method: 'certificate' };
  }
  if (N >= BigInt(src.table.length)) throw new Error(`g(${N}) of ${src.rules.key} is not loaded`);
  const counts: bigint[] = [];
  const tally: number[] = [];
  for (let n = 0; n <= Number(N); n++) {
    const v = src.table[n]!;
    tally[v] = (tally[v] ?? 0) + 1;
  }
  for (let v = 0; v < tally.length; v++) counts.push(BigInt(tally[v] ?? 0));
  return { counts, method: 'table' };
}

function byCertificate(table: Values, cert: Periodicity, N: bigint, key: string): bigint[] {
  const e = cert.preperiod;
  const p = BigInt(cert.period);
  const s = BigInt(cert.saltus);
  const counts: bigint[] = [];
  const add = (v: bigint, c: bigint): void => {
    if (v >= BigInt(MAX_HISTOGRAM)) throw tooWide(key, v + 1n);
    const i = Number(v);
    while (counts.length <= i) counts.push(0n);
    counts[i] = counts[i]! + c;
  };
  for (let n = 0; n < e && BigInt(n) <= N; n++) add(BigInt(table[n]!), 1n);
  for (let j = 0; j < cert.period; j++) {
    const first = BigInt(e + j);
    if (first > N) break;
    const times = (N - first) / p + 1n;
    const base = BigInt(table[e + j]!);
    if (s === 0n) add(base, times);
    // arithmetic periodicity: values grow, bounded by MAX_HISTOGRAM
    else for (let k = 0n; k < times; k++) add(base + s * k, 1n);
  }
  return counts;
}

function tooWide(key: string, size: bigint): UsageError {
  return new UsageError(
    `${key} takes ${size} distinct values up to --max; counting needs a transform of at most ` +
      `${MAX_HISTOGRAM} entries (lower --max)`,
  );
}
