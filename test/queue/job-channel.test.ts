import { type Job, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '../../bench/redis-server.js';
import { ComputeError } from '../../src/errors.js';
import { bullConnection, parseQueueUrl, type QueueTarget } from '../../src/queue/connection.js';
import { JOB_ATTEMPTS, JobChannel } from '../../src/queue/job-channel.js';
import { decodePayload, encodePayload, type JobData, QUEUE_NAME } from '../../src/queue/jobs.js';

/**
 * The coordinator's end of the queue against a real redis-server, with a BullMQ worker in this
 * process standing in for `grundy worker`: what a job carries, how its outcome or its failure
 * comes back, and which waiting jobs a restart clears.
 */
let redis: Awaited<ReturnType<typeof startRedis>>;
let target: QueueTarget;
const open: JobChannel[] = [];

async function channel(runKey: string): Promise<JobChannel> {
  const c = await JobChannel.open(target, runKey);
  open.push(c);
  return c;
}

beforeAll(async () => {
  redis = await startRedis();
  target = parseQueueUrl(redis.url, {});
  process.env.GRUNDY_QUEUE_BACKOFF_MS = '20';
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  const client = new Redis(redis.url);
  try {
    await client.flushall();
  } finally {
    client.disconnect();
  }
});
afterAll(async () => {
  delete process.env.GRUNDY_QUEUE_BACKOFF_MS;
  await redis?.proc.stop('SIGKILL');
});

describe('JobChannel with a worker taking the jobs', () => {
  const seen: Job<JobData>[] = [];
  let worker: Worker<JobData, string>;
  beforeAll(async () => {
    worker = new Worker<JobData, string>(
      QUEUE_NAME,
      async (job) => {
        seen.push(job);
        const task = decodePayload<{ op: string; ords?: Int32Array }>(job.data.task);
        if (task.op === 'fail') throw new Error(`no luck on attempt ${job.attemptsMade + 1}`);
        if (task.op === 'garbage') return 'bm90IGEgcGF5bG9hZA==';
        return encodePayload({ kind: job.data.worker, sum: [...(task.ords ?? [])].reduce((a, b) => a + b, 0) });
      },
      { connection: bullConnection(target), concurrency: 4 },
    );
    await worker.waitUntilReady();
  });
  afterAll(async () => {
    await worker?.close();
  });

  it("a job carries the run, the label, the worker's kind and the task; its outcome comes back decoded", async () => {
    const c = await channel('sweep|octal-digits2');
    const outcome = await c.run<{ kind: string; sum: number }>(
      'sweep',
      { op: 'sum', ords: Int32Array.from([1, 2, 3]) },
      'batch 1',
    );
    expect(outcome).toStrictEqual({ kind: 'sweep', sum: 6 });
    const job = seen.at(-1)!;
    expect(job.name).toBe('sweep');
    expect(job.data.runKey).toBe('sweep|octal-digits2');
    expect(job.data.label).toBe('batch 1');
    expect(job.data.worker).toBe('sweep');
    expect(decodePayload(job.data.task)).toStrictEqual({ op: 'sum', ords: Int32Array.from([1, 2, 3]) });
    expect(job.opts.attempts).toBe(JOB_ATTEMPTS);
    expect(JOB_ATTEMPTS).toBe(3);
  });

  it('many jobs in flight each get their own outcome, on distinct job ids', async () => {
    const c = await channel('eval|many');
    const sums = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        c.run<{ sum: number }>('eval', { op: 'sum', ords: Int32Array.from([i, i]) }, `slice ${i}`),
      ),
    );
    expect(sums.map((s) => s.sum)).toEqual(Array.from({ length: 12 }, (_, i) => 2 * i));
    const ids = seen.filter((j) => j.data.runKey === 'eval|many').map((j) => j.id);
    expect(new Set(ids).size).toBe(12);
  });

  it('a job failing on every attempt rejects once, after all attempts, naming the batch and last reason', async () => {
    const c = await channel('sweep|failing');
    const err = await c.run('sweep', { op: 'fail' }, 'batch 7').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ComputeError);
    expect((err as Error).message).toBe(
      `batch 7 failed on every one of its ${JOB_ATTEMPTS} attempts through the queue: ` +
        `no luck on attempt ${JOB_ATTEMPTS}`,
    );
    expect(seen.filter((j) => j.data.runKey === 'sweep|failing')).toHaveLength(JOB_ATTEMPTS);
  });

  it('an outcome that does not decode is a ComputeError, not a crash or a hang', async () => {
    const c = await channel('eval|garbage');
    const err = await c.run('eval', { op: 'garbage' }, 'slice 3').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ComputeError);
    expect((err as Error).message).toMatch(/^slice 3: unreadable result from the queue \(.+\)$/);
  });
});

describe('JobChannel.removeWaiting (no worker running)', () => {
  it("takes back this run's jobs no worker has taken, and leaves other runs' jobs", async () => {
    const mine = await channel('sweep|mine');
    const theirs = await channel('sweep|theirs');
    // Nobody takes these jobs: their promises stay pending, as a coordinator's would.
    void mine.run('sweep', { op: 'sum' }, 'mine 1');
    void mine.run('sweep', { op: 'sum' }, 'mine 2');
    void theirs.run('sweep', { op: 'sum' }, 'theirs 1');
    const waitingRuns = async (): Promise<string[]> =>
      (await mine.queue.getJobs(['waiting'])).map((j) => j.data.runKey).sort();
    // queue.add runs in the background of run(): wait until all three are in.
    for (let i = 0; i < 6000 && (await waitingRuns()).length < 3; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await waitingRuns()).toEqual(['sweep|mine', 'sweep|mine', 'sweep|theirs']);
    await mine.removeWaiting();
    expect(await waitingRuns()).toEqual(['sweep|theirs']);
  });
});
