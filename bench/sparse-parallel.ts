/**
 * Parallel sparse space (a gang of every worker, engine/sparse-gangs.ts) against the one-worker
 * sparse path, and optionally the single-thread C reference, side by side in one run (issue 3
 * item 2).
 *
 *   node dist/bench/sparse-parallel.js [N=2e6] [--game grundy] [--c PATH/grundy_sparse] [--workers 2] [--no-one]
 *     [--force]
 *
 * Each row is computeGame in this process on its own pool and a fresh store: 1 worker with the
 * sequential sparse kernel, then `--workers` workers as `grundy compute` runs them ('auto': gangs
 * past n = 2^15 where measured faster). CPU time is the whole process (all threads).
 * --no-one skips the 1-worker row (long N); --force runs every chunk as a gang (no measured
 * choice). Checksums (sum g(n) * (n mod 1000003 + 1)) must agree. Ratios only mean something
 * within one run on this shared machine, and beside the core check printed before and after
 * the rows (bench/core-check.ts: what two threads at once get of the machine).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeGame } from '../src/engine/coordinator.js';
import { WorkerPool } from '../src/engine/pool.js';
import type { SparseTuning } from '../src/engine/sparse-runner.js';
import { parseRules } from '../src/games/registry.js';
import { Store } from '../src/store/store.js';
import { heapChecksum as checksum } from './checksum.js';
import { scriptArgs } from './args.js';
import { coreCheck, describeCoreCheck } from './core-check.js';
import type { WorkerTasks } from '../workers/tasks.js';

const args = scriptArgs({
  usage: '[N=2e6] [--game grundy] [--c PATH/grundy_sparse] [--workers 2] [--no-one] [--force]',
  flags: {
    game: { type: 'string' },
    c: { type: 'string' },
    workers: { type: 'string' },
    'no-one': { type: 'boolean' },
    force: { type: 'boolean' },
  },
  positionals: 1,
});
const N = args.count(0, '2e6', 'N');
const spec = args.flag('game') ?? 'grundy';
const cPath = args.flag('c');
const workers = args.countFlag('workers', '2', 1, 256);
const rules = args.check(() => parseRules(spec));

interface Row {
  readonly name: string;
  readonly wall: number;
  readonly cpu: number;
  readonly checksum: string;
  readonly note: string;
}
const rows: Row[] = [];

if (cPath && existsSync(cPath)) {
  const res = spawnSync('/usr/bin/time', ['-f', 'cpu_s=%U+%S', cPath, String(N), '0', 'scalar'], { encoding: 'utf8' });
  const m = /checksum=(\d+).*?time_s=([\d.]+)/.exec(res.stdout);
  const cpu = /cpu_s=([\d.]+)\+([\d.]+)/.exec(res.stderr);
  rows.push({
    name: 'C grundy_sparse scalar',
    wall: m ? Number(m[2]) : NaN,
    cpu: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN,
    checksum: m?.[1] ?? '?',
    note: /max=\d+/.exec(res.stdout)?.[0] ?? '',
  });
}

async function engineRow(threads: number, tuning: SparseTuning, name: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'grundy-bench-'));
  const pool = new WorkerPool<WorkerTasks>(threads);
  try {
    const store = Store.openForWrite(join(dir, 'b.db'));
    const cpu0 = process.cpuUsage();
    const summary = await computeGame({ rules, store, pool, to: N, untilProven: false, sparseTuning: tuning });
    const cpu = process.cpuUsage(cpu0);
    const sum = checksum(store.readValues(store.getGame(rules.key)!), N);
    store.close();
    rows.push({
      name,
      wall: summary.elapsedMs / 1000,
      cpu: (cpu.user + cpu.system) / 1e6,
      checksum: String(sum),
      note: `kernel ${summary.kernel}, workers ${summary.workers}`,
    });
  } finally {
    await pool.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

// The machine before and after the rows: a ratio between one and two workers is read against it.
const before = await coreCheck(workers);
if (!args.has('no-one')) await engineRow(1, { parallel: 'off' }, 'sparse, 1 worker');
await engineRow(
  workers,
  { parallel: args.has('force') ? 'force' : 'auto' },
  `sparse ${args.has('force') ? 'gang' : 'parallel'}, ${workers} workers`,
);

const after = await coreCheck(workers);
const base = rows.find((r) => r.name.startsWith('sparse, 1')) ?? rows[0]!;
console.log(`${spec} to N = ${N}`);
console.log(`cores before: ${describeCoreCheck(before)}`);
console.log(`cores after:  ${describeCoreCheck(after)}`);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(28)} wall ${r.wall.toFixed(2).padStart(8)} s  cpu ${r.cpu.toFixed(2).padStart(8)} s  ` +
      `wall x${(base.wall / r.wall).toFixed(2)} vs ${base.name}  checksum ` +
      `${r.checksum}${r.checksum === base.checksum ? '' : ' (DIFFERS)'}  ${r.note}`,
  );
}
