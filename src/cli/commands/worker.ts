import type { Argv, CommandModule } from 'yargs';
import { InterruptedError, UsageError } from '../../errors.js';
import { parseCount } from '../../numbers.js';
import { listenForInterrupt } from '../interrupt.js';
import type { GlobalArgs } from '../context.js';
import { printJson } from '../output.js';

export interface WorkerArgs extends GlobalArgs {
  queue?: string;
  workers?: string;
}

export const workerCommand: CommandModule<GlobalArgs, WorkerArgs> = {
  command: 'worker',
  describe:
    'Take sweep batches and eval --file slices from a Redis job queue and solve them here (one per machine); ' +
    'Ctrl-C stops it',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .option('queue', {
        type: 'string',
        describe: 'the queue: redis://HOST:PORT or rediss://HOST:PORT (password from GRUNDY_REDIS_PASSWORD)',
      })
      .option('workers', { type: 'string', describe: 'worker threads on this machine (default: available cores)' })
      .example(
        '$0 worker --queue redis://10.0.0.5:6379',
        'solve batches for any sweep or eval --file started with this --queue',
      )
      .example(
        'GRUNDY_REDIS_PASSWORD=... $0 worker --queue rediss://redis.example:6380',
        'TLS and a password',
      ) as Argv<WorkerArgs>,
  handler: async (args) => {
    if (args.queue === undefined)
      throw new UsageError('grundy worker needs --queue redis://HOST:PORT (the Redis the sweep uses)');
    // The queue modules (BullMQ, ioredis) load only here: every other command starts without them.
    const { parseQueueUrl } = await import('../../queue/connection.js');
    const { runQueueWorker } = await import('../../queue/worker.js');
    const target = parseQueueUrl(args.queue);
    const threads = args.workers !== undefined ? parseCount(args.workers, '--workers', 1, 256) : undefined;
    // The worker says itself when it has jobs in hand to finish; it stops only when told to.
    const interruption = listenForInterrupt(null);
    try {
      const summary = await runQueueWorker({
        target,
        ...(threads !== undefined ? { threads } : {}),
        signal: interruption.signal,
        log: (line) => process.stderr.write(`grundy worker: ${line}\n`),
      });
      if (args.json) printJson(summary);
      // One line, and the interrupted exit code (143 after SIGTERM, as service managers send it).
      throw new InterruptedError(`worker stopped after ${summary.jobs} jobs (${summary.failed} failed)`);
    } finally {
      interruption.dispose();
      // Everything is closed, but BullMQ's retry timers (up to its 15 s retry delay once Redis went
      // away) would hold the process: leave shortly with the exit code main.ts sets.
      setTimeout(() => process.exit(), 200).unref();
    }
  },
};
