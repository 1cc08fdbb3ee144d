import { join } from 'node:path';
import { afterAll, beforeAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { computeGame } from '../../src/engine/coordinator.js';
import { checkPointAtMost } from '../../src/engine/planner.js';
import { WorkerPool } from '../../src/engine/pool.js';
import { InterruptedError } from '../../src/errors.js';
import { parseRules } from '../../src/games/registry.js';
import { Store } from '../../src/store/store.js';
import { tempDir } from '../helpers/cli.js';
import { checksum, naiveValues } from '../helpers/naive.js';
import { SPARSE_SEQ } from '../helpers/sparse-kernels.js';
import type { WorkerTasks } from '../../workers/tasks.js';

let pool: WorkerPool<WorkerTasks>;
beforeAll(() => {
  pool = new WorkerPool<WorkerTasks>(2);
});
afterAll(async () => {
  await pool.destroy();
});

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

describe('computeGame on the worker pool', () => {
  it('computes, stores and proves Kayles, then has nothing left to do', async () => {
    const store = Store.openForWrite(join(dir, 'g.db'));
    const rules = parseRules('kayles');
    const first = await computeGame({ rules, store, pool, to: 100_000, untilProven: true });
    expect(first.stop).toBe('proven');
    expect(first.periodicity).toMatchObject({ preperiod: 71, period: 12, proven: true });
    expect(first.computed).toBeGreaterThanOrEqual(168);
    expect(first.computed).toBeLessThan(400);
    expect(first.kernel).toBe(SPARSE_SEQ); // two-heap splits run by sparse space (issue 3)
    const game = store.getGame('octal:0.77')!;
    expect(Array.from(store.readValues(game))).toEqual(naiveValues(rules, game.computed));
    const again = await computeGame({ rules, store, pool, to: 100_000, untilProven: true });
    expect(again).toMatchObject({ stop: 'already-proven', newlyComputed: 0 });
    store.close();
  });

  it('stops a proof on a periodicity check point, however long its chunks', async () => {
    // octal:0.45: preperiod 498, period 20, proven near n = 1,040. Chunks of 97 heaps end on
    // each check point they pass; default chunks double with the prefix and pass several.
    const rules = parseRules('octal:0.45');
    const short = Store.openForWrite(join(dir, 'short.db'));
    const a = await computeGame({
      rules,
      store: short,
      pool,
      to: 100_000,
      untilProven: true,
      sparseTuning: { parallel: 'off', chunk: 97 },
    });
    const long = Store.openForWrite(join(dir, 'long.db'));
    const b = await computeGame({ rules, store: long, pool, to: 100_000, untilProven: true });
    for (const run of [a, b]) {
      expect(run.stop).toBe('proven');
      expect(run.periodicity).toMatchObject({ preperiod: 498, period: 20, proven: true });
      expect(checkPointAtMost(run.computed)).toBe(run.computed);
    }
    // The short chunks stop at the first check point that proves it; a longer chunk at most
    // twice as far (it holds no more heaps than lie before it).
    expect(checkPointAtMost(a.computed - 1)).toBeLessThan(1040);
    expect(b.computed).toBeGreaterThanOrEqual(a.computed);
    expect(b.computed).toBeLessThan(2 * a.computed);
    const values = long.readValues(long.getGame('octal:0.45')!);
    expect(Array.from(values)).toEqual(naiveValues(rules, b.computed));
    short.close();
    long.close();
  });

  it('resumes an interrupted compute; the table equals an uninterrupted one', async () => {
    const rules = parseRules('grundy');
    const N = 12_000;
    const whole = Store.openForWrite(join(dir, 'whole.db'));
    await computeGame({ rules, store: whole, pool, to: N, untilProven: false });
    const expected = whole.readValues(whole.getGame('grundy')!);

    const store = Store.openForWrite(join(dir, 'resumed.db'));
    const abort = new AbortController();
    let chunks = 0;
    await expect(
      computeGame({
        rules,
        store,
        pool,
        to: N,
        untilProven: false,
        signal: abort.signal,
        onProgress: () => {
          if (++chunks === 2) abort.abort();
        },
      }),
    ).rejects.toThrow(InterruptedError);
    const partial = store.getGame('grundy')!.computed;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(N);
    expect(store.listRuns(store.getGame('grundy')!)[0]!.status).toBe('interrupted');
    const resumed = await computeGame({ rules, store, pool, to: N, untilProven: false });
    expect(resumed.newlyComputed).toBe(N - partial);
    const got = store.readValues(store.getGame('grundy')!);
    expect(checksum(got)).toBe(checksum(expected));
    expect(Array.from(got)).toEqual(Array.from(expected));
    whole.close();
    store.close();
  });

  it('widens the stored table when values pass 255 and 65535 (nim)', async () => {
    const store = Store.openForWrite(join(dir, 'g.db'));
    const summary = await computeGame({ rules: parseRules('nim'), store, pool, to: 70_000, untilProven: false });
    expect(summary.maxValue).toBe(69_999);
    expect(summary.periodicity).toMatchObject({ period: 1, saltus: 1, proven: true });
    const game = store.getGame('nim')!;
    expect(game.width).toBe(32);
    const values = store.readValues(game);
    let wrong = 0;
    for (let n = 0; n < 70_000; n++) if (values[n] !== n) wrong++;
    expect(wrong).toBe(0);
    store.close();
  });

  it('extends a stored table from where it stopped', async () => {
    const store = Store.openForWrite(join(dir, 'g.db'));
    const rules = parseRules('sub:squares');
    await computeGame({ rules, store, pool, to: 3000, untilProven: false });
    const more = await computeGame({ rules, store, pool, to: 5000, untilProven: false });
    expect(more).toMatchObject({ newlyComputed: 2000, computed: 5000 });
    expect(Array.from(store.readValues(store.getGame('sub:squares')!))).toEqual(naiveValues(rules, 5000));
    store.close();
  });
});
