/**
 * Batch evaluation throughput (issue 4 target: 10^6 three-component positions of stored games in
 * under 30 s on 2 cores). Self-contained: a temporary store with Kayles (proven), sub:1,3,4
 * (proven) and Grundy's game (a 2*10^4 prefix), a seeded file of positions, and the compiled CLI.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/eval-batch.js [lines=1e6] [workers=2] [moves=none]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptArgs, type ScriptArgs } from './args.js';
import { CLI } from './cli.js';
import { childCpuSeconds } from './machine.js';

const MOVES = ['all', 'one', 'none'];
const args: ScriptArgs = scriptArgs({ usage: '[lines=1e6] [workers=2] [moves=none|one|all]', positionals: 3 });
const lines = args.count(0, '1e6', 'lines');
const workers = String(args.count(1, '2', 'workers', 1, 256));
const moves = args.positional(2) ?? 'none';
if (!MOVES.includes(moves)) args.fail(`moves '${moves}' must be one of ${MOVES.join(', ')}`);

function grundy(args: string[]): { ms: number; cpu: number; code: number | null; stderr: string } {
  const t = performance.now();
  const c = childCpuSeconds();
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  return { ms: performance.now() - t, cpu: childCpuSeconds() - c, code: r.status, stderr: r.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'grundy-bench-'));
try {
  const db = join(dir, 'bench.db');
  for (const args of [
    ['compute', 'kayles', '--until-proven'],
    ['compute', 'sub:1,3,4', '--until-proven'],
    ['compute', 'grundy', '--to', '2e4'],
  ]) {
    const r = grundy([...args, '--db', db, '--workers', workers]);
    if (r.code !== 0) throw new Error(r.stderr);
  }
  // Seeded positions: heaps inside the tables and, for the proven games, far beyond them.
  let seed = 12345;
  const rand = (k: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % k;
  };
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const big = rand(4) === 0 ? `${rand(1e9)}${rand(1e9)}` : String(rand(1e5));
    out.push(`kayles@${big} + sub:1,3,4@${rand(1e6)},${rand(1e5)} + grundy@${rand(2e4)}`);
  }
  const file = join(dir, 'positions.txt');
  writeFileSync(file, `${out.join('\n')}\n`);
  const result = join(dir, 'results.jsonl');
  const r = grundy(['eval', '--file', file, '--out', result, '--moves', moves, '--workers', workers, '--db', db]);
  if (r.code !== 0) throw new Error(r.stderr);
  const seconds = r.ms / 1000;
  console.log(
    JSON.stringify({
      bench: 'eval-batch',
      lines,
      workers: Number(workers),
      moves,
      seconds: Math.round(seconds * 100) / 100,
      // On a shared machine wall time depends on the load; CPU time over 2 cores bounds an idle run.
      cpuSeconds: Math.round(r.cpu * 100) / 100,
      loadAverage: Math.round(loadavg()[0]! * 10) / 10,
      positionsPerSecond: Math.round(lines / seconds),
      inputMB: Math.round(statSync(file).size / 1e5) / 10,
      outputMB: Math.round(statSync(result).size / 1e5) / 10,
      target: 'under 30 s for 1e6 lines on 2 cores',
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
