import { Redis } from 'ioredis';
import { ComputeError } from '../errors.js';
import type { EvalTask, ScanTask, TableRef } from '../play/batch-protocol.js';
import type { QueueTarget } from './connection.js';

/**
 * The value tables of an `eval --file` batch through the queue. Locally they reach the worker
 * threads as SharedArrayBuffers inside every task; through the queue the coordinator stores each
 * table once in Redis, every job names it by key, and each worker process fetches it once per batch.
 */

/** A table as a job names it: everything of a TableRef but the bytes, which wait in Redis under `key`. */
export interface QueuedTableRef extends Omit<TableRef, 'buffer'> {
  readonly key: string;
  readonly bytes: number;
}

export interface QueuedEvalTask extends Omit<EvalTask, 'tables'> {
  readonly tables: readonly QueuedTableRef[];
}

/** What an 'eval' job carries. */
export type QueuedBatchTask = ScanTask | QueuedEvalTask;

/** Tables outlive a coordinator that dies without cleaning up by at most this long. */
const TABLE_TTL_SECONDS = 24 * 3600;

/** A Redis client for table bytes (BullMQ's own clients are for its commands). */
export function tableClient(target: QueueTarget): Redis {
  const client = new Redis({ ...target.options, maxRetriesPerRequest: 3 });
  client.on('error', () => {});
  return client;
}

/** The coordinator's side: stores tables under `grundy:eval-table:<run>:<i>` and deletes them at the end. */
export class TableUploads {
  private readonly uploaded = new WeakMap<readonly TableRef[], Promise<QueuedTableRef[]>>();
  private readonly keys: string[] = [];

  constructor(
    private readonly client: Redis,
    private readonly run: string,
  ) {}

  /** The job's form of an eval task; the tables of one batch (one array) are stored once. */
  async queued(task: EvalTask): Promise<QueuedEvalTask> {
    let refs = this.uploaded.get(task.tables);
    if (refs === undefined) {
      refs = this.store(task.tables);
      this.uploaded.set(task.tables, refs);
    }
    return { ...task, tables: await refs };
  }

  private async store(tables: readonly TableRef[]): Promise<QueuedTableRef[]> {
    return Promise.all(
      tables.map(async ({ buffer, ...ref }, i) => {
        const key = `grundy:eval-table:${this.run}:${i}`;
        const bytes = ref.length * (ref.width / 8);
        this.keys.push(key);
        await this.client.set(key, Buffer.from(buffer, 0, bytes), 'EX', TABLE_TTL_SECONDS);
        return { ...ref, key, bytes };
      }),
    );
  }

  async remove(): Promise<void> {
    if (this.keys.length > 0) await this.client.del(...this.keys.splice(0));
  }
}

/**
 * The worker's side: fetches each table once into a SharedArrayBuffer, so the Piscina threads read
 * it in place exactly as in a local batch. Only the tables of the latest few batches are kept.
 */
export class TableCache {
  private readonly byRun = new Map<string, Map<string, Promise<SharedArrayBuffer>>>();

  constructor(
    private readonly client: Redis,
    private readonly keepRuns = 2,
  ) {}

  async local(task: QueuedEvalTask): Promise<EvalTask> {
    const tables = await Promise.all(
      task.tables.map(async ({ key, bytes, ...ref }) => ({ ...ref, buffer: await this.fetch(key, bytes) })),
    );
    return { ...task, tables };
  }

  private fetch(key: string, bytes: number): Promise<SharedArrayBuffer> {
    const run = key.split(':').slice(0, -1).join(':');
    let tables = this.byRun.get(run);
    if (tables === undefined) {
      tables = new Map();
      this.byRun.set(run, tables);
      for (const old of this.byRun.keys()) if (this.byRun.size > this.keepRuns) this.byRun.delete(old);
    }
    let table = tables.get(key);
    if (table === undefined) {
      table = this.load(key, bytes);
      table.catch(() => tables.delete(key));
      tables.set(key, table);
    }
    return table;
  }

  disconnect(): void {
    this.client.disconnect();
  }

  private async load(key: string, bytes: number): Promise<SharedArrayBuffer> {
    const data = await this.client.getBuffer(key);
    if (data === null || data.length !== bytes) {
      throw new ComputeError(`table ${key} is not in Redis (its batch ended or expired); start the batch again`);
    }
    const buffer = new SharedArrayBuffer(Math.max(1, bytes));
    new Uint8Array(buffer).set(data);
    return buffer;
  }
}
