/**
 * Exploring a states: module on the pool, 1 vs 2 threads (issue 17: keep only what pays):
 *   node dist/bench/states.js [--side 700] [--workers 1,2]
 * The module's states are cells [x, y] with x, y < side, moves one step left, down or
 * diagonally, plus the swap [y, x] when x != y and 7 divides x + y (2-cycles: finite values and
 * draws): side^2 states, about 3 edges each, reachable from [side-1, side-1]. Prints the
 * exploration time per thread count, the generalized values' time,
 * and a checksum of the graph (equal across thread counts, or the run is wrong).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WorkerPool } from '../src/engine/pool.js';
import { parseRules } from '../src/games/registry.js';
import { generalizedValues, INFINITE } from '../src/graph/gsg.js';
import type { StatesRules } from '../src/rules/types.js';
import { exploreStates } from '../src/states/explore.js';
import { statesThreads } from '../src/engine/states-threads.js';
import type { WorkerTasks } from '../workers/tasks.js';
import { fmtInt } from '../src/numbers.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const side = Number(arg('side', '700'));
const threads = arg('workers', '1,2').split(',').map(Number);
const dir = mkdtempSync(join(tmpdir(), 'grundy-states-bench-'));
const path = join(dir, 'cells.js');
writeFileSync(
  path,
  `export const start = [${side - 1}, ${side - 1}];\n` +
    'export function moves([x, y]) {\n' +
    '  const out = x !== y && (x + y) % 7 === 0 ? [[y, x]] : [];\n' +
    '  if (x > 0) out.push([x - 1, y]);\n' +
    '  if (y > 0) out.push([x, y - 1]);\n' +
    '  if (x > 0 && y > 0) out.push([x - 1, y - 1]);\n' +
    '  return out;\n}\n',
);
try {
  const rules = parseRules(`states:${path}`) as StatesRules;
  for (const workers of threads) {
    const pool = new WorkerPool<WorkerTasks>(workers);
    try {
      const t0 = performance.now();
      const stats = { mergeMs: 0 };
      const g = await exploreStates(rules, { threads: statesThreads(pool), maxStates: side * side, stats });
      const t1 = performance.now();
      const gv = generalizedValues(g.graph);
      const t2 = performance.now();
      let checksum = 0n;
      for (let v = 0; v < g.graph.n; v++) {
        const x = gv.values[v]!;
        if (x !== INFINITE) checksum += BigInt(x + 1) * BigInt((v % 1000003) + 1);
      }
      const { n, m } = g.graph;
      const explore = (t1 - t0) / 1000;
      console.log(
        `workers ${workers}: ${fmtInt(n)} states, ${fmtInt(m)} moves; ` +
          `explore ${explore.toFixed(2)} s (${fmtInt(n / explore)} states/s; ` +
          `main-thread merge ${(stats.mergeMs / 1000).toFixed(2)} s), ` +
          `values ${((t2 - t1) / 1000).toFixed(2)} s, checksum ${checksum}`,
      );
    } finally {
      await pool.destroy();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
