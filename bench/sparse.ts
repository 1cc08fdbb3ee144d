/**
 * Sparse space against the single-thread C reference, side by side in one run (issue 3).
 *
 *   node dist/bench/sparse.js [N=1e7] [--c PATH/grundy_sparse] [--cli] [--cli-workers 1,2] [--no-kernel]
 * [--kernel js|wasm] [--game grundy]
 *
 * 1. the C reference `grundy_sparse N 0 scalar` (built by ../shared/anchors/build.sh; skipped
 *    when PATH does not exist), 2. the sparse kernel (--kernel: js, the default, or wasm) in this
 *    process on one thread (mask chosen and revised as in a real run; --no-kernel skips it),
 *    3. with --cli, `grundy compute <game> --to N --workers K` end to end (worker threads, SQLite)
 *    for each K of --cli-workers (default 1 and 2: one worker, and the parallel sparse gang) under
 *    /usr/bin/time for its peak RSS.
 * Each prints wall and CPU time (the CLI's CPU time includes start-up, SQLite and its worker
 * thread; the compute-only wall time is its own report) and the checksum sum g(n) * (n mod
 * 1000003 + 1) over n < N; equal checksums mean equal tables. Ratios are only meaningful within
 * one run on this shared machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { maskKey } from '../src/kernels/sparse-mask.js';
import { parseRules } from '../src/games/registry.js';
import { Store } from '../src/store/store.js';
import { heapChecksum as checksum } from './checksum.js';
import { plainSparseTable, type SparseTableStats } from './sparse-driver.js';
import { scriptArgs } from './args.js';
import { CLI } from './cli.js';

const args = scriptArgs({
  usage:
    '[N=1e7] [--c PATH/grundy_sparse] [--cli] [--cli-workers 1,2] [--no-kernel] [--kernel js|wasm] [--game grundy]',
  flags: {
    c: { type: 'string' },
    game: { type: 'string' },
    kernel: { type: 'string' },
    cli: { type: 'boolean' },
    'cli-workers': { type: 'string' },
    'no-kernel': { type: 'boolean' },
  },
  positionals: 1,
});
const N = args.count(0, '1e7', 'N');
const cPath = args.flag('c') ?? '/tmp/anchors/grundy_sparse';
const spec = args.flag('game') ?? 'grundy';
const cliWorkers = args.countList('cli-workers', '1,2', 1, 256);
const rules = args.check(() => parseRules(spec));
const kind = (args.flag('kernel') ?? 'js') as 'js' | 'wasm';
if (kind !== 'js' && kind !== 'wasm') args.fail(`--kernel must be js or wasm, not ${kind}`);

interface Row {
  readonly name: string;
  readonly seconds: number;
  /** CPU seconds (user + system): on a shared machine the fairer yardstick. */
  readonly cpu: number;
  readonly checksum: string;
  readonly note: string;
}
const rows: Row[] = [];

if (spec === 'grundy' && existsSync(cPath)) {
  const res = spawnSync('/usr/bin/time', ['-f', 'cpu_s=%U+%S', cPath, String(N), '0', 'scalar'], { encoding: 'utf8' });
  const m = /checksum=(\d+).*time_s=([\d.]+)/.exec(res.stdout);
  const cpu = /cpu_s=([\d.]+)\+([\d.]+)/.exec(res.stderr);
  if (m && cpu) {
    rows.push({
      name: 'C grundy_sparse scalar',
      seconds: Number(m[2]),
      cpu: Number(cpu[1]) + Number(cpu[2]),
      checksum: m[1]!,
      note: '',
    });
  }
}

if (!args.has('no-kernel')) {
  const stats: SparseTableStats = { mask: null, choices: 0, rareHeaps: 0, maxValue: 0 };
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const g = plainSparseTable(rules, N, { timed: (work) => work(), timedAsync: (work) => work() }, stats, kind);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  rows.push({
    name: `${kind === 'js' ? 'JS' : 'WebAssembly'} sparse kernel, 1 thread`,
    seconds,
    cpu: (cpu.user + cpu.system) / 1e6,
    checksum: String(checksum(g, N)),
    note:
      `mask ${stats.mask ? maskKey(stats.mask) : '-'} (${stats.choices} choices), ${stats.rareHeaps} ` +
      `rare heaps, max ${stats.maxValue}, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  });
}

for (const workers of args.has('cli') ? cliWorkers : []) {
  const dir = mkdtempSync(join(tmpdir(), 'grundy-bench-'));
  try {
    const db = join(dir, 'b.db');
    const res = spawnSync(
      '/usr/bin/time',
      [
        '-f',
        'maxrss_kb=%M cpu_s=%U+%S',
        process.execPath,
        CLI,
        'compute',
        spec,
        '--to',
        String(N),
        '--workers',
        String(workers),
        '--json',
        '--db',
        db,
      ],
      {
        encoding: 'utf8',
      },
    );
    if (res.status !== 0) throw new Error(`grundy compute failed: ${res.stderr}`);
    const summary = JSON.parse(res.stdout) as { elapsedMs: number; kernel: string; workers: number };
    const rss = /maxrss_kb=(\d+)/.exec(res.stderr)?.[1];
    const cpu = /cpu_s=([\d.]+)\+([\d.]+)/.exec(res.stderr);
    const store = Store.openForRead(db)!;
    const game = store.getGame(rules.key)!;
    const sum = checksum(store.readValues(game), N);
    store.close();
    rows.push({
      name: `grundy compute --workers ${workers}`,
      seconds: summary.elapsedMs / 1000,
      cpu: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN,
      checksum: String(sum),
      note:
        `kernel ${summary.kernel} on ${summary.workers} worker(s), peak RSS ` +
        `${rss ? Math.round(Number(rss) / 1024) : '?'} MB (whole process)`,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const base = rows[0]!;
console.log(`${spec} to N = ${N}`);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(30)} wall ${r.seconds.toFixed(2).padStart(8)} s  cpu ${r.cpu.toFixed(2).padStart(8)} s  ` +
      `x${(r.seconds / base.seconds).toFixed(2)} wall, x${(r.cpu / base.cpu).toFixed(2)} cpu  checksum ` +
      `${r.checksum}${r.checksum === base.checksum ? '' : ' (DIFFERS)'}  ${r.note}`,
  );
}
if (rows.some((r) => r.checksum !== base.checksum)) process.exitCode = 1;
