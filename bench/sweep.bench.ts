/**
 * Sweep throughput: all 34,220 three-element subtraction sets with max <= 60, each to its
 * proven period. Measures the solver alone (one thread, no store) and the whole CLI end to end
 * (process start, pool, workers, SQLite commits) at 1 and 2 workers, in the same run.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/sweep.bench.js [--iterations 3]
 *   GRUNDY_ANCHOR_SUBTRACT=/tmp/anchors/subtract node dist/bench/sweep.bench.js   # adds the C reference
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import { GameSolver } from '../src/sweep/solve-game.js';
import { enumerateGames, sweepSize, type SweepSpec } from '../src/sweep/enumerate.js';
import { scriptArgs } from './args.js';
import { CLI } from './cli.js';

const spec: SweepSpec = { family: 'sub', minSize: 3, maxSize: 3, max: 60 };
const GAMES = sweepSize(spec).games;
const iterations = scriptArgs({ usage: '[--iterations 3]', flags: { iterations: { type: 'string' } } }).countFlag(
  'iterations',
  '3',
);
const dir = mkdtempSync(join(tmpdir(), 'grundy-bench-'));
let runs = 0;

function cliSweep(workers: number): void {
  const db = join(dir, `sweep-${workers}-${runs++}.db`);
  const out = execFileSync(
    process.execPath,
    [CLI, 'sweep', 'sub', '--size', '3', '--max', '60', '--workers', String(workers), '--json', '--db', db],
    {
      encoding: 'utf8',
      env: { ...process.env, GRUNDY_DB: '' },
    },
  );
  const summary = JSON.parse(out) as { done: number; proven: number };
  if (summary.done !== GAMES || summary.proven !== GAMES)
    throw new Error(`sweep stored ${summary.done} results, ${summary.proven} proven`);
}

const bench = new Bench({ iterations, time: 0, warmup: false });
const games = [...enumerateGames(spec)];
bench.add('solver only, 1 thread, no store', () => {
  const solver = new GameSolver();
  for (const { rules } of games) solver.solve(rules, { limit: 2 ** 26, fixedLength: false });
});
bench.add('grundy sweep end to end, --workers 1', () => cliSweep(1));
bench.add('grundy sweep end to end, --workers 2', () => cliSweep(2));
const anchor = process.env.GRUNDY_ANCHOR_SUBTRACT;
if (anchor) {
  bench.add('C reference: subtract --search 60 16384 67108864', () => {
    execFileSync(anchor, ['--search', '60', '16384', '67108864'], { encoding: 'utf8' });
  });
}

try {
  await bench.run();
  const rows = bench.tasks.map((task) => {
    const r = task.result;
    if (r.state !== 'completed') throw new Error(`${task.name}: ${r.state === 'errored' ? r.error.message : r.state}`);
    const ms = r.latency.p50;
    return {
      task: task.name,
      'median ms': Math.round(ms),
      'games/s': Math.round(GAMES / (ms / 1000)),
      runs: r.latency.samplesCount,
    };
  });
  console.log(`${GAMES} games per run, ${iterations} runs per task`);
  console.table(rows);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
