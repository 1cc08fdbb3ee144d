import { handleOf } from '../../src/store/handle.js';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreError } from '../../src/errors.js';
import { acquireComputeLock, holderAlive, processStartOf } from '../../src/store/locks.js';
import { Store } from '../../src/store/store.js';
import { tempDir } from '../helpers/cli.js';
import { hostname } from 'node:os';

/** A pid that certainly belonged to a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(r.stdout.toString());
}

describe('compute locks', () => {
  let tmp: ReturnType<typeof tempDir>;
  let store: Store;
  beforeEach(() => {
    tmp = tempDir();
    store = Store.openForWrite(`${tmp.dir}/s.db`);
  });
  afterEach(() => {
    store.close();
    tmp.cleanup();
  });

  const plant = (pid: number, processStart: string, host = hostname()): void => {
    handleOf(store)
      .prepare('INSERT INTO compute_locks (game_key, pid, host, process_start, started_at) VALUES (?, ?, ?, ?, ?)')
      .run('nim', pid, host, processStart, '2026-01-01T00:00:00.000Z');
  };

  it('one holder at a time, released for the next', async () => {
    const lock = await acquireComputeLock(store, 'nim');
    await expect(acquireComputeLock(store, 'nim')).rejects.toThrow(
      /nim is already being computed by this process \(pid \d+/,
    );
    const other = await acquireComputeLock(store, 'kayles');
    lock.release();
    other.release();
    (await acquireComputeLock(store, 'nim')).release();
  });

  it('takes over a lock whose process has died (SIGKILLed compute)', async () => {
    const pid = deadPid();
    plant(pid, '');
    expect(holderAlive({ pid, host: hostname(), processStart: '', startedAt: '' })).toBe(false);
    const lock = await acquireComputeLock(store, 'nim');
    const row = handleOf(store).prepare('SELECT pid FROM compute_locks WHERE game_key = ?').get('nim') as {
      pid: number;
    };
    expect(row.pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock whose process was killed and not reaped yet (a zombie)', async () => {
    // sh starts a short sleep, prints its pid and becomes a long sleep that never waits for it:
    // the short one ends a zombie, as a compute killed by a script that has not waited for it.
    const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = await new Promise<number>((resolve) => parent.stdout.once('data', (d) => resolve(Number(String(d)))));
      const state = (): string => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0]!;
      for (let i = 0; i < 250 && state() !== 'Z'; i++) await sleep(20);
      expect(state()).toBe('Z');
      // The kernel still answers for it: only its state tells it has ended.
      expect(() => process.kill(pid, 0)).not.toThrow();
      expect(holderAlive({ pid, host: hostname(), processStart: '', startedAt: '' })).toBe(false);
      plant(pid, '');
      (await acquireComputeLock(store, 'nim')).release();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('takes over a lock whose pid now belongs to another process (pid reuse)', async () => {
    // The tests run where /proc tells a process's start time (Linux): without it pid reuse could
    // not be told apart, and this test says so rather than passing without looking.
    const start = processStartOf(process.ppid);
    expect(start, '/proc/<pid>/stat gives the start time').toMatch(/^\d+$/);
    // The parent runs: with its own start time it is the holder, with another one a stranger.
    expect(holderAlive({ pid: process.ppid, host: hostname(), processStart: start, startedAt: '' })).toBe(true);
    expect(
      holderAlive({ pid: process.ppid, host: hostname(), processStart: 'not-the-start-time', startedAt: '' }),
    ).toBe(false);
    plant(process.ppid, 'not-the-start-time');
    const lock = await acquireComputeLock(store, 'nim');
    const row = handleOf(store)
      .prepare('SELECT pid, process_start FROM compute_locks WHERE game_key = ?')
      .get('nim') as {
      pid: number;
      process_start: string;
    };
    expect(row).toEqual({ pid: process.pid, process_start: processStartOf(process.pid) });
    lock.release();
  });

  it('refuses while the holder lives, naming its pid; a holder on another host is assumed alive', async () => {
    plant(process.ppid, processStartOf(process.ppid));
    const err = await acquireComputeLock(store, 'nim').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect((err as Error).message).toContain(
      `another grundy process (pid ${process.ppid}, since 2026-01-01T00:00:00.000Z)`,
    );
    expect((err as Error).message).toContain(`kill -INT ${process.ppid}`);
    handleOf(store).prepare('DELETE FROM compute_locks').run();
    plant(deadPid(), '', 'elsewhere.example');
    await expect(acquireComputeLock(store, 'nim')).rejects.toThrow(/on host elsewhere\.example/);
  });

  it('waits with wait: true until the holder releases', async () => {
    const first = await acquireComputeLock(store, 'nim');
    let waitedFor = 0;
    setTimeout(() => first.release(), 150);
    const second = await acquireComputeLock(store, 'nim', {
      wait: true,
      pollMs: 20,
      onWait: (h) => (waitedFor = h.pid),
    });
    expect(waitedFor).toBe(process.pid);
    second.release();
  });
});
