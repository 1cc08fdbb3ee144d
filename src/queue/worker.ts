import { Worker, type Job } from 'bullmq';
import { defaultWorkers, WorkerPool } from '../engine/pool.js';
import { ComputeError } from '../errors.js';
import type { SweepBatchTask } from '../sweep/protocol.js';
import { faultHold, faultJobFails } from '../testing/faults.js';
import { bullConnection, probeQueue, type QueueTarget } from './connection.js';
import { type QueuedBatchTask, TableCache, tableClient } from './eval-tables.js';
import { decodePayload, encodePayload, envMs, QUEUE_NAME, type JobData } from './jobs.js';
import type { WorkerTasks } from '../../workers/tasks.js';

export interface QueueWorkerOptions {
  readonly target: QueueTarget;
  /** Threads of its pool (default: available cores). */
  readonly threads?: number;
  readonly signal: AbortSignal;
  /** One line per job event (stderr in the CLI). */
  readonly log: (line: string) => void;
}

export interface QueueWorkerSummary {
  readonly jobs: number;
  readonly failed: number;
}

/**
 * A long-running queue worker: takes jobs (sweep batches, slices of eval --file batches), solves
 * each on its own Piscina pool with the same worker entry files as a local run, and returns the
 * outcome through BullMQ. Two jobs per thread are taken at once so a thread never waits for Redis
 * between batches. Aborting stops taking jobs and lets the jobs in hand finish while Redis is
 * there to take their results; with Redis gone (or lost while closing) it drops the connections
 * at once instead of waiting for a reconnect that may never come, and logs no more queue errors.
 */
export async function runQueueWorker(opts: QueueWorkerOptions): Promise<QueueWorkerSummary> {
  await probeQueue(opts.target);
  const threads = opts.threads ?? defaultWorkers();
  const pool = new WorkerPool<WorkerTasks>(threads);
  let jobs = 0;
  let failed = 0;
  let inHand = 0;
  let stopping = false;
  const tables = new TableCache(tableClient(opts.target));
  const solveJob = async (job: Job<JobData>): Promise<string> => {
    inHand++;
    try {
      return await solve(job);
    } finally {
      inHand--;
    }
  };
  const solve = async (job: Job<JobData>): Promise<string> => {
    const { label, worker: kind } = job.data;
    if (kind !== 'sweep' && kind !== 'eval')
      throw new ComputeError(`unknown job kind '${String(kind)}'; upgrade this worker`);
    opts.log(`job ${job.id}: ${label} (attempt ${job.attemptsMade + 1})`);
    await faultHold('queue-job', undefined);
    if (kind === 'eval') {
      const task = decodePayload<QueuedBatchTask>(job.data.task);
      const local = task.kind === 'scan' ? task : await tables.local(task);
      return encodePayload(await pool.runOn('eval', local, undefined, label));
    }
    const task = decodePayload<SweepBatchTask>(job.data.task);
    if (faultJobFails(task.games.ords)) throw new ComputeError(`injected failure (GRUNDY_FAULT_JOB_FAIL) in ${label}`);
    return encodePayload(await pool.runOn('sweep', task, undefined, label));
  };
  const worker = new Worker<JobData, string>(QUEUE_NAME, solveJob, {
    connection: bullConnection(opts.target),
    concurrency: threads * 2,
    // A killed worker process's jobs go back to the queue once its lock expires; tests shorten both.
    lockDuration: envMs('GRUNDY_QUEUE_LOCK_MS', 30_000),
    stalledInterval: envMs('GRUNDY_QUEUE_STALLED_MS', 30_000),
    maxStalledCount: 2,
  });
  worker.on('completed', () => {
    jobs++;
  });
  worker.on('failed', (job, err) => {
    failed++;
    opts.log(`job ${job?.id ?? '?'} failed: ${err.message}`);
  });
  // Whether a connection error came since the last time the connection was ready: a stop then
  // drops the connections at once. The main client's status can still say 'ready' then (the
  // error came from the blocking connection), and a graceful close waited for ever once.
  let lost = false;
  worker.on('error', (err) => {
    if (LOST.test(err.message)) lost = true;
    if (!stopping) opts.log(`queue error: ${err.message}`);
  });
  await worker.waitUntilReady();
  (await worker.backend.client).on('ready', () => {
    lost = false;
  });
  opts.log(`worker ready: ${threads} thread${threads === 1 ? '' : 's'}, queue ${opts.target.display}`);
  try {
    await new Promise<void>((resolve) => {
      if (opts.signal.aborted) resolve();
      else opts.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  } finally {
    stopping = true;
    if (inHand > 0) opts.log(`finishing ${inHand} job${inHand === 1 ? '' : 's'} in hand`);
    await closeWorker(worker, lost);
    tables.disconnect();
    await pool.destroy();
  }
  return { jobs, failed };
}

/** The errors that say a connection to Redis is gone. */
const LOST = /ECONNREFUSED|ECONNRESET|Connection is closed/;

/**
 * Close the BullMQ worker: gracefully (jobs in hand finish and report) while its connection is
 * up; forced when Redis is gone (`lost`: a connection error since it was last ready), or as soon
 * as it goes during the close, since a graceful close would wait for a reconnection (and keep
 * retrying it) for ever.
 */
async function closeWorker(worker: Worker<JobData, string>, lost: boolean): Promise<void> {
  const client = await worker.backend.client;
  if (lost || client.status !== 'ready') {
    await worker.close(true);
    await worker.disconnect();
    return;
  }
  const drop = (): void => {
    void worker.disconnect().catch(() => undefined);
  };
  client.once('close', drop);
  try {
    await worker.close();
  } finally {
    client.off('close', drop);
  }
}
