import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';
import { SweepStore } from '../../src/store/sweeps.js';
import { packResults, type GameResult } from '../../src/sweep/batch.js';
import type { SweepGame } from '../../src/sweep/enumerate.js';
import { buildReport, describeResult, reportCsv } from '../../src/sweep/report.js';
import { tempDir } from '../helpers/cli.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

function result(
  ord: number,
  period: number | null,
  preperiod: number,
  maxValue: number,
  proven = true,
  computed = 100,
): GameResult {
  return {
    ord,
    periodicity:
      period === null
        ? null
        : { preperiod, period, saltus: 0, proven, criterion: proven ? 'window' : 'observed', checkedTo: computed },
    maxValue,
    computed,
    elapsedMs: 0.5,
  };
}

/** The game of each result: sub:{ord + 1} unless a set is given. */
function gamesOf(rows: readonly GameResult[], set?: number[]): SweepGame[] {
  return rows.map((r) => {
    const s = set ?? [r.ord + 1];
    return { ord: r.ord, rules: { family: 'sub', key: `sub:${s.join(',')}`, set: s } };
  });
}

function commit(
  sweeps: SweepStore,
  sweep: Parameters<SweepStore['commit']>[0],
  rows: GameResult[],
  set?: number[],
): void {
  sweeps.commit(sweep, gamesOf(rows, set), packResults(rows));
}

describe('SweepStore ranking and report', () => {
  const store = Store.openForWrite(join(tmp.dir, 'rank.db'));
  afterAll(() => store.close());
  const sweeps = new SweepStore(store);
  const sweep = sweeps.create(
    't',
    { family: 'sub', minSize: 1, maxSize: 1, max: 8 },
    8,
    { allZero: 0, trailingZeros: 0 },
    100,
    false,
  );
  commit(sweeps, sweep, [result(0, 5, 0, 1), result(1, 9, 2, 3), result(2, null, 0, 7, false), result(3, 9, 4, 2)]);
  commit(sweeps, sweep, [result(4, 9, 2, 3), result(5, 3, 10, 9), result(6, 4, 0, 1, false)]);

  it('orders by the key descending, ties by the other key, then enumeration order; no period last', () => {
    expect(sweeps.ranked(sweep, 'period', 0).map((r) => r.ord)).toEqual([3, 1, 4, 0, 6, 5, 2]);
    expect(sweeps.ranked(sweep, 'preperiod', 0).map((r) => r.ord)).toEqual([5, 3, 1, 4, 0, 6, 2]);
    expect(sweeps.ranked(sweep, 'maxValue', 3).map((r) => r.ord)).toEqual([5, 2, 1]);
  });

  it('summarises: counts, pending games, the longest proven period, unsolved games', () => {
    const report = buildReport(store, 't', 'period', 2);
    expect(report).toMatchObject({
      games: 8,
      done: 7,
      proven: 5,
      notProven: 2,
      pending: 1,
      longestPeriod: { game: 'sub:4', period: 9, preperiod: 4 },
    });
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
    const sw = s.create(
      'csv',
      { family: 'sub', minSize: 2, maxSize: 2, max: 3 },
      3,
      { allZero: 0, trailingZeros: 0 },
      100,
      false,
    );
    commit(s, sw, [result(0, 3, 0, 2)], [1, 2]);
    expect(reportCsv(buildReport(store, 'csv', 'period', 0)).split('\n')[1]).toBe(
      '1,"sub:1,2",true,0,3,0,2,100,window,0.5',
    );
  });

  it('stores a batch larger than one multi-row INSERT, and replaces rows on a rerun', () => {
    const s = new SweepStore(store);
    const sw = s.create(
      'many',
      { family: 'sub', minSize: 1, maxSize: 1, max: 200 },
      200,
      { allZero: 0, trailingZeros: 0 },
      100,
      false,
    );
    const rows = Array.from({ length: 200 }, (_, i) => result(i, (i % 13) + 1, i % 5, i % 4, i % 3 !== 0));
    commit(s, sw, rows);
    expect(s.counts(sw)).toEqual({ done: 200, proven: rows.filter((r) => r.periodicity!.proven).length });
    const stored = s.ranked(sw, 'period', 0);
    for (const r of stored) {
      const want = rows[r.ord]!;
      expect([r.game, r.period, r.preperiod, r.maxValue, r.proven]).toEqual([
        `sub:${r.ord + 1}`,
        want.periodicity!.period,
        want.periodicity!.preperiod,
        want.maxValue,
        want.periodicity!.proven,
      ]);
    }
    commit(s, sw, [result(7, 99, 1, 1)]);
    expect(s.counts(sw).done).toBe(200);
    expect(s.ranked(sw, 'period', 1)[0]).toMatchObject({ ord: 7, period: 99 });
  });

  it('treats proven games, and unproven ones computed to the limit, as finished', () => {
    expect([...sweeps.finishedGames(sweep, 100, false)].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect([...sweeps.finishedGames(sweep, 1000, false)].sort()).toEqual([0, 1, 3, 4, 5]);
    expect([...sweeps.finishedGames(sweep, 1000, true)]).toEqual([]);
  });
});
