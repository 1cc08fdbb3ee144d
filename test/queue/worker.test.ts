import { afterEach, describe, expect, it } from 'vitest';
import { startRedis, startWorker, type Proc } from '../../bench/redis-server.js';

/** What a service manager does to a `grundy worker`: SIGTERM, also when its Redis went away. */
const procs: Proc[] = [];
afterEach(async () => {
  await Promise.all(procs.splice(0).map((p) => p.stop('SIGKILL')));
});

/** The exit code, or 'hung' when the process is still alive after guardMs (a hang guard, not a speed claim). */
function exitWithin(p: Proc, guardMs: number): Promise<number | null | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), guardMs);
  });
  return Promise.race([p.exited, hung]).finally(() => clearTimeout(timer));
}

describe('grundy worker and SIGTERM', () => {
  it('stops with exit 143 and one line when its Redis is gone', async () => {
    const redis = await startRedis();
    procs.push(redis.proc);
    const worker = await startWorker(redis.url);
    procs.push(worker);
    await redis.proc.stop('SIGKILL');
    // The worker has noticed: BullMQ reports the lost connection.
    await worker.waitFor(/queue error: .*(ECONNREFUSED|Connection is closed|ECONNRESET)/);
    const before = worker.text.length;
    worker.child.kill('SIGTERM');
    expect(await exitWithin(worker, 20_000)).toBe(143);
    // Its answer is one line (a queue error already on its way when the signal came may precede it).
    const after = worker.text.slice(before).trim().split('\n');
    expect(after.filter((l) => !/^grundy worker: queue error/.test(l))).toEqual([
      'grundy: worker stopped after 0 jobs (0 failed)',
    ]);
  }, 90_000);

  it('with Redis up, SIGTERM finishes the jobs in hand and exits 143 in one line too', async () => {
    const redis = await startRedis();
    procs.push(redis.proc);
    const worker = await startWorker(redis.url);
    procs.push(worker);
    const before = worker.text.length;
    worker.child.kill('SIGTERM');
    expect(await exitWithin(worker, 20_000)).toBe(143);
    expect(worker.text.slice(before).trim()).toBe('grundy: worker stopped after 0 jobs (0 failed)');
  }, 90_000);
});
