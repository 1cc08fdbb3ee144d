import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from './helpers/cli.js';
import { waitFor } from './helpers/safety.js';
import { freePort, startCli, startRedis, startWorker, type Proc } from '../bench/redis-server.js';
import { storedResults } from './helpers/stored-results.js';

/**
 * Sweeps through a real Redis and real `grundy worker` processes (no mocks): results equal to a
 * local sweep, a worker killed mid-job, a coordinator killed and restarted, Redis unreachable,
 * a job that fails on every attempt, and no password on the command line.
 */
const SWEEP = ['sweep', 'octal', '--digits', '2', '--to', '2^10'];
/** Short locks so a killed worker's job is retried within seconds (BullMQ's stalled-job check). */
const FAST_STALL = { GRUNDY_QUEUE_LOCK_MS: '1500', GRUNDY_QUEUE_STALLED_MS: '500' };

let redis: Awaited<ReturnType<typeof startRedis>>;
const tmp = tempDir('grundy-queue-');
const procs: Proc[] = [];
let localReport: unknown;

/** The report minus everything that measures time. */
function sansTimings(json: string): unknown {
  return JSON.parse(json, (key, value: unknown) => (/^(ms|elapsedMs|gamesPerSecond)$/.test(key) ? undefined : value));
}

async function report(db: string): Promise<unknown> {
  const r = await runCli(['--db', db, 'sweep', '--report', 'octal-digits2', '--top', '0', '--json']);
  expect(r.code, r.stderr).toBe(0);
  return sansTimings(r.stdout);
}

async function worker(env: Record<string, string> = {}): Promise<Proc> {
  const w = await startWorker(redis.url, { ...FAST_STALL, ...env });
  procs.push(w);
  return w;
}

beforeAll(async () => {
  redis = await startRedis();
  const db = join(tmp.dir, 'local.db');
  const r = await runCli(['--db', db, ...SWEEP, '--workers', '2']);
  expect(r.code, r.stderr).toBe(0);
  localReport = await report(db);
});

/**
 * Whatever a test started dies with it, pass or fail, and Redis is emptied: a worker or a job left
 * over by a failed test must not take (or be) the next test's work.
 */
afterEach(async () => {
  await Promise.all(procs.splice(0).map((p) => p.stop('SIGKILL')));
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  try {
    await client.flushall();
  } finally {
    client.disconnect();
  }
});

afterAll(async () => {
  await Promise.all(procs.map((p) => p.stop('SIGKILL')));
  await redis?.proc.stop('SIGKILL');
  tmp.cleanup();
});

describe('grundy sweep --queue', () => {
  it('with two worker processes gives the same report as the local sweep', async () => {
    const ws = [await worker(), await worker()];
    const db = join(tmp.dir, 'two.db');
    const r = await runCli(['--db', db, ...SWEEP, '--queue', redis.url, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).done).toBe(56);
    expect(await report(db)).toEqual(localReport);
    // Both workers took jobs: the work really was shared.
    for (const w of ws) expect(w.text).toMatch(/job \S+: a sweep batch/);
    await Promise.all(ws.map((w) => w.stop()));
  });

  it('survives a worker killed (SIGKILL) in the middle of a job: the job is retried on the other worker', async () => {
    // The doomed worker holds its first job forever, so it surely dies mid-job, however fast the machine.
    const doomed = await worker({ GRUNDY_FAULT_HOLD: 'queue-job:1:deaf' });
    const db = join(tmp.dir, 'killed-worker.db');
    const sweep = startCli(['--db', db, ...SWEEP, '--queue', redis.url, '--json']);
    procs.push(sweep);
    await doomed.waitFor(/job \S+: a sweep batch/);
    const held = /job (\S+): a sweep batch/.exec(doomed.text)![1]!;
    const survivor = await worker();
    await doomed.stop('SIGKILL');
    expect(await sweep.exited, sweep.text).toBe(0);
    expect(await report(db)).toEqual(localReport);
    // BullMQ's stalled-job check gave the held job to the survivor.
    expect(survivor.text).toContain(`job ${held}: `);
    await survivor.stop();
  });

  it('resumes when the coordinator is killed and restarted: nothing lost, nothing stored twice', async () => {
    const w = await worker();
    const db = join(tmp.dir, 'killed-coordinator.db');
    // The coordinator stops after its second stored batch and stays there until killed; killed once
    // it has stored something (a worker having started jobs says nothing of what the store holds).
    const first = startCli(['--db', db, ...SWEEP, '--queue', redis.url], { GRUNDY_FAULT_HOLD: 'batch-stored:2:deaf' });
    procs.push(first);
    await waitFor(() => storedResults(db) >= 2);
    await first.stop('SIGKILL');
    const status = await runCli(['--db', db, 'sweeps', '--json']);
    expect(status.code, status.stderr).toBe(0);
    const again = await runCli(['--db', db, ...SWEEP, '--queue', redis.url, '--json']);
    expect(again.code, again.stderr).toBe(0);
    const summary = JSON.parse(again.stdout) as { resumed: number; done: number };
    expect(summary.resumed).toBeGreaterThan(0);
    expect(summary.done).toBe(56);
    expect(await report(db)).toEqual(localReport);
    await w.stop();
  });

  it('reports a job that fails on every attempt with its games, and stops retrying it', async () => {
    const w = await worker({ GRUNDY_FAULT_JOB_FAIL: '20' });
    const db = join(tmp.dir, 'failing.db');
    const r = await runCli(['--db', db, ...SWEEP, '--queue', redis.url], { env: { GRUNDY_QUEUE_BACKOFF_MS: '50' } });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/failed on every one of its 3 attempts/);
    expect(r.stderr).toMatch(/octal:0\.\d+ #\d+/);
    expect(r.stderr.trim().split('\n').at(-1)).toMatch(/^grundy: /);
    expect(w.text.match(/injected failure/g)?.length).toBe(3);
    await w.stop();
  });
});

describe('grundy eval --file --queue', () => {
  it('gives output identical to the local batch (text and --json), bad lines and exit code included', async () => {
    // Three slices of LINES_PER_TASK (4096) lines, so the results come back from both workers out of
    // order and must be written in line order; tables are missing at first and computed by the coordinator.
    const file = join(tmp.dir, 'positions.txt');
    const lines = Array.from({ length: 9000 }, (_, i) =>
      i % 1000 === 5 ? 'nope@3' : `kayles@${i % 300} + sub:1,3,4@${(i * 7) % 500} + nim@${i % 9}`,
    );
    writeFileSync(file, `${lines.join('\n')}\n`);
    const ws = [await worker(), await worker()];
    for (const json of [[], ['--json']]) {
      const local = await runCli([
        '--db',
        join(tmp.dir, `eval-local${json.length}.db`),
        'eval',
        '--file',
        file,
        ...json,
      ]);
      const args = ['--db', join(tmp.dir, `eval-queue${json.length}.db`), 'eval', '--file', file, ...json];
      const queued = await runCli([...args, '--queue', redis.url]);
      expect(local.code, local.stderr).toBe(1);
      expect(queued.code, queued.stderr).toBe(1);
      expect(queued.stdout).toBe(local.stdout);
      expect(queued.stderr).toBe(local.stderr);
      expect(local.stdout.trim().split('\n')).toHaveLength(9000);
    }
    for (const w of ws) expect(w.text).toMatch(/job \S+: positions from line \d+/);
    // The tables the coordinator put in Redis for the workers are gone with the batch.
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      expect(await client.keys('grundy:eval-table:*')).toEqual([]);
    } finally {
      client.disconnect();
    }
  });
});

describe('queue errors', () => {
  it('fails fast with one line and exit 5 when Redis is unreachable, leaving the store untouched', async () => {
    const port = await freePort();
    const db = join(tmp.dir, 'unreachable.db');
    const r = await runCli(['--db', db, ...SWEEP, '--queue', `redis://127.0.0.1:${port}`], { timeoutMs: 30_000 });
    expect(r.code).toBe(5);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/cannot reach the queue at redis:\/\/127\.0\.0\.1:\d+/);
    expect(existsSync(db)).toBe(false);
    const w = await runCli(['worker', '--queue', `redis://127.0.0.1:${port}`], { timeoutMs: 30_000 });
    expect(w.code).toBe(5);
    const file = join(tmp.dir, 'one-position.txt');
    writeFileSync(file, 'kayles@10 + nim@3\n');
    const e = await runCli(['--db', db, 'eval', '--file', file, '--queue', `redis://127.0.0.1:${port}`], {
      timeoutMs: 30_000,
    });
    expect(e.code).toBe(5);
    expect(e.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(db)).toBe(false);
  });

  it('takes the password from GRUNDY_REDIS_PASSWORD and never prints it', async () => {
    const secret = 'pw-7f3a9c';
    const guarded = await startRedis(['--requirepass', secret]);
    try {
      const w = await startWorker(guarded.url, { GRUNDY_REDIS_PASSWORD: secret });
      procs.push(w);
      const db = join(tmp.dir, 'password.db');
      const args = ['--db', db, 'sweep', 'octal', '--digits', '1', '--queue', guarded.url, '--json'];
      const ok = await runCli(args, { env: { GRUNDY_REDIS_PASSWORD: secret } });
      expect(ok.code, ok.stderr).toBe(0);
      const denied = await runCli(args, { env: { GRUNDY_REDIS_PASSWORD: 'wrong-password' } });
      expect(denied.code).toBe(5);
      expect(denied.stderr).toMatch(/cannot reach the queue/);
      for (const text of [ok.stdout, ok.stderr, denied.stderr, w.text]) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain('wrong-password');
      }
      await w.stop();
    } finally {
      await guarded.proc.stop('SIGKILL');
    }
  });

  it('refuses a password in the URL without printing it', async () => {
    const r = await runCli(['sweep', 'octal', '--digits', '1', '--queue', 'redis://user:s3cr3t@127.0.0.1:6379']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/GRUNDY_REDIS_PASSWORD/);
    expect(r.stderr).not.toMatch(/s3cr3t/);
  });
});
