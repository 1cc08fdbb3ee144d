/**
 * Scaling of the frozen-prefix strategy: the same table computed with 1 and 2 (or more) workers in
 * one run, plus, when given, the matching C reference program side by side. Prints the time,
 * the speed-up and the checksum (sum g(n) * (n mod 1000003 + 1), as the C programs print it).
 *
 *   npx tsc -p tsconfig.json
 *   node dist/bench/scaling.js grundy 2e6 [--workers 1,2] [--anchor "/tmp/anchors/octal grundy 2e6 par 2"]
 *   node dist/bench/scaling.js sub:squares 1e7 --anchor "/tmp/anchors/squares 1e7 blocked 32 2"
 *   node dist/bench/scaling.js sub:squares 1e7 --kernel auto,frozen-prefix --anchor "..."
 *   node dist/bench/scaling.js sub:cubes 1e7 --workers 2 --kernel auto,auto-wide
 *
 * Kernels: auto (what `grundy compute` runs), frozen-prefix (never the WebAssembly
 * gang), auto-wide (auto, with the gang's copy of the table in Uint16 from the start).
 *
 * Self-contained on purpose (the benchmark framework is another branch's work). Each
 * measurement uses a fresh temporary store; the machine is shared, so compare ratios from the
 * same run, never absolute times across runs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeGame } from '../src/engine/coordinator.js';
import { WorkerPool } from '../src/engine/pool.js';
import { scriptArgs, type ScriptArgs } from './args.js';
import { parseRules } from '../src/games/registry.js';
import { Store } from '../src/store/store.js';
import { heapChecksum as checksum } from './checksum.js';
import type { WorkerTasks } from '../workers/tasks.js';

interface Measurement {
  readonly label: string;
  readonly seconds: number;
  readonly checksum: string;
  readonly extra: string;
}

const KERNELS = ['auto', 'frozen-prefix', 'auto-wide'] as const;
type BenchKernel = (typeof KERNELS)[number];

async function measure(spec: string, N: number, workers: number, kernel: BenchKernel): Promise<Measurement> {
  const dir = mkdtempSync(join(tmpdir(), 'grundy-bench-'));
  const store = Store.openForWrite(join(dir, 'bench.db'));
  const pool = new WorkerPool<WorkerTasks>(workers);
  try {
    const rules = parseRules(spec);
    const started = performance.now();
    const cpu0 = process.cpuUsage();
    // Default 'frozen-prefix': the frozen prefix, not sparse space (bench/sparse.ts); --kernel auto runs
    // what `grundy compute` runs (the WebAssembly gang for infinite subtraction sets).
    const summary = await computeGame({
      rules,
      store,
      pool,
      to: N,
      untilProven: false,
      kernel: kernel === 'auto-wide' ? 'auto' : kernel,
      subtractTuning: kernel === 'auto-wide' ? { narrow: false } : undefined,
    });
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const { chunks, gatherMs, finishMs } = summary.frozen;
    const values = store.readValues(store.getGame(rules.key)!);
    return {
      label: `grundy-engine ${kernel}, ${workers} worker${workers > 1 ? 's' : ''}`,
      seconds,
      checksum: checksum(values).toString(),
      extra:
        `kernel ${summary.kernel}, workers used ${summary.workers}, cpu ${cpuSeconds.toFixed(1)} s, ` +
        `${chunks} frozen-prefix chunks: gather ${(gatherMs / 1000).toFixed(1)} s, ordered finish ` +
        `${(finishMs / 1000).toFixed(1)} s, ` +
        `max ${summary.maxValue}, rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB`,
    };
  } finally {
    await pool.destroy();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function anchor(command: string): Measurement {
  const [program, ...args] = command.split(/\s+/).filter(Boolean);
  const out = execFileSync(program!, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
  const line = out.split('\n').find((l) => l.startsWith('RESULT')) ?? '';
  const field = (name: string): string => new RegExp(`\\b${name}=(\\S+)`).exec(line)?.[1] ?? '?';
  return {
    label: `C: ${command}`,
    seconds: Number(field('time_s')),
    checksum: field('checksum'),
    extra: `max ${field('max')} (compute time only)`,
  };
}

async function main(): Promise<void> {
  const args: ScriptArgs = scriptArgs({
    usage: 'GAME N [--workers 1,2] [--kernel frozen-prefix,auto,auto-wide] [--anchor "PROGRAM ARGS"]',
    flags: { workers: { type: 'string' }, kernel: { type: 'string' }, anchor: { type: 'string' } },
    positionals: 2,
  });
  const spec = args.positional(0);
  if (spec === undefined || args.positional(1) === undefined) args.fail('name a GAME and a count N');
  args.check(() => parseRules(spec));
  const N = args.count(1, '', 'N');
  const workers = args.countList('workers', '1,2', 1, 256);
  const anchorCommand = args.flag('anchor');
  const kernels: BenchKernel[] = (args.flag('kernel') ?? 'frozen-prefix').split(',').map((k) => {
    const known = KERNELS.find((name) => name === k);
    return known ?? args.fail(`--kernel takes ${KERNELS.join(', ')}, not ${k}`);
  });
  const results: Measurement[] = [];
  for (const kernel of kernels) {
    for (const w of workers) {
      const m = await measure(spec, N, w, kernel);
      results.push(m);
      process.stdout.write(
        `${m.label.padEnd(48)} ${m.seconds.toFixed(2).padStart(8)} s  checksum ${m.checksum}  (${m.extra})\n`,
      );
    }
  }
  if (anchorCommand) {
    const m = anchor(anchorCommand);
    results.push(m);
    process.stdout.write(
      `${m.label.padEnd(48)} ${m.seconds.toFixed(2).padStart(8)} s  checksum ${m.checksum}  (${m.extra})\n`,
    );
  }
  const base = results[0]!;
  for (const m of results.slice(1)) {
    process.stdout.write(`speed-up of "${m.label}" over "${base.label}": ${(base.seconds / m.seconds).toFixed(2)}x\n`);
  }
  const sums = new Set(results.map((m) => m.checksum));
  process.stdout.write(
    sums.size === 1 ? `checksums agree: ${base.checksum}\n` : `CHECKSUMS DIFFER: ${[...sums].join(' ')}\n`,
  );
  if (sums.size !== 1) process.exitCode = 1;
}

await main();
