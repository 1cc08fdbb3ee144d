import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SWEEP_LIMITS,
  listSweeps,
  NotComputedError,
  removeSweep,
  sweep,
  sweepPlan,
  sweepReport,
  UsageError,
} from '../../src/index.js';
import { tempDir } from '../helpers/cli.js';
import { naiveValues } from '../helpers/naive.js';
import { naiveWindowPeriod } from '../helpers/naive-sweep.js';

/* src/api/sweep.ts: every two-element subtraction set up to 10, each result checked by brute force. */
const { dir, cleanup } = tempDir('grundy-api-sweep-');
const db = join(dir, 'sweep.db');
afterAll(cleanup);

const spec = { family: 'sub', minSize: 2, maxSize: 2, max: 10 } as const;

describe('sweepPlan', () => {
  it('fills in the name and the limit, and refuses a bad name or a fixed length without to', () => {
    expect(sweepPlan(spec)).toMatchObject({
      name: 'sub-size2-max10',
      limit: DEFAULT_SWEEP_LIMITS.sub,
      untilProven: true,
    });
    expect(sweepPlan({ family: 'octal', minDigits: 1, maxDigits: 2, base: 16 }).limit).toBe(DEFAULT_SWEEP_LIMITS.hex);
    expect(() => sweepPlan(spec, { name: 'a b' })).toThrow(UsageError);
    expect(() => sweepPlan(spec, { untilProven: false })).toThrow(UsageError);
  });
});

describe('sweep and sweepReport', () => {
  it('solves all 45 sets to their proven periods, which brute force confirms', async () => {
    const progress: number[] = [];
    const s = await sweep(spec, { db, workers: 1, onProgress: (p) => progress.push(p.done) });
    expect(s).toMatchObject({ name: 'sub-size2-max10', games: 45, done: 45, proven: 45, computedNow: 45 });
    expect(s.description).toMatch(/subtraction/);
    expect(progress.at(-1)).toBe(45);

    const report = sweepReport(s.name, { db, top: 0 });
    expect(report.results).toHaveLength(45);
    for (const e of report.results) {
      const set = e.game.replace(/^sub:/, '').split(',').map(Number);
      const naive = naiveWindowPeriod(naiveValues(e.game, 300), Math.max(...set));
      expect({ game: e.game, proven: e.proven, period: e.period, preperiod: e.preperiod }).toEqual({
        game: e.game,
        proven: true,
        period: naive?.period,
        preperiod: naive?.preperiod,
      });
    }
    expect(sweepReport(s.name, { db, top: 3, sort: 'preperiod' }).results).toHaveLength(3);
  });

  it('resumes by name, lists the sweep, removes it', async () => {
    const again = await sweep(spec, { db, workers: 1 });
    expect(again).toMatchObject({ resumed: 45, computedNow: 0 });
    expect(listSweeps({ db }).sweeps).toMatchObject([{ name: 'sub-size2-max10', games: 45, done: 45, proven: 45 }]);
    expect(removeSweep('sub-size2-max10', { db }).removed).toMatchObject({ sweep: 'sub-size2-max10', games: 45 });
    expect(() => sweepReport('sub-size2-max10', { db })).toThrow(NotComputedError);
  });

  it('says there is no store rather than creating one', () => {
    expect(() => sweepReport('x', { db: join(dir, 'none.db') })).toThrow(/no store at this path yet/);
  });
});
