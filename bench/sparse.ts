/**
 * Sparse space against the single-thread C reference, side by side in one run (issue 3).
 *
 *   node dist/bench/sparse.js [N=1e7] [--c PATH] [--c-variant scalar|vec] [--cli] [--cli-workers 1,2]
 * [--no-kernel] [--kernel js|wasm] [--game grundy|octal:CODE]
 *
 * 1. the C reference (built by ../shared/anchors/build.sh; skipped when PATH does not exist):
 *    `grundy_sparse N 0 VARIANT` for Grundy's game, `octal_sparse CODE N 0 VARIANT auto` for an
 *    octal code (PATH names either program or their folder; VARIANT defaults to scalar for
 *    grundy_sparse and vec for octal_sparse, which runs scalar where the CPU lacks AVX-512BW, as
 *    its row then says), 2. the sparse kernel (--kernel: js, the default, or wasm) in this
 *    process on one thread (mask chosen and revised as in a real run; --no-kernel skips it),
 *    3. with --cli, `grundy compute <game> --to N --workers K` end to end (worker threads, SQLite)
 *    for each K of --cli-workers (default 1 and 2: one worker, and the parallel sparse gang) under
 *    /usr/bin/time for its peak RSS.
 * Each prints wall and CPU time (the CLI's wall and CPU time are the whole command's: start-up,
 * SQLite and its worker threads; its compute-only time is in the note) and the checksum sum g(n) *
 * (n mod 1000003 + 1) over n < N; equal checksums mean equal tables. Ratios are only meaningful
 * within one run on this shared machine.
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
import { roundTripNs } from './core-check.js';
import { CLI } from './cli.js';

const args = scriptArgs({
  usage:
    '[N=1e7] [--c PATH] [--c-variant scalar|vec] [--cli] [--cli-workers 1,2] [--no-kernel] [--kernel js|wasm] ' +
    '[--game grundy|octal:CODE]',
  flags: {
    c: { type: 'string' },
    'c-variant': { type: 'string' },
    game: { type: 'string' },
    kernel: { type: 'string' },
    cli: { type: 'boolean' },
    'cli-workers': { type: 'string' },
    'no-kernel': { type: 'boolean' },
  },
  positionals: 1,
});
const N = args.count(0, '1e7', 'N');
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

/** The C reference for the game: its program and arguments, or null when there is none. */
function reference(): { readonly program: string; readonly args: string[]; readonly variant: string } | null {
  const octal = /^octal:([04]\.[0-7]+)$/.exec(spec);
  if (spec !== 'grundy' && !octal) return null;
  const name = octal ? 'octal_sparse' : 'grundy_sparse';
  const given = args.flag('c') ?? '/tmp/anchors';
  const program = given.endsWith(name) ? given : given.endsWith('_sparse') ? null : join(given, name);
  if (!program || !existsSync(program)) return null;
  const variant = args.flag('c-variant') ?? (octal ? 'vec' : 'scalar');
  if (variant !== 'scalar' && variant !== 'vec') args.fail(`--c-variant must be scalar or vec, not ${variant}`);
  const rest = octal ? [octal[1]!, String(N), '0', variant, 'auto'] : [String(N), '0', variant];
  return { program, args: rest, variant };
}

const ref = reference();
if (ref) {
  const res = spawnSync('/usr/bin/time', ['-f', 'cpu_s=%U+%S', ref.program, ...ref.args], { encoding: 'utf8' });
  const m = /variant=(\S+).*checksum=(\d+).*time_s=([\d.]+)/.exec(res.stdout);
  const cpu = /cpu_s=([\d.]+)\+([\d.]+)/.exec(res.stderr);
  if (m && cpu) {
    rows.push({
      name: `C ${ref.program.split('/').pop()} ${ref.args.slice(-2).join(' ')}`,
      seconds: Number(m[3]),
      cpu: Number(cpu[1]) + Number(cpu[2]),
      checksum: m[2]!,
      note: `ran ${m[1]} (compute only)`,
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
        'maxrss_kb=%M cpu_s=%U+%S wall_s=%e',
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
    const wall = /wall_s=([\d.:]+)/.exec(res.stderr)?.[1];
    const cpu = /cpu_s=([\d.]+)\+([\d.]+)/.exec(res.stderr);
    const store = Store.openForRead(db)!;
    const game = store.getGame(rules.key)!;
    const sum = checksum(store.readValues(game), N);
    store.close();
    rows.push({
      name: `grundy compute --workers ${workers}`,
      seconds: wall ? Number(wall) : NaN,
      cpu: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN,
      checksum: String(sum),
      note:
        `kernel ${summary.kernel} on ${summary.workers} worker(s), compute ` +
        `${(summary.elapsedMs / 1000).toFixed(2)} s, peak RSS ` +
        `${rss ? Math.round(Number(rss) / 1024) : '?'} MB (whole process)`,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const base = rows[0]!;
console.log(`${spec} to N = ${N}`);
// The pipe's figures depend on how far apart the two cores are at the moment (bench/core-check.ts).
if (args.has('cli') && cliWorkers.some((w) => w > 1))
  console.log(`a round trip between two threads: ${(await roundTripNs()).toFixed(0)} ns`);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(30)} wall ${r.seconds.toFixed(2).padStart(8)} s  cpu ${r.cpu.toFixed(2).padStart(8)} s  ` +
      `x${(r.seconds / base.seconds).toFixed(2)} wall, x${(r.cpu / base.cpu).toFixed(2)} cpu  checksum ` +
      `${r.checksum}${r.checksum === base.checksum ? '' : ' (DIFFERS)'}  ${r.note}`,
  );
}
if (rows.some((r) => r.checksum !== base.checksum)) process.exitCode = 1;
