import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { ComputeError } from '../errors.js';
import type { SweepBackend } from '../sweep/run-sweep.js';
import type { SweepBatchOutcome, SweepBatchTask } from '../sweep/protocol.js';
import { bullConnection, probeQueue, type QueueTarget } from './connection.js';
import { decodePayload, encodePayload, envMs, QUEUE_NAME, type JobData } from './jobs.js';

/** A job that throws (a worker thread died twice, a worker process lost its lock) runs at most this often. */
export const JOB_ATTEMPTS = 3;

interface Pending {
  readonly label: string;
  resolve(outcome: SweepBatchOutcome): void;
  reject(err: Error): void;
}

/**
 * The coordinator's side of a sweep through the queue: each batch becomes one BullMQ job, and its
 * outcome comes back through the queue's event stream. The coordinator keeps the store; workers
 * never see it. `threads` is how many batches to keep in flight per 2 (as for a local pool).
 */
export class QueueSweepBackend implements SweepBackend {
  private readonly pending = new Map<string, Pending>();
  private readonly prefix = randomUUID().slice(0, 8);
  private seq = 0;

  private constructor(
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    private readonly runKey: string,
    readonly threads: number,
  ) {
    events.on('completed', ({ jobId, returnvalue }) => {
      const p = this.take(jobId);
      if (!p) return;
      try {
        p.resolve(decodePayload<SweepBatchOutcome>(String(returnvalue)));
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

  /** Connect (failing fast when Redis is not there) and clear jobs a killed coordinator of this run left waiting. */
  static async open(target: QueueTarget, runKey: string, threads: number): Promise<QueueSweepBackend> {
    await probeQueue(target);
    const connection = bullConnection(target);
    const queue = new Queue<JobData>(QUEUE_NAME, { connection });
    const events = new QueueEvents(QUEUE_NAME, { connection });
    queue.on('error', () => {});
    events.on('error', () => {});
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    const backend = new QueueSweepBackend(queue as unknown as Queue, events, runKey, threads);
    await backend.clearLeftovers();
    return backend;
  }

  /**
   * Jobs a previous coordinator of the same sweep enqueued but nobody took: their games are not in
   * the store, so this run enumerates them again; leaving the old jobs would solve them twice.
   */
  private async clearLeftovers(): Promise<void> {
    const jobs = await this.queue.getJobs(['waiting', 'delayed', 'prioritized']);
    await Promise.all(
      jobs
        .filter((j) => (j.data as JobData | undefined)?.runKey === this.runKey)
        .map((j) => j.remove().catch(() => {})),
    );
  }

  private take(jobId: string): Pending | undefined {
    const p = this.pending.get(jobId);
    if (p) this.pending.delete(jobId);
    return p;
  }

  run(task: SweepBatchTask, label: string): Promise<SweepBatchOutcome> {
    const jobId = `${this.prefix}-${this.seq++}`;
    const data: JobData = { runKey: this.runKey, label, worker: 'sweep', task: encodePayload(task) };
    return new Promise<SweepBatchOutcome>((resolve, reject) => {
      // Registered before the job exists: its completion event cannot overtake us.
      this.pending.set(jobId, { label, resolve, reject });
      this.queue
        .add('sweep-batch', data, {
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

  async close(): Promise<void> {
    await Promise.allSettled([this.events.close(), this.queue.close()]);
  }
}
