import { handleOf } from '../../src/store/handle.js';
import { hostname } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { processStartOf } from '../../src/store/locks.js';
import { liveComputes, removeGame, removeSweep, storeSize, vacuumStore } from '../../src/store/manage.js';
import { saveSparseState } from '../../src/store/sparse-state.js';
import { Store } from '../../src/store/store.js';
import { SweepStore } from '../../src/store/sweeps.js';
import { parseRules } from '../../src/games/registry.js';
import { StoreError } from '../../src/errors.js';
import { tempDir } from '../helpers/cli.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** A store holding two small tables (one with certificate, runs and sparse state) and one sweep. */
function fixture(name: string): Store {
  const store = Store.openForWrite(`${tmp.dir}/${name}.db`);
  for (const spec of ['sub:1,2', 'sub:1,3,4']) {
    const game = store.ensureGame(parseRules(spec));
    const values = new Uint8Array(50_000).map((_, i) => i % 3);
    const row = store.appendChunk(game, 0, values, 2);
    store.appendChunk(row, 50_000, values, 2);
    store.saveCertificate(row, {
      preperiod: 0,
      period: 3,
      saltus: 0,
      proven: true,
      criterion: 'test',
      checkedTo: 100_000,
    });
    store.recordRun(row, {
      startedAt: 'x',
      fromN: 0,
      toN: 100_000,
      valuesComputed: 100_000,
      workers: 1,
      kernel: 'k',
      elapsedMs: 1,
      statesPerSecond: 1,
      status: 'done',
    });
    saveSparseState(store, row, { mask: { bits: 1, parity: 0 }, upto: 10, rare: new Uint32Array([3, 5]) });
  }
  const sweeps = new SweepStore(store);
  sweeps.create(
    's1',
    { family: 'sub', minSize: 1, maxSize: 1, max: 3 },
    3,
    { allZero: 0, trailingZeros: 0 },
    100,
    false,
  );
  sweeps.create(
    's2',
    { family: 'sub', minSize: 2, maxSize: 2, max: 3 },
    3,
    { allZero: 0, trailingZeros: 0 },
    100,
    false,
  );
  return store;
}

function count(store: Store, sql: string): number {
  return handleOf(store).prepare(sql).pluck().get() as number;
}

function lock(store: Store, key: string, pid: number, processStart: string): void {
  handleOf(store)
    .prepare(
      'INSERT OR REPLACE INTO compute_locks (game_key, pid, host, process_start, started_at) VALUES (?, ?, ?, ?, ?)',
    )
    .run(key, pid, hostname(), processStart, '2024-01-01T00:00:00Z');
}

describe('removeGame', () => {
  it('removes the table, its chunks, certificate, runs and sparse state, and nothing of the other table', () => {
    const store = fixture('rm');
    const r = removeGame(store, 'sub:1,2');
    expect(r).toEqual({
      game: 'sub:1,2',
      values: 100_000,
      chunks: 2,
      bytes: 100_000,
      certificate: true,
      runs: 1,
      sparseState: true,
    });
    expect(store.listGames().map((g) => g.key)).toEqual(['sub:1,3,4']);
    expect(count(store, 'SELECT count(*) FROM chunks')).toBe(2);
    for (const table of ['certificates', 'runs', 'sparse_state']) {
      expect(count(store, `SELECT count(*) FROM ${table}`), table).toBe(1);
    }
    const other = store.getGame('sub:1,3,4')!;
    expect(Array.from(store.readValues(other, 99_990, 99_993))).toEqual(
      [0, 1, 2].map((k) => (99_990 + k - 50_000) % 3),
    );
    store.close();
  });

  it("is refused while a live compute holds the lock; a dead holder's lock is cleared", () => {
    const store = fixture('locked');
    lock(store, 'sub:1,2', process.pid, processStartOf(process.pid));
    expect(liveComputes(store).map((l) => l.game)).toEqual(['sub:1,2']);
    expect(() => removeGame(store, 'sub:1,2')).toThrow(StoreError);
    expect(() => removeGame(store, 'sub:1,2')).toThrow(/being computed by this process .*nothing removed/);
    expect(count(store, 'SELECT count(*) FROM chunks')).toBe(4);
    // The same pid started at another time: a reused pid, so the holder is gone.
    lock(store, 'sub:1,2', process.pid, 'not-the-start-time');
    expect(liveComputes(store)).toEqual([]);
    expect(removeGame(store, 'sub:1,2').values).toBe(100_000);
    expect(count(store, 'SELECT count(*) FROM compute_locks')).toBe(0);
    store.close();
  });
});

describe('removeSweep and vacuumStore', () => {
  it('removes one sweep with its results; vacuum shrinks the file after a removal', () => {
    const store = fixture('vac');
    handleOf(store)
      .prepare(
        "INSERT INTO sweep_results VALUES ((SELECT id FROM sweeps WHERE name = 's1'), 0, 'sub:1', 1, 0, 2, " +
          "0, 'c', 1, 10, 1)",
      )
      .run();
    expect(removeSweep(store, 's1')).toEqual({ sweep: 's1', family: 'sub', games: 3, results: 1 });
    expect(new SweepStore(store).list().map((s) => s.name)).toEqual(['s2']);
    expect(count(store, 'SELECT count(*) FROM sweep_results')).toBe(0);
    removeGame(store, 'sub:1,2');
    removeGame(store, 'sub:1,3,4');
    const { before, after } = vacuumStore(store);
    expect(before.total).toBeGreaterThan(200_000);
    expect(after.total).toBeLessThan(before.total - 150_000);
    expect(after).toEqual(storeSize(store.path));
    store.close();
  });

  it('vacuum is refused while a compute runs', () => {
    const store = fixture('vac-locked');
    lock(store, 'sub:1,3,4', process.pid, processStartOf(process.pid));
    expect(() => vacuumStore(store)).toThrow(/sub:1,3,4 is being computed .*vacuum when no compute runs/);
    store.close();
  });
});
