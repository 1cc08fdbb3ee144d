import { countXorTuples, type CountFactor } from '../../src/count/wht.js';
import { defineWorkload, type Workload } from '../workload.js';

const PRIME = 1_000_000_007n;

interface CountInput {
  readonly factors: readonly CountFactor[];
  readonly size: number;
}

/**
 * Walsh-Hadamard counting (docs/commands.md, "How counting works"): P-positions among tuples of heaps of three
 * games, from seeded value histograms of `size` values (counts up to 10^6 each), modulo a prime
 * and exactly. A state is one transform entry of one factor.
 */
function histograms(size: number, random: () => number): CountFactor[] {
  return [3n, 10n, 1000n].map((copies) => ({
    histogram: Array.from({ length: size }, () => BigInt(Math.floor(random() * 1e6))),
    copies,
  }));
}

export const COUNT_WORKLOADS: readonly Workload[] = [
  defineWorkload<CountInput>({
    name: 'wht-count-mod',
    suite: 'count',
    description: 'P-position count by WHT, 3 games x 1013 heaps, modulo 10^9+7',
    size: { full: 1 << 16, quick: 1 << 12 },
    seed: 20250405,
    setup: (size, random) => ({ factors: histograms(size, random), size }),
    plain: (input, ctx) => ({
      checksum: ctx.timed(() => countXorTuples(input.factors, 0n, PRIME)),
      states: input.size * input.factors.length,
    }),
  }),
  defineWorkload<CountInput>({
    name: 'wht-count-exact',
    suite: 'count',
    description: 'P-position count by WHT, 2 games x 13 heaps, exact BigInt',
    size: { full: 1 << 16, quick: 1 << 12 },
    seed: 20250406,
    setup: (size, random) => ({ factors: histograms(size, random).slice(0, 2), size }),
    plain: (input, ctx) => {
      const count = ctx.timed(() => countXorTuples(input.factors, 0n));
      // The exact count has hundreds of digits: reduced so the history stays readable.
      return { checksum: count % (2n ** 61n - 1n), states: input.size * input.factors.length };
    },
  }),
];
