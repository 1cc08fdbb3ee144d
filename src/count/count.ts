import { UsageError } from '../errors.js';
import { valueHistogram, type HistogramMethod, type HistogramSource } from './histogram.js';
import { countXorTuples } from './wht.js';

export interface CountRequest {
  /** One entry per distinct game, with how many heaps of it the tuple has. */
  readonly games: readonly { readonly source: HistogramSource; readonly heaps: bigint }[];
  /** Heaps range over [0, max]. */
  readonly max: bigint;
  /** The nim-sum counted (0: P-positions). */
  readonly value: bigint;
  readonly mod?: bigint;
}

export interface CountResult {
  readonly count: bigint;
  /** How each game's value histogram was obtained. */
  readonly methods: readonly HistogramMethod[];
  /** Length of the Walsh-Hadamard transform. */
  readonly transformSize: number;
}

/** An exact answer has about heaps * log2(max + 1) bits; beyond this we ask for --mod. */
const MAX_EXACT_BITS = 1n << 22n;

/** The number of ordered tuples of heaps in [0, max] whose Grundy values XOR to `value`. */
export function countPositions(req: CountRequest): CountResult {
  const totalHeaps = req.games.reduce((a, g) => a + g.heaps, 0n);
  if (req.mod === undefined) {
    const bits = totalHeaps * BigInt((req.max + 1n).toString(2).length);
    if (bits > MAX_EXACT_BITS) {
      throw new UsageError(`the exact count would have about ${bits} bits; give --mod P (e.g. --mod 1000000007)`);
    }
  }
  const histograms = req.games.map((g) => valueHistogram(g.source, req.max));
  const factors = histograms.map((h, i) => ({ histogram: h.counts, copies: req.games[i]!.heaps }));
  let size = 1;
  for (const h of histograms) while (size < h.counts.length) size <<= 1;
  return {
    count: countXorTuples(factors, req.value, req.mod),
    methods: histograms.map((h) => h.method),
    transformSize: size,
  };
}
