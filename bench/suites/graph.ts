import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeGame } from '../../src/engine/coordinator.js';
import { WorkerPool } from '../../src/engine/pool.js';
import { parseRules } from '../../src/games/registry.js';
import { INFINITE } from '../../src/graph/gsg.js';
import { loadGraphTable } from '../../src/store/graph-tables.js';
import { Store } from '../../src/store/store.js';
import { writeRandomGraph } from '../graph-gen.js';
import { defineWorkload, type Workload } from '../workload.js';
import type { WorkerTasks } from '../../workers/tasks.js';

interface GraphInput {
  readonly path: string;
  readonly n: number;
}

/** Edges per vertex: 10^6 vertices, 10^7 edges at full size (the target). */
const DEGREE = 10;
/** Share of the DAG edges reversed: enough cycles that the staged labelling runs. */
const BACK = 0.05;

/**
 * `grundy compute graph:counted:FILE` end to end: hash, parse, CSR, generalized Sprague-Grundy
 * values and the store (a fresh temporary file per run), on a random graph from bench/graph-gen.ts
 * (the C reference's generator; 5% of its DAG edges reversed). A state is one vertex. The
 * checksum, read back from the store, is the sum over finite v of (value + 1) * (v mod 1000003 + 1)
 * (bench/graph.ts's, so the two compare).
 */
export const GRAPH_WORKLOADS: readonly Workload[] = [
  defineWorkload<GraphInput>({
    name: 'graph',
    suite: 'graph',
    description: `grundy compute graph:FILE: N vertices, ${DEGREE}N edges, ${BACK * 100}% reversed (cycles)`,
    size: { full: 1_000_000, quick: 20_000 },
    seed: 1,
    setup: (n) => {
      const dir = mkdtempSync(join(tmpdir(), 'grundy-bench-graph-'));
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
      const path = join(dir, `random-${n}.txt`);
      writeRandomGraph(path, { n, m: DEGREE * n, seed: 1, back: BACK });
      return { path, n };
    },
    plain: async (input, ctx) => {
      const dir = mkdtempSync(join(tmpdir(), 'grundy-bench-'));
      const store = Store.openForWrite(join(dir, 'bench.db'));
      try {
        await ctx.timedAsync(async () => {
          const rules = parseRules(`graph:counted:${input.path}`);
          // The pool starts threads only with a task: a graph never gives it one.
          await computeGame({ rules, store, pool: new WorkerPool<WorkerTasks>(1), to: 0, untilProven: false });
        });
        const game = store.listGames()[0]!;
        const table = loadGraphTable(store, game)!;
        let sum = 0n;
        const values = table.values.values;
        for (let v = 0; v < values.length; v++) {
          const x = values[v]!;
          if (x !== INFINITE) sum += BigInt((x + 1) * ((v % 1000003) + 1));
        }
        return { checksum: sum, states: input.n };
      } finally {
        store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  }),
];
