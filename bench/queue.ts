/**
 * Local sweep against the same sweep through Redis (coordinator + 2 `grundy worker` processes of 1
 * thread each), same machine, same run. Prints wall times, the queue's cost in throughput, jobs per
 * second and the batch sizes. Needs redis-server on PATH. Run after a build:
 *   node dist/bench/queue.js [--digits 3] [--to 2^11]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startRedis, startWorker } from './redis-server.js';
import { CLI } from './cli.js';

const { values } = parseArgs({
  options: { digits: { type: 'string', default: '3' }, to: { type: 'string', default: '2^11' } },
});
const sweep = ['sweep', 'octal', '--digits', values.digits!, '--to', values.to!, '--json'];

function run(args: string[]): Promise<{ ms: number; out: string }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, GRUNDY_DB: '' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve({ ms: performance.now() - t0, out }) : reject(new Error(`exit ${code}`)),
    );
  });
}

/** Seconds the worker threads spent solving games (the per-game times in the report). */
async function computeSeconds(db: string): Promise<number> {
  const { out } = await run(['--db', db, 'sweep', '--report', `octal-digits${values.digits}`, '--top', '0', '--json']);
  // With --top 0, results holds every game (unsolved repeats the unproven ones).
  const r = JSON.parse(out) as { results: { ms: number }[] };
  return r.results.reduce((t, g) => t + g.ms, 0) / 1000;
}

const dir = mkdtempSync(join(tmpdir(), 'grundy-bench-queue-'));
const redis = await startRedis();
try {
  const local = await run(['--db', join(dir, 'local.db'), ...sweep, '--workers', '2']);
  const workers = [await startWorker(redis.url, {}, CLI), await startWorker(redis.url, {}, CLI)];
  const queued = await run(['--db', join(dir, 'queue.db'), ...sweep, '--queue', redis.url]);
  await Promise.all(workers.map((w) => w.stop()));
  const sizes = workers.flatMap((w) => [...w.text.matchAll(/a sweep batch of (\d+) game/g)].map((m) => Number(m[1])));
  const games = (JSON.parse(local.out) as { computedNow: number }).computedNow;
  const perWorker = workers.map((w) => (w.text.match(/job \S+: a sweep batch/g) ?? []).length);
  sizes.sort((a, b) => a - b);
  const cost = 1 - local.ms / queued.ms;
  const seconds = (ms: number): string => (ms / 1000).toFixed(2);
  const rate = (ms: number): string => (games / (ms / 1000)).toFixed(1);
  console.log(`octal --digits ${values.digits} --to ${values.to}: ${games} games`);
  console.log(`local (2 threads):            ${seconds(local.ms)} s, ${rate(local.ms)} games/s`);
  console.log(`queue (2 workers x 1 thread): ${seconds(queued.ms)} s, ${rate(queued.ms)} games/s`);
  console.log(`queue cost in throughput: ${(cost * 100).toFixed(1)}%`);
  // Busy share of the 2 threads: the rest is waiting (process start, Redis round trips, the last games).
  const busyLocal = (await computeSeconds(join(dir, 'local.db'))) / ((2 * local.ms) / 1000);
  const busyQueue = (await computeSeconds(join(dir, 'queue.db'))) / ((2 * queued.ms) / 1000);
  console.log(`threads busy solving: local ${(busyLocal * 100).toFixed(0)}%, queue ${(busyQueue * 100).toFixed(0)}%`);
  console.log(
    `jobs: ${sizes.length} (${perWorker.join(' + ')}), ${(sizes.length / (queued.ms / 1000)).toFixed(1)} jobs/s`,
  );
  console.log(`batch size: median ${sizes[sizes.length >> 1]}, min ${sizes[0]}, max ${sizes[sizes.length - 1]}`);
} finally {
  await redis.proc.stop();
  rmSync(dir, { recursive: true, force: true });
}
