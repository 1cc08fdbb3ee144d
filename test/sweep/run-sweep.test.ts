import { subtractionRules } from '../../src/games/subtraction.js';
import { periodDetector } from '../../src/games/registry.js';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeGame } from '../../src/engine/coordinator.js';
import { WorkerPool } from '../../src/engine/pool.js';
import { InterruptedError, UsageError } from '../../src/errors.js';
import { Store } from '../../src/store/store.js';
import { SweepStore } from '../../src/store/sweeps.js';
import { enumerateGames, type SweepSpec } from '../../src/sweep/enumerate.js';
import { runSweep, type SweepRequest } from '../../src/sweep/run-sweep.js';
import { tempDir } from '../helpers/cli.js';
import type { WorkerTasks } from '../../workers/tasks.js';

const small: SweepSpec = { family: 'sub', minSize: 2, maxSize: 3, max: 12 };

describe('runSweep', () => {
  const tmp = tempDir();
  let pool: WorkerPool<WorkerTasks>;
  beforeAll(() => {
    pool = new WorkerPool<WorkerTasks>(2);
  });
  afterAll(async () => {
    await pool.destroy();
    tmp.cleanup();
  });

  const request = (store: Store, over: Partial<SweepRequest> = {}): SweepRequest => ({
    spec: small,
    name: 'small',
    limit: 2 ** 20,
    fixedLength: false,
    keepTables: false,
    store,
    pool,
    ...over,
  });

  it('agrees with computing each game alone (all 2- and 3-element sets up to 12)', async () => {
    const store = Store.openForWrite(join(tmp.dir, 'cross.db'));
    const soloStore = Store.openForWrite(join(tmp.dir, 'solo.db'));
    try {
      const summary = await runSweep(request(store));
      expect(summary).toMatchObject({ games: 66 + 220, computedNow: 286, done: 286, proven: 286 });
      const sweeps = new SweepStore(store);
      const rows = new Map(sweeps.ranked(sweeps.find('small')!, 'period', 0).map((r) => [r.game, r]));
      expect(rows.size).toBe(286);
      for (const { rules } of enumerateGames(small)) {
        const solo = await computeGame({ rules, store: soloStore, pool, to: 2 ** 20, untilProven: true });
        const row = rows.get(rules.key)!;
        expect(solo.periodicity?.proven, rules.key).toBe(true);
        expect(
          { preperiod: row.preperiod, period: row.period, proven: row.proven, maxValue: row.maxValue },
          rules.key,
        ).toEqual({
          preperiod: solo.periodicity!.preperiod,
          period: solo.periodicity!.period,
          proven: true,
          maxValue: solo.maxValue,
        });
        // The independent detector on the stored solo table agrees too.
        const game = soloStore.getGame(rules.key)!;
        expect(periodDetector(rules).detect(soloStore.readValues(game), game.computed)).toMatchObject({
          preperiod: row.preperiod,
          period: row.period,
          proven: true,
        });
      }
    } finally {
      store.close();
      soloStore.close();
    }
  });

  it('agrees with computing each octal code alone to the same limit (codes of 1 and 2 digits)', async () => {
    const store = Store.openForWrite(join(tmp.dir, 'octal.db'));
    const soloStore = Store.openForWrite(join(tmp.dir, 'octal-solo.db'));
    try {
      const spec: SweepSpec = { family: 'octal', minDigits: 1, maxDigits: 2, base: 8 };
      const limit = 400;
      await runSweep(request(store, { spec, name: 'octal', limit }));
      const sweeps = new SweepStore(store);
      const rows = new Map(sweeps.ranked(sweeps.find('octal')!, 'period', 0).map((r) => [r.game, r]));
      expect(rows.size).toBe(63);
      let proven = 0;
      for (const { rules } of enumerateGames(spec)) {
        const solo = await computeGame({ rules, store: soloStore, pool, to: limit, untilProven: true });
        const row = rows.get(rules.key)!;
        const p = solo.periodicity;
        expect(row.proven, rules.key).toBe(p?.proven === true);
        if (p?.proven) {
          proven++;
          expect([row.preperiod, row.period, row.maxValue], rules.key).toEqual([p.preperiod, p.period, solo.maxValue]);
        } else {
          // Neither proved it: both computed to the limit and saw the same values.
          expect([row.computed, row.maxValue, row.period], rules.key).toEqual([
            limit,
            solo.maxValue,
            p?.period ?? null,
          ]);
        }
      }
      expect(proven).toBeGreaterThan(30);
    } finally {
      store.close();
      soloStore.close();
    }
  });

  it('resumes after an interruption and skips finished games on a rerun', async () => {
    const store = Store.openForWrite(join(tmp.dir, 'resume.db'));
    try {
      const abort = new AbortController();
      const spec: SweepSpec = { family: 'sub', minSize: 3, maxSize: 3, max: 30 };
      let progressCalls = 0;
      await expect(
        runSweep(
          request(store, {
            spec,
            name: 'resume',
            signal: abort.signal,
            onProgress: () => {
              if (++progressCalls === 1) abort.abort();
            },
          }),
        ),
      ).rejects.toBeInstanceOf(InterruptedError);
      const sweeps = new SweepStore(store);
      const sweep = sweeps.find('resume')!;
      expect(sweep.status).toBe('interrupted');
      const partial = sweeps.counts(sweep).done;
      expect(partial).toBeGreaterThan(0);
      expect(partial).toBeLessThan(4060);

      const second = await runSweep(request(store, { spec, name: 'resume' }));
      expect(second.resumed).toBe(partial);
      expect(second.computedNow).toBe(4060 - partial);
      expect(second.done).toBe(4060);
      expect(sweeps.find('resume')!.status).toBe('done');

      const third = await runSweep(request(store, { spec, name: 'resume' }));
      expect(third).toMatchObject({ resumed: 4060, computedNow: 0, done: 4060, proven: 4060 });
    } finally {
      store.close();
    }
  });

  it('retries only unproven games when the limit is raised', async () => {
    const store = Store.openForWrite(join(tmp.dir, 'limit.db'));
    try {
      const spec: SweepSpec = { family: 'sub', minSize: 3, maxSize: 3, max: 20 };
      const first = await runSweep(request(store, { spec, name: 'lim', limit: 60 }));
      const unproven = first.done - first.proven;
      expect(unproven).toBeGreaterThan(0);
      const second = await runSweep(request(store, { spec, name: 'lim', limit: 2 ** 20 }));
      expect(second).toMatchObject({ resumed: first.proven, computedNow: unproven, proven: 1140 });
    } finally {
      store.close();
    }
  });

  it('refuses to reuse a name for other parameters, leaving the stored sweep as it was', async () => {
    const store = Store.openForWrite(join(tmp.dir, 'names.db'));
    try {
      await runSweep(request(store, { spec: { family: 'sub', minSize: 2, maxSize: 2, max: 6 }, name: 'n' }));
      await expect(
        runSweep(request(store, { spec: { family: 'sub', minSize: 2, maxSize: 2, max: 7 }, name: 'n' })),
      ).rejects.toBeInstanceOf(UsageError);
      const sweeps = new SweepStore(store);
      expect(sweeps.counts(sweeps.find('n')!).done).toBe(15);
    } finally {
      store.close();
    }
  });

  it('stores full tables and certificates only with keepTables', async () => {
    const store = Store.openForWrite(join(tmp.dir, 'tables.db'));
    try {
      const spec: SweepSpec = { family: 'sub', minSize: 2, maxSize: 2, max: 8 };
      await runSweep(request(store, { spec, name: 'no-tables' }));
      expect(store.listGames()).toHaveLength(0);
      await runSweep(request(store, { spec, name: 'tables', keepTables: true }));
      expect(store.listGames()).toHaveLength(28);
      const game = store.getGame('sub:2,7')!;
      const cert = store.getCertificate(game)!;
      expect(cert).toMatchObject({ proven: true });
      expect(game.computed).toBeGreaterThanOrEqual(cert.preperiod + cert.period + 7);
      expect(periodDetector(subtractionRules([2, 7])).detect(store.readValues(game), game.computed)).toEqual(cert);
    } finally {
      store.close();
    }
  });
});
