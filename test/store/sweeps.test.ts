import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';
import { SweepStore } from '../../src/store/sweeps.js';
import type { GameResult } from '../../src/sweep/protocol.js';
import { buildReport, describeResult, reportCsv } from '../../src/sweep/report.js';
import { tempDir } from '../helpers/cli.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

function result(ord: number, period: number | null, preperiod: number, maxValue: number, proven = true, computed = 100): GameResult {
  return {
    ord,
    game: `sub:${ord + 1}`,
    periodicity: period === null ? null : { preperiod, period, saltus: 0, proven, criterion: proven ? 'window' : 'observed', checkedTo: computed },
    maxValue,
    computed,
    elapsedMs: 0.5,
  };
}

describe('SweepStore ranking and report', () => {
  const store = Store.openForWrite(join(tmp.dir, 'rank.db'));
  afterAll(() => store.close());
  const sweeps = new SweepStore(store);
  const sweep = sweeps.create('t', { family: 'sub', minSize: 1, maxSize: 1, max: 8 }, 8, { allZero: 0, trailingZeros: 0 }, 100, false);
  sweeps.commit(sweep, [result(0, 5, 0, 1), result(1, 9, 2, 3), result(2, null, 0, 7, false), result(3, 9, 4, 2)]);
  sweeps.commit(sweep, [result(4, 9, 2, 3), result(5, 3, 10, 9), result(6, 4, 0, 1, false)]);

  it('orders by the key descending, ties by the other key, then enumeration order; no period last', () => {
    expect(sweeps.ranked(sweep, 'period', 0).map((r) => r.ord)).toEqual([3, 1, 4, 0, 6, 5, 2]);
    expect(sweeps.ranked(sweep, 'preperiod', 0).map((r) => r.ord)).toEqual([5, 3, 1, 4, 0, 6, 2]);
    expect(sweeps.ranked(sweep, 'maxValue', 3).map((r) => r.ord)).toEqual([5, 2, 1]);
  });

  it('summarises: counts, pending games, the longest proven period, unsolved games', () => {
    const report = buildReport(store, 't', 'period', 2);
    expect(report).toMatchObject({ games: 8, done: 7, proven: 5, notProven: 2, pending: 1, longestPeriod: { game: 'sub:4', period: 9, preperiod: 4 } });
    expect(report.results.map((e) => [e.rank, e.game])).toEqual([
      [1, 'sub:4'],
      [2, 'sub:2'],
    ]);
    expect(report.unsolved.map((e) => e.game)).toEqual(['sub:3', 'sub:7']);
    const fmt = (n: number) => String(n);
    expect(describeResult(report.unsolved[0]!, fmt)).toBe('no period found up to 100');
    expect(describeResult(report.unsolved[1]!, fmt)).toBe('not proven up to 100 (observed period 4 from 0)');
    expect(describeResult(report.results[0]!, fmt)).toBe('period 9 from 4 (proven)');
  });

  it('quotes CSV fields that hold commas', () => {
    const s = new SweepStore(store);
    const sw = s.create('csv', { family: 'sub', minSize: 2, maxSize: 2, max: 3 }, 3, { allZero: 0, trailingZeros: 0 }, 100, false);
    s.commit(sw, [{ ...result(0, 3, 0, 2), game: 'sub:1,2' }]);
    expect(reportCsv(buildReport(store, 'csv', 'period', 0)).split('\n')[1]).toBe('1,"sub:1,2",true,0,3,0,2,100,window,0.5');
  });

  it('treats proven games, and unproven ones computed to the limit, as finished', () => {
    expect([...sweeps.finishedGames(sweep, 100, false)].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect([...sweeps.finishedGames(sweep, 1000, false)].sort()).toEqual([0, 1, 3, 4, 5]);
    expect([...sweeps.finishedGames(sweep, 1000, true)]).toEqual([]);
  });
});
