import { SweepStore } from '../../src/store/sweeps.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/store/store.js';
import { enumerateGames, type SweepGame, type SweepSpec } from '../../src/sweep/enumerate.js';
import { runSweep } from '../../src/sweep/run-sweep.js';
import { GameSolver } from '../../src/sweep/solve-game.js';
import { listChecksum } from '../checksum.js';
import { defineWorkload, type Workload } from '../workload.js';

/** Solve every game until its period is proven (the sweep default ceiling). */
const LIMIT = 2 ** 26;

interface SweepInput {
  readonly spec: SweepSpec;
  readonly games: readonly SweepGame[];
}

/** One number for a sweep's results, in enumeration order: preperiod, period, max value, L. */
function resultsChecksum(rows: Iterable<readonly [number | null, number | null, number, number]>): bigint {
  function* flat(): Generator<number> {
    for (const [pre, per, max, computed] of rows) yield* [pre ?? 0, per ?? 0, max, computed];
  }
  return listChecksum(flat());
}

/**
 * Sweeps (issue 6): every three-element subtraction set {a < b < c <= N}, each to its proven
 * period. Plain: the sweep's solver over all games in this thread; pool: `grundy sweep` through
 * the pool and the store. A state is one game solved.
 */
export const SWEEP_WORKLOADS: readonly Workload[] = [
  defineWorkload<SweepInput>({
    name: 'sweep-sub3',
    suite: 'sweep',
    description: 'every subtraction set {a<b<c<=N} to its proven period (N = max element)',
    size: { full: 60, quick: 24 },
    scaling: true,
    setup: (max) => {
      const spec: SweepSpec = { family: 'sub', minSize: 3, maxSize: 3, max };
      return { spec, games: [...enumerateGames(spec)] };
    },
    plain: (input, ctx) => {
      const solver = new GameSolver();
      const rows: [number | null, number | null, number, number][] = [];
      ctx.timed(() => {
        for (const { rules } of input.games) {
          const s = solver.solve(rules, { limit: LIMIT, fixedLength: false });
          rows.push([s.periodicity?.preperiod ?? null, s.periodicity?.period ?? null, s.maxValue, s.computed]);
        }
      });
      return { checksum: resultsChecksum(rows), states: input.games.length };
    },
    pooled: async (input, ctx) => {
      const dir = mkdtempSync(join(tmpdir(), 'grundy-bench-'));
      const store = Store.openForWrite(join(dir, 'bench.db'));
      try {
        const summary = await ctx.timedAsync(() =>
          runSweep({
            spec: input.spec,
            name: 'bench',
            limit: LIMIT,
            fixedLength: false,
            keepTables: false,
            store,
            pool: ctx.pool,
          }),
        );
        const sweeps = new SweepStore(store);
        const rows = sweeps.summaries(sweeps.find('bench')!);
        return { checksum: resultsChecksum(rows), states: summary.computedNow };
      } finally {
        store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  }),
];
