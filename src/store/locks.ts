import { statement } from './handle.js';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { InterruptedError, StoreError } from '../errors.js';
import type { Store } from './store.js';

/** Who holds a compute lock. */
export interface LockHolder {
  readonly pid: number;
  readonly host: string;
  readonly processStart: string;
  readonly startedAt: string;
}

export interface LockOptions {
  /** Wait for the holder to finish instead of refusing. */
  readonly wait?: boolean;
  /** Stops a wait. */
  readonly signal?: AbortSignal;
  /** Called once when a wait begins, with the holder. */
  readonly onWait?: (holder: LockHolder) => void;
  readonly pollMs?: number;
}

export interface ComputeLock {
  release(): void;
}

/** Field 22 of /proc/<pid>/stat, the process's start time, among the fields procStat returns. */
const START_FIELD = 19;

/** The fields of /proc/<pid>/stat from the third on (Linux), or null where it cannot be read. */
function procStat(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: count from its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * The start time of a process (Linux: field 22 of /proc/<pid>/stat), so that a pid reused by an
 * unrelated process after a crash is not mistaken for the holder. '' where it cannot be known.
 */
export function processStartOf(pid: number): string {
  return procStat(pid)?.[START_FIELD] ?? '';
}

const self: LockHolder = {
  pid: process.pid,
  host: hostname(),
  processStart: processStartOf(process.pid),
  startedAt: '',
};

/**
 * Is the holder still running? A holder on another host is assumed to be. A killed process
 * its parent has not reaped yet (a zombie: Linux state Z or X) is not: a script that runs
 * `kill -9 $pid; grundy compute ...` resumes at once, before it waits for the killed one.
 */
export function holderAlive(holder: LockHolder): boolean {
  if (holder.host !== self.host) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const stat = procStat(holder.pid);
  if (stat?.[0] === 'Z' || stat?.[0] === 'X') return false;
  if (holder.processStart !== '') {
    const now = stat?.[START_FIELD] ?? '';
    if (now !== '' && now !== holder.processStart) return false;
  }
  return true;
}

interface RawLock {
  pid: number;
  host: string;
  process_start: string;
  started_at: string;
}

/**
 * Take the game's compute lock: one compute per game at a time, whichever process runs it, so
 * two runs never race to extend the same table. A lock left by a process that no longer runs
 * (killed, crashed) is taken over. Otherwise refuse, naming the holder, or wait with `wait`.
 */
export async function acquireComputeLock(
  store: Store,
  gameKey: string,
  options: LockOptions = {},
): Promise<ComputeLock> {
  let waiting = false;
  for (;;) {
    const holder = tryAcquire(store, gameKey);
    if (holder === null) break;
    if (!options.wait) {
      throw new StoreError(
        `${gameKey} is already being computed by ${describeHolder(holder)}; wait for it to finish (or rerun ` +
          `with --wait), ` +
          `or stop it first (kill -INT ${holder.pid})`,
      );
    }
    if (!waiting) {
      waiting = true;
      options.onWait?.(holder);
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
    if (options.signal?.aborted)
      throw new InterruptedError(`interrupted while waiting for ${describeHolder(holder)} to finish ${gameKey}`);
  }
  let released = false;
  return {
    release: () => {
      if (released || !store.open) return;
      released = true;
      statement(
        store,
        'DELETE FROM compute_locks WHERE game_key = ? AND pid = ? AND host = ? AND process_start = ?',
      ).run(gameKey, self.pid, self.host, self.processStart);
    },
  };
}

export function describeHolder(holder: LockHolder): string {
  const where = holder.host === self.host ? '' : ` on host ${holder.host}`;
  const who = holder.pid === self.pid && holder.host === self.host ? 'this process' : 'another grundy process';
  return `${who} (pid ${holder.pid}${where}, since ${holder.startedAt})`;
}

/** Null when the lock is now ours; otherwise the live holder. One immediate transaction. */
function tryAcquire(store: Store, gameKey: string): LockHolder | null {
  return store.transaction((): LockHolder | null => {
    const row = statement(
      store,
      'SELECT pid, host, process_start, started_at FROM compute_locks WHERE game_key = ?',
    ).get(gameKey) as RawLock | undefined;
    if (row) {
      const holder: LockHolder = {
        pid: row.pid,
        host: row.host,
        processStart: row.process_start,
        startedAt: row.started_at,
      };
      if (holderAlive(holder)) return holder;
      statement(store, 'DELETE FROM compute_locks WHERE game_key = ?').run(gameKey);
    }
    statement(
      store,
      'INSERT INTO compute_locks (game_key, pid, host, process_start, started_at) VALUES (?, ?, ?, ?, ?)',
    ).run(gameKey, self.pid, self.host, self.processStart, new Date().toISOString());
    return null;
  });
}
