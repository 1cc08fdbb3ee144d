/**
 * Misère evaluation throughput (issue 41: 10^5 positions a second when a rule or a stored table
 * answers). Seeded random sums of three heaps, evaluated by eachMisereLine (each game resolved
 * once, each result dropped once seen) and by the whole command (`eval --misere --file`), one
 * workload a rule:
 *
 * - anti-nim: nim heaps below 10^9 (Bouton's rule, no table);
 * - anti-sg: allbut:1,2 heaps below 10^5 (the Anti-SG rule on a stored, proven table);
 * - tame: octal:0.07 heaps 0..9 (a stored misère table, every heap tame).
 *
 *   npx tsc -p tsconfig.json && node dist/bench/misere-eval.js [lines=1e5] [moves=one]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { compute } from '../src/api/compute.js';
import { computeMisere, eachMisereLine, evaluateMisereBatch } from '../src/api/misere.js';
import type { MovesMode } from '../src/play/evaluate.js';
import { seededRandom } from '../src/testing/random.js';
import { scriptArgs } from './args.js';
import { CLI } from './cli.js';
import { childCpuSeconds } from './machine.js';

function cpuSeconds(u: NodeJS.CpuUsage): number {
  return (u.user + u.system) / 1e6;
}

const args = scriptArgs({ usage: '[lines=1e5] [moves=one|none|all]', positionals: 2 });
const lines = args.count(0, '1e5', 'lines');
const moves = (args.positional(1) ?? 'one') as MovesMode;
if (!['one', 'none', 'all'].includes(moves)) args.fail(`moves '${moves}' must be one, none or all`);

const dir = mkdtempSync(join(tmpdir(), 'grundy-bench-misere-'));
const db = join(dir, 'm.db');
try {
  await compute('allbut:1,2', { db, untilProven: true, workers: 1 });
  await computeMisere('octal:0.07', { db, to: 10 });
  const random = seededRandom(41);
  const heap = (below: number) => Math.floor(random() * below);
  const workloads: [string, () => string][] = [
    ['anti-nim', () => `nim@${heap(1e9)},${heap(1e9)},${heap(1e9)}`],
    ['anti-sg', () => `allbut:1,2@${heap(1e5)},${heap(1e5)},${heap(1e5)}`],
    ['tame', () => `octal:0.07@${heap(10)},${heap(10)},${heap(10)}`],
  ];
  console.log(`misère eval of ${lines} random sums of three heaps, moves ${moves}; load ${loadavg()[0]!.toFixed(1)}`);
  for (const [name, make] of workloads) {
    const positions = Array.from({ length: lines }, make);
    await evaluateMisereBatch(positions.slice(0, 1000), { db, moves }); // warm-up
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    // Results counted as they come and dropped, as the command does.
    let P = 0;
    const methods = new Set<string>();
    await eachMisereLine(positions, { db, moves }, (r) => {
      if ('error' in r) methods.add(`error: ${r.error.message}`);
      else {
        methods.add(r.evaluation.method);
        if (r.evaluation.outcome === 'P') P++;
      }
    });
    const s = (performance.now() - t0) / 1000;
    const cpu = cpuSeconds(process.cpuUsage(cpu0));
    const file = join(dir, `${name}.txt`);
    writeFileSync(file, `${positions.join('\n')}\n`);
    const t1 = performance.now();
    const child0 = childCpuSeconds();
    const cli = spawnSync(process.execPath, [CLI, 'eval', '--misere', '--file', file, '--moves', moves, '--db', db], {
      maxBuffer: 1 << 30,
    });
    const c = (performance.now() - t1) / 1000;
    const childCpu = childCpuSeconds() - child0;
    if (cli.status !== 0) throw new Error(`eval --misere --file failed: ${cli.stderr.toString()}`);
    // Per CPU second too: on a shared machine the wall clock measures the neighbours.
    const rate = (secs: number) => (secs > 0 ? (lines / secs).toFixed(0) : '-').padStart(7);
    console.log(
      `${name.padEnd(9)} library ${rate(s)}/s wall, ${rate(cpu)}/s CPU   ` +
        `command ${rate(c)}/s wall, ${rate(childCpu)}/s CPU (whole process)   ` +
        `P ${P}   method ${[...methods].join(', ')}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
