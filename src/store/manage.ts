import { handleOf, statement } from './handle.js';
import { deleteMisereTable } from './misere.js';
import { statSync } from 'node:fs';
import { StoreError } from '../errors.js';
import { describeHolder, holderAlive, type LockHolder } from './locks.js';
import type { Store } from './store.js';

/** Bytes of the store on disk: the main file and SQLite's -wal and -shm files beside it. */
export interface StoreSize {
  readonly file: number;
  readonly wal: number;
  readonly shm: number;
  readonly total: number;
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export function storeSize(path: string): StoreSize {
  const file = sizeOf(path);
  const wal = sizeOf(`${path}-wal`);
  const shm = sizeOf(`${path}-shm`);
  return { file, wal, shm, total: file + wal + shm };
}

/** What `removeGame` took away. */
export interface RemovedGame {
  readonly game: string;
  readonly values: number;
  readonly chunks: number;
  readonly bytes: number;
  readonly certificate: boolean;
  readonly runs: number;
  readonly sparseState: boolean;
}

export interface RemovedSweep {
  readonly sweep: string;
  readonly family: string;
  readonly games: number;
  readonly results: number;
}

interface RawLock {
  game_key: string;
  pid: number;
  host: string;
  process_start: string;
  started_at: string;
}

function toHolder(r: RawLock): LockHolder {
  return { pid: r.pid, host: r.host, processStart: r.process_start, startedAt: r.started_at };
}

/** Computes running now (their locks), stale locks of dead processes left out. */
export function liveComputes(store: Store): { game: string; holder: LockHolder }[] {
  const rows = statement(store, 'SELECT * FROM compute_locks ORDER BY game_key').all() as RawLock[];
  return rows.map((r) => ({ game: r.game_key, holder: toHolder(r) })).filter((l) => holderAlive(l.holder));
}

/**
 * Remove one table: its chunks, certificate, runs, sparse state and the game row, in one
 * immediate transaction (the cascade would do it too; explicit deletes do not depend on
 * foreign_keys being on). Refused while a live compute holds the game's lock: the check and the
 * deletes share the transaction, so no compute can take the lock in between. Sweep results that
 * name the game stay: they belong to their sweep.
 */
export function removeGame(store: Store, key: string): RemovedGame {
  return store.transaction((): RemovedGame => {
    const game = statement(store, 'SELECT id, computed FROM games WHERE key = ?').get(key) as
      | { id: number; computed: number }
      | undefined;
    if (!game) throw new StoreError(`${key} vanished from the store while it was being removed`);
    const lock = statement(store, 'SELECT * FROM compute_locks WHERE game_key = ?').get(key) as RawLock | undefined;
    if (lock) {
      const holder = toHolder(lock);
      if (holderAlive(holder)) {
        const fix = `wait for it to finish, or stop it first (kill -INT ${holder.pid})`;
        throw new StoreError(`${key} is being computed by ${describeHolder(holder)}; nothing removed: ${fix}`);
      }
      statement(store, 'DELETE FROM compute_locks WHERE game_key = ?').run(key);
    }
    const chunks = statement(
      store,
      'SELECT count(*) AS n, coalesce(sum(length(data)), 0) AS b FROM chunks WHERE game_id = ?',
    ).get(game.id) as { n: number; b: number };
    const removed: RemovedGame = {
      game: key,
      values: game.computed,
      chunks: chunks.n,
      bytes: chunks.b,
      certificate: statement(store, 'DELETE FROM certificates WHERE game_id = ?').run(game.id).changes > 0,
      runs: statement(store, 'DELETE FROM runs WHERE game_id = ?').run(game.id).changes,
      sparseState: statement(store, 'DELETE FROM sparse_state WHERE game_id = ?').run(game.id).changes > 0,
    };
    statement(store, 'DELETE FROM chunks WHERE game_id = ?').run(game.id);
    statement(store, 'DELETE FROM value_counts WHERE game_id = ?').run(game.id);
    statement(store, 'DELETE FROM value_tally WHERE game_id = ?').run(game.id);
    statement(store, 'DELETE FROM board_blocks WHERE game_id = ?').run(game.id);
    statement(store, 'DELETE FROM boards WHERE game_id = ?').run(game.id);
    statement(store, 'DELETE FROM games WHERE id = ?').run(game.id);
    deleteMisereTable(store, key);
    return removed;
  });
}

/**
 * Remove a game row that holds no value, with what a run wrote beside it (run records, a
 * certificate, sparse state), in one transaction: what a first compute that failed leaves. A row
 * with values is kept (they were computed and are resumable). True when a row was removed.
 */
export function removeEmptyGame(store: Store, key: string): boolean {
  return store.transaction((): boolean => {
    const game = statement(store, 'SELECT id FROM games WHERE key = ? AND computed = 0').get(key) as
      | { id: number }
      | undefined;
    if (!game) return false;
    const tables = ['certificates', 'runs', 'sparse_state', 'value_counts', 'value_tally', 'board_blocks', 'boards'];
    for (const table of tables) {
      statement(store, `DELETE FROM ${table} WHERE game_id = ?`).run(game.id);
    }
    statement(store, 'DELETE FROM games WHERE id = ?').run(game.id);
    return true;
  });
}

/** Remove one named sweep and its per-game results in one transaction. */
export function removeSweep(store: Store, name: string): RemovedSweep {
  return store.transaction((): RemovedSweep => {
    const sweep = statement(store, 'SELECT id, family, games FROM sweeps WHERE name = ?').get(name) as
      | { id: number; family: string; games: number }
      | undefined;
    if (!sweep) throw new StoreError(`sweep ${name} vanished from the store while it was being removed`);
    const results = statement(store, 'DELETE FROM sweep_results WHERE sweep_id = ?').run(sweep.id).changes;
    statement(store, 'DELETE FROM sweeps WHERE id = ?').run(sweep.id);
    return { sweep: name, family: sweep.family, games: sweep.games, results };
  });
}

/**
 * Compact the file (SQLite VACUUM) and fold the write-ahead log back into it. Refused while a
 * compute runs: VACUUM holds the write lock for as long as it copies the whole file, and a
 * compute waiting longer than its busy timeout to commit a chunk would fail.
 */
export function vacuumStore(store: Store): { before: StoreSize; after: StoreSize } {
  const running = liveComputes(store);
  if (running.length > 0) {
    const first = running[0]!;
    throw new StoreError(
      `${first.game} is being computed by ${describeHolder(first.holder)}` +
        `${running.length > 1 ? ` (and ${running.length - 1} more)` : ''}; vacuum when no compute runs`,
    );
  }
  const before = storeSize(store.path);
  try {
    handleOf(store).exec('VACUUM');
    handleOf(store).pragma('wal_checkpoint(TRUNCATE)');
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/busy|locked/i.test(message))
      throw new StoreError(`${store.path} is in use by another process (${message}); vacuum when it is done`);
    throw err;
  }
  return { before, after: storeSize(store.path) };
}
