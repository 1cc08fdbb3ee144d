/**
 * Load on grundy serve's query endpoint while a compute writes to the same store: requests per
 * second and latency percentiles from a bounded loop of concurrent keep-alive clients against
 * 127.0.0.1. Every request must succeed (status 200); any failure fails the run.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/serve.js [--seconds 10] [--clients 8] [--no-writer]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'node:http';
import { spawn } from 'node:child_process';
import { compute, openStore } from '../src/index.js';
import { buildServer } from '../src/serve/app.js';
import { CLI } from './cli.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function get(agent: Agent, port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function main(): Promise<void> {
  const seconds = arg('seconds', 10);
  const clients = arg('clients', 8);
  const dir = mkdtempSync(join(tmpdir(), 'grundy-serve-bench-'));
  const db = join(dir, 'bench.db');
  try {
    await compute('kayles', { db, untilProven: true, workers: 1 });
    await compute('sub:1,3,4', { db, to: 1_000_000, workers: 1 });
    const app = buildServer({ db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    // The writer: `grundy compute` of Grundy's game in its own process (as a user would run it),
    // committing chunk after chunk to the same store for the whole run.
    const writerArgs = process.argv.includes('--no-writer')
      ? ['-e', 'setTimeout(() => {}, 1e9)']
      : [CLI, 'compute', 'grundy', '--to', '2^22', '--workers', '1', '--db', db];
    const writer = spawn(process.execPath, writerArgs, {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let writerErr = '';
    writer.stderr.on('data', (d: Buffer) => (writerErr += d.toString()));
    const writerDone = new Promise<number | null>((resolve) => writer.on('close', (code) => resolve(code)));
    await new Promise((r) => setTimeout(r, 1000));
    const before = openStore(db);
    const startComputed = before.find('grundy')?.computed ?? 0;
    before.close();
    const agent = new Agent({ keepAlive: true, maxSockets: clients });
    const latencies: number[] = [];
    let failures = 0;
    let i = 0;
    const end = performance.now() + seconds * 1000;
    const paths = (k: number): string =>
      k % 3 === 0
        ? `/api/query?game=kayles&n=${BigInt(k) * 1_000_000_007n}`
        : k % 3 === 1
          ? `/api/query?game=sub:1,3,4&n=${(k * 7919) % 1_000_000}`
          : `/api/query?game=sub:1,3,4&n=${(k * 7919) % 1_000_000}..${((k * 7919) % 1_000_000) + 9}`;
    const client = async (): Promise<void> => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const status = await get(agent, port, paths(i++));
        latencies.push(performance.now() - t0);
        if (status !== 200) failures++;
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: clients }, client));
    const elapsed = (performance.now() - t0) / 1000;
    const after = openStore(db);
    const endComputed = after.find('grundy')?.computed ?? 0;
    after.close();
    const stillRunning = writer.exitCode === null;
    writer.kill('SIGINT');
    const code = await writerDone;
    if (!process.argv.includes('--no-writer') && (!stillRunning || (code !== 130 && code !== 0))) {
      console.error(`the writer ended early or failed (exit ${code}): ${writerErr.trim()}`);
      process.exitCode = 1;
    }
    agent.destroy();
    await app.close();
    latencies.sort((a, b) => a - b);
    const pct = (p: number): string =>
      latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(2);
    console.log(
      `serve /api/query, ${clients} clients, ${seconds} s, grundy compute writing ` +
        `(g(${startComputed}..${endComputed - 1}) stored meanwhile):\n` +
        `  ${latencies.length} requests, ${(latencies.length / elapsed).toFixed(0)} req/s, ${failures} failed\n` +
        `  latency ms: p50 ${pct(50)}, p90 ${pct(90)}, p99 ${pct(99)}, max ` +
        `${latencies[latencies.length - 1]!.toFixed(2)}`,
    );
    if (failures > 0) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
