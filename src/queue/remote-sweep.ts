import type { SweepBackend } from '../sweep/run-sweep.js';
import type { SweepBatchOutcome, SweepBatchTask } from '../sweep/protocol.js';
import type { QueueTarget } from './connection.js';
import { JobChannel } from './job-channel.js';

export { JOB_ATTEMPTS } from './job-channel.js';

/**
 * The coordinator's side of a sweep through the queue: each batch becomes one job on the shared
 * channel. `threads` is how many batches to keep in flight per 2 (as for a local pool).
 */
export class QueueSweepBackend implements SweepBackend {
  private constructor(
    private readonly channel: JobChannel,
    readonly threads: number,
  ) {}

  /**
   * Connect (failing fast when Redis is not there) and clear jobs a killed coordinator of this run
   * left waiting: their games are not in the store, so this run enumerates them again; leaving the
   * old jobs would solve them twice.
   */
  static async open(target: QueueTarget, runKey: string, threads: number): Promise<QueueSweepBackend> {
    const channel = await JobChannel.open(target, runKey);
    await channel.removeWaiting();
    return new QueueSweepBackend(channel, threads);
  }

  run(task: SweepBatchTask, label: string): Promise<SweepBatchOutcome> {
    return this.channel.run<SweepBatchOutcome>('sweep', task, label);
  }

  close(): Promise<void> {
    return this.channel.close();
  }
}
