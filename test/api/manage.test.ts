import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  benchHistory,
  compute,
  listSweeps,
  NotComputedError,
  removeGame,
  removeSweep,
  storeInfo,
  UsageError,
  vacuum,
} from '../../src/index.js';
import { tempDir } from '../helpers/cli.js';

/* src/api/manage.ts: what a store holds, removing a table and a sweep, compacting, bench history. */
const { dir, cleanup } = tempDir('grundy-api-manage-');
afterAll(cleanup);

describe('store management in the library', () => {
  it('reads a missing store without creating it', () => {
    const db = join(dir, 'none.db');
    const info = storeInfo({ db });
    expect(info).toMatchObject({ path: db, origin: 'flag', exists: false, tables: [], sweeps: [] });
    expect(info.size.total).toBe(0);
    expect(listSweeps({ db })).toEqual({ path: db, exists: false, sweeps: [] });
    expect(benchHistory(undefined, { db })).toEqual([]);
    expect(vacuum({ db })).toMatchObject({ exists: false, before: { total: 0 }, after: { total: 0 } });
    expect(() => removeGame('kayles', { db })).toThrow(NotComputedError);
    expect(() => removeSweep('x', { db })).toThrow(/no sweep named 'x', nothing removed; no sweeps are stored/);
    expect(existsSync(db)).toBe(false);
  });

  it('lists a table, removes it by any spelling, and compacts the file', async () => {
    const db = join(dir, 'one.db');
    await compute('kayles', { db, to: 200, workers: 1 });
    await compute('nim', { db, to: 50, workers: 1 });
    const info = storeInfo({ db });
    expect(info.exists).toBe(true);
    expect(info.size.total).toBeGreaterThan(0);
    expect(info.tables.map((t) => t.key).sort()).toEqual(['nim', 'octal:0.77']);
    const kayles = info.tables.find((t) => t.key === 'octal:0.77')!;
    expect(kayles.computed).toBeGreaterThan(0);
    expect(kayles.periodicity?.period).toBe(12);

    expect(() => removeGame('sub:9', { db })).toThrow(/sub:9 is not stored, nothing removed; stored tables: /);
    expect(() => removeGame('nosuchfamily:1', { db })).toThrow(UsageError);
    const r = removeGame('kayles', { db });
    expect(r.store).toBe(db);
    expect(r.removed).toMatchObject({ game: 'octal:0.77', values: kayles.computed, certificate: true });
    expect(storeInfo({ db }).tables.map((t) => t.key)).toEqual(['nim']);

    const v = vacuum({ db });
    expect(v.exists).toBe(true);
    expect(v.after.total).toBeGreaterThan(0);
  });
});
