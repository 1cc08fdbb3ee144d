import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { BatchBackend } from '../play/batch.js';
import type { BatchOutcome, BatchTask } from '../play/batch-protocol.js';
import type { QueueTarget } from './connection.js';
import { type QueuedBatchTask, TableUploads, tableClient } from './eval-tables.js';
import { JobChannel } from './job-channel.js';

/**
 * The coordinator's side of `eval --file --queue`: each slice of the file (scan or evaluation)
 * becomes one 'eval' job; the tables go to Redis once. `threads` sets the slices in flight (3 each).
 */
export class QueueEvalBackend implements BatchBackend {
  private constructor(
    private readonly channel: JobChannel,
    private readonly client: Redis,
    private readonly tables: TableUploads,
    readonly threads: number,
  ) {}

  /** Connect, failing fast when Redis is not there (before anything else of the batch happens). */
  static async open(target: QueueTarget, threads: number): Promise<QueueEvalBackend> {
    const run = randomUUID();
    const channel = await JobChannel.open(target, `eval|${run}`);
    const client = tableClient(target);
    return new QueueEvalBackend(channel, client, new TableUploads(client, run), threads);
  }

  async run(task: BatchTask, label: string): Promise<BatchOutcome> {
    const queued: QueuedBatchTask = task.kind === 'scan' ? task : await this.tables.queued(task);
    return this.channel.run<BatchOutcome>('eval', queued, label);
  }

  /** After Ctrl-C: take back the slices no worker has started, so workers do not solve them for nobody. */
  async cancel(): Promise<void> {
    await this.channel.removeWaiting();
  }

  /** Delete this batch's tables and disconnect. */
  async close(): Promise<void> {
    await this.tables.remove().catch(() => {});
    this.client.disconnect();
    await this.channel.close();
  }
}
