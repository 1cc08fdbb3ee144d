import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { ComputeError } from '../errors.js';
import { bullConnection, lastStreamId, probeQueue, type QueueTarget } from './connection.js';
import { decodePayload, encodePayload, envMs, QUEUE_NAME, type JobData, type JobKind } from './jobs.js';

/** A job that throws (a worker thread died twice, a worker process lost its lock) runs at most this often. */
export const JOB_ATTEMPTS = 3;

interface Pending {
  readonly label: string;
  resolve(outcome: unknown): void;
  reject(err: Error): void;
}

/**
 * The coordinator's end of the queue: each task becomes one BullMQ job, and its outcome comes back
 * through the queue's event stream. Sweeps and eval batches share it; workers never see the store.
 */
export class JobChannel {
  private readonly pending = new Map<string, Pending>();
  private readonly prefix = randomUUID().slice(0, 8);
  private seq = 0;

  private constructor(
    readonly queue: Queue<JobData>,
    private readonly events: QueueEvents,
    readonly runKey: string,
  ) {
    events.on('completed', ({ jobId, returnvalue }) => {
      const p = this.take(jobId);
      if (!p) return;
      try {
        p.resolve(decodePayload<unknown>(String(returnvalue)));
      } catch (err) {
        p.reject(new ComputeError(`${p.label}: unreadable result from the queue (${(err as Error).message})`));
      }
    });
    events.on('failed', ({ jobId, failedReason }) => {
      const p = this.take(jobId);
      p?.reject(
        new ComputeError(
          `${p.label} failed on every one of its ${JOB_ATTEMPTS} attempts through the queue: ${failedReason}`,
        ),
      );
    });
  }

  /**
   * Connect, failing fast when Redis is not there. The event reader starts from the stream's
   * newest entry as it is now, before any job of this run exists: BullMQ's default start ('$')
   * means "whatever arrives after my first XREAD", so a job finishing before that read would
   * never be heard of and the coordinator would wait for it forever.
   */
  static async open(target: QueueTarget, runKey: string): Promise<JobChannel> {
    await probeQueue(target);
    const connection = bullConnection(target);
    const queue = new Queue<JobData>(QUEUE_NAME, { connection });
    queue.on('error', () => {});
    await queue.waitUntilReady();
    const lastEventId = await lastStreamId(target, queue.toKey('events'));
    const events = new QueueEvents(QUEUE_NAME, { connection, lastEventId, autorun: false });
    events.on('error', () => {});
    void events.run().catch(() => {});
    await events.waitUntilReady();
    return new JobChannel(queue, events, runKey);
  }

  private take(jobId: string): Pending | undefined {
    const p = this.pending.get(jobId);
    if (p) this.pending.delete(jobId);
    return p;
  }

  /** Enqueue one task for the worker entry `kind`; resolves with the worker's outcome. */
  run<R>(kind: JobKind, task: unknown, label: string): Promise<R> {
    const jobId = `${this.prefix}-${this.seq++}`;
    const data: JobData = { runKey: this.runKey, label, worker: kind, task: encodePayload(task) };
    return new Promise<R>((resolve, reject) => {
      this.pending.set(jobId, { label, resolve: resolve as (outcome: unknown) => void, reject });
      this.queue
        .add(kind, data, {
          jobId,
          attempts: JOB_ATTEMPTS,
          backoff: { type: 'fixed', delay: envMs('GRUNDY_QUEUE_BACKOFF_MS', 500) },
          // The result travels in the completion event; nothing needs the finished job afterwards.
          removeOnComplete: true,
          removeOnFail: { count: 1000 },
        })
        .catch((err: unknown) => {
          this.pending.delete(jobId);
          reject(new ComputeError(`${label}: could not enqueue (${err instanceof Error ? err.message : String(err)})`));
        });
    });
  }

  /** Remove this run's jobs that no worker has taken yet (after Ctrl-C, or left by a killed coordinator). */
  async removeWaiting(): Promise<void> {
    const jobs = await this.queue.getJobs(['waiting', 'delayed', 'prioritized']);
    await Promise.all(jobs.filter((j) => j.data?.runKey === this.runKey).map((j) => j.remove().catch(() => {})));
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.events.close(), this.queue.close()]);
  }
}
