import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { ComputeError } from '../../src/errors.js';
import { parseRules } from '../../src/games/registry.js';
import type { EvalTask, TableRef } from '../../src/play/batch-protocol.js';
import { type QueuedEvalTask, TableCache, TableUploads } from '../../src/queue/eval-tables.js';

/** The few Redis commands the table code uses, on a Map, with every call written down. */
function fakeRedis(): { client: Redis; data: Map<string, Buffer>; calls: string[] } {
  const data = new Map<string, Buffer>();
  const calls: string[] = [];
  const client = {
    set: async (key: string, value: Buffer, ...args: unknown[]) => {
      calls.push(`set ${key} ${value.length} ${args.join(' ')}`);
      data.set(key, Buffer.from(value));
      return 'OK';
    },
    getBuffer: async (key: string) => {
      calls.push(`get ${key}`);
      return data.get(key) ?? null;
    },
    del: async (...keys: string[]) => {
      calls.push(`del ${keys.join(' ')}`);
      for (const k of keys) data.delete(k);
      return keys.length;
    },
    disconnect: () => {
      calls.push('disconnect');
    },
  };
  return { client: client as unknown as Redis, data, calls };
}

/** A table of `length` values of `width` bits in a buffer with room to spare, as tables are allocated. */
function table(spec: string, width: 8 | 16 | 32, values: readonly number[]): TableRef {
  const buffer = new SharedArrayBuffer(values.length * (width / 8) + 64);
  const view = width === 8 ? new Uint8Array(buffer) : width === 16 ? new Uint16Array(buffer) : new Uint32Array(buffer);
  view.set(values);
  new Uint8Array(buffer).fill(0xee, values.length * (width / 8));
  return { rules: parseRules(spec), buffer, width, length: values.length, cert: null };
}

function evalTask(tables: readonly TableRef[], text = 'kayles@3'): EvalTask {
  return {
    kind: 'eval',
    text,
    firstLine: 1,
    specs: { kayles: 0 },
    tables,
    moves: 'none',
    limit: 100,
    format: 'jsonl',
  };
}

describe('TableUploads (the coordinator stores each table once)', () => {
  it('stores the used bytes of each table under the run, for a day, and the job names them', async () => {
    const { client, data, calls } = fakeRedis();
    const tables = [table('kayles', 8, [0, 1, 2, 3, 1, 4]), table('grundy', 16, [0, 0, 0, 1, 300])];
    const uploads = new TableUploads(client, 'run-1');
    const queued = await uploads.queued(evalTask(tables));
    expect(queued.tables).toStrictEqual([
      { rules: tables[0]!.rules, width: 8, length: 6, cert: null, key: 'grundy:eval-table:run-1:0', bytes: 6 },
      { rules: tables[1]!.rules, width: 16, length: 5, cert: null, key: 'grundy:eval-table:run-1:1', bytes: 10 },
    ]);
    expect(calls).toEqual(['set grundy:eval-table:run-1:0 6 EX 86400', 'set grundy:eval-table:run-1:1 10 EX 86400']);
    expect([...data.get('grundy:eval-table:run-1:0')!]).toEqual([0, 1, 2, 3, 1, 4]);
    expect([...new Uint16Array(new Uint8Array(data.get('grundy:eval-table:run-1:1')!).buffer)]).toEqual([
      0, 0, 0, 1, 300,
    ]);
    // The rest of the task travels unchanged.
    const { tables: _t, ...rest } = queued;
    const { tables: _u, ...restIn } = evalTask(tables);
    expect(rest).toStrictEqual(restIn);
  });

  it('the slices of one batch share its tables: stored once, named alike; another batch stores its own', async () => {
    const { client, calls } = fakeRedis();
    const tables = [table('kayles', 8, [0, 1, 2])];
    const uploads = new TableUploads(client, 'run-2');
    const [a, b] = await Promise.all([
      uploads.queued(evalTask(tables, 'kayles@1')),
      uploads.queued(evalTask(tables, 'kayles@2')),
    ]);
    expect(a.tables).toStrictEqual(b.tables);
    expect(calls.filter((c) => c.startsWith('set'))).toHaveLength(1);
    await uploads.queued(evalTask([table('kayles', 8, [0, 1, 2])]));
    expect(calls.filter((c) => c.startsWith('set'))).toHaveLength(2);
  });

  it('remove deletes every table stored, once', async () => {
    const { client, data, calls } = fakeRedis();
    const uploads = new TableUploads(client, 'run-3');
    await uploads.remove();
    expect(calls).toEqual([]);
    await uploads.queued(evalTask([table('kayles', 8, [0, 1]), table('nim', 32, [0, 1])]));
    await uploads.remove();
    expect(calls.at(-1)).toBe('del grundy:eval-table:run-3:0 grundy:eval-table:run-3:1');
    expect(data.size).toBe(0);
    await uploads.remove();
    expect(calls.filter((c) => c.startsWith('del'))).toHaveLength(1);
  });
});

describe('TableCache (a worker fetches each table once into shared memory)', () => {
  async function uploaded(run: string, client: Redis, values: number[] = [0, 1, 2, 3]): Promise<QueuedEvalTask> {
    return new TableUploads(client, run).queued(evalTask([table('kayles', 16, values)]));
  }

  it('gives the task back with the bytes in a SharedArrayBuffer, as a local batch has them', async () => {
    const { client } = fakeRedis();
    const job = await uploaded('run-a', client, [5, 0, 65535, 9]);
    const local = await new TableCache(client).local(job);
    const t = local.tables[0]!;
    expect(t.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(t.buffer.byteLength).toBe(8);
    expect([...new Uint16Array(t.buffer)]).toEqual([5, 0, 65535, 9]);
    expect(t).toStrictEqual({ rules: job.tables[0]!.rules, width: 16, length: 4, cert: null, buffer: t.buffer });
    expect({ ...local, tables: [] }).toStrictEqual({ ...job, tables: [] });
  });

  it('fetches a table once for every job that names it', async () => {
    const { client, calls } = fakeRedis();
    const job = await uploaded('run-b', client);
    const cache = new TableCache(client);
    const [x, y] = await Promise.all([cache.local(job), cache.local(job)]);
    await cache.local(job);
    expect(x.tables[0]!.buffer).toBe(y.tables[0]!.buffer);
    expect(calls.filter((c) => c.startsWith('get'))).toEqual(['get grundy:eval-table:run-b:0']);
  });

  it('keeps the tables of the latest two batches: an older one is fetched again', async () => {
    const { client, calls } = fakeRedis();
    const cache = new TableCache(client);
    const jobs = [await uploaded('run-1', client), await uploaded('run-2', client), await uploaded('run-3', client)];
    for (const job of jobs) await cache.local(job);
    await cache.local(jobs[2]!);
    await cache.local(jobs[1]!);
    expect(calls.filter((c) => c.startsWith('get'))).toHaveLength(3);
    await cache.local(jobs[0]!);
    expect(calls.filter((c) => c.startsWith('get'))).toHaveLength(4);
  });

  it('a table gone from Redis (or cut short) is a ComputeError saying so, and is fetched again next time', async () => {
    const { client, data, calls } = fakeRedis();
    const job = await uploaded('run-c', client);
    const saved = data.get('grundy:eval-table:run-c:0')!;
    data.delete('grundy:eval-table:run-c:0');
    const cache = new TableCache(client);
    const gone = await cache.local(job).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(ComputeError);
    expect((gone as Error).message).toBe(
      'table grundy:eval-table:run-c:0 is not in Redis (its batch ended or expired); start the batch again',
    );
    data.set('grundy:eval-table:run-c:0', saved.subarray(0, 3));
    await expect(cache.local(job)).rejects.toThrow(/is not in Redis/);
    data.set('grundy:eval-table:run-c:0', saved);
    const local = await cache.local(job);
    expect([...new Uint16Array(local.tables[0]!.buffer)]).toEqual([0, 1, 2, 3]);
    expect(calls.filter((c) => c.startsWith('get'))).toHaveLength(3);
  });

  it('disconnect closes its client', () => {
    const { client, calls } = fakeRedis();
    new TableCache(client).disconnect();
    expect(calls).toEqual(['disconnect']);
  });
});
