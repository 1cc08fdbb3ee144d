import { evaluate, type ResolvedComponent } from '../../src/play/evaluate.js';
import { GameValues } from '../../src/play/game-values.js';
import { parseRules, periodDetector } from '../../src/games/registry.js';
import { listChecksum } from '../checksum.js';
import { plainTable } from '../drivers.js';
import { defineWorkload, type TimedContext, type Workload } from '../workload.js';

interface EvalInput {
  readonly positions: readonly (readonly ResolvedComponent[])[];
}

const untimed: TimedContext = { timed: (w) => w(), timedAsync: (w) => w() };

/** A game's values: a plain table of `length` values, with its certificate when proven. */
function gameValues(spec: string, length: number): GameValues {
  const rules = parseRules(spec);
  const table = plainTable(rules, length, untimed);
  return new GameValues(rules, table, periodDetector(rules).detect(table, length));
}

/**
 * Sums evaluation (issue 4): seeded three-component positions like bench/eval-batch.ts —
 * Kayles (proven period; a quarter of the heaps far beyond 2^53), two heaps of sub:1,3,4 and one
 * of Grundy's game inside its table — each evaluated with one winning move, in this thread.
 * A state is one position; the checksum runs over the nim-sums and the moves' target heaps.
 */
export const EVAL_WORKLOADS: readonly Workload[] = [
  defineWorkload<EvalInput>({
    name: 'eval-sums',
    suite: 'eval',
    description: 'kayles@n + sub:1,3,4@a,b + grundy@c: nim-sum and one winning move each',
    size: { full: 100_000, quick: 5_000 },
    seed: 12345,
    setup: (size, random) => {
      const kayles = gameValues('octal:0.77', 1000);
      const sub = gameValues('sub:1,3,4', 100);
      const grundy = gameValues('grundy', 4000);
      const int = (k: number): bigint => BigInt(Math.floor(random() * k));
      const positions = Array.from({ length: size }, () => [
        { spec: 'kayles', game: kayles, heaps: [random() < 0.25 ? int(1e9) * 1_000_000_000n + int(1e9) : int(1e5)] },
        { spec: 'sub:1,3,4', game: sub, heaps: [int(1e6), int(1e5)] },
        { spec: 'grundy', game: grundy, heaps: [int(4000)] },
      ]);
      return { positions };
    },
    plain: (input, ctx) => {
      const out: bigint[] = [];
      ctx.timed(() => {
        for (const p of input.positions) {
          const e = evaluate(p, 'one');
          out.push(e.nimSum, e.moves[0]?.from ?? 0n);
        }
      });
      // Heaps beyond 2^53 make the raw sum long: reduced so the history stays readable.
      return { checksum: listChecksum(out) % (2n ** 61n - 1n), states: input.positions.length };
    },
  }),
];
