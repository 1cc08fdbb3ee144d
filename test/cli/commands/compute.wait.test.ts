import { handleOf } from '../../../src/store/handle.js';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireComputeLock } from '../../../src/store/locks.js';
import { Store } from '../../../src/store/store.js';
import { tempDir } from '../../helpers/cli.js';
import { startCli, waitFor } from '../../helpers/safety.js';

describe('compute --wait', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('waits while another process holds the game, then computes', async () => {
    const db = `${tmp.dir}/wait.db`;
    // This test process is the holder: deterministic, whatever the machine's load.
    const store = Store.openForWrite(db);
    const lock = await acquireComputeLock(store, 'octal:0.77');
    const waiter = startCli(['compute', 'kayles', '--until-proven', '--wait', '--workers', '1', '--json', '--db', db]);
    await waitFor(() => waiter.stderr().includes(`waiting for grundy pid ${process.pid} to finish octal:0.77`));
    expect(waiter.child.exitCode).toBeNull();
    lock.release();
    store.close();
    const r = await waiter.result;
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).stop).toBe('proven');
  });

  it('Ctrl-C while waiting exits 130 and leaves the holder alone', async () => {
    const db = `${tmp.dir}/wait-int.db`;
    const store = Store.openForWrite(db);
    const lock = await acquireComputeLock(store, 'nim');
    const waiter = startCli(['compute', 'nim', '--to', '100', '--wait', '--workers', '1', '--db', db]);
    await waitFor(() => waiter.stderr().includes('waiting for grundy pid'));
    waiter.child.kill('SIGINT');
    const r = await waiter.result;
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toContain('interrupted while waiting');
    const row = handleOf(store).prepare('SELECT pid FROM compute_locks WHERE game_key = ?').get('nim') as {
      pid: number;
    };
    expect(row.pid).toBe(process.pid);
    lock.release();
    store.close();
  });
});
