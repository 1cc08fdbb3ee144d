import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';
import { naiveValues } from '../../helpers/naive.js';
import { naiveWindowPeriod, subRules } from '../../helpers/naive-sweep.js';

interface ReportJson {
  sweep: string;
  games: number;
  done: number;
  proven: number;
  notProven: number;
  pending: number;
  skipped: { allZero: number; trailingZeros: number };
  longestPeriod: { game: string; period: number; preperiod: number } | null;
  results: {
    rank: number;
    game: string;
    proven: boolean;
    preperiod: number | null;
    period: number | null;
    maxValue: number;
  }[];
  unsolved: { game: string; computed: number }[];
}

const tmp = tempDir();
afterAll(() => tmp.cleanup());
const db = (name: string) => join(tmp.dir, `${name}.db`);

/** Independent expectation: naive values, brute-force window period. */
function expected(set: number[]): { preperiod: number; period: number; maxValue: number } {
  const g = naiveValues(subRules(set), 600);
  return { ...naiveWindowPeriod(g, set[set.length - 1]!)!, maxValue: Math.max(...g) };
}

describe('grundy sweep', () => {
  it('sweeps sub --size 3 --max 10: exactly 120 sets, all proven', async () => {
    const r = await runCli(['sweep', 'sub', '--size', '3', '--max', '10', '--db', db('s310'), '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      sweep: 'sub-size3-max10',
      games: 120,
      computedNow: 120,
      done: 120,
      proven: 120,
      notProven: 0,
    });
  });

  it('ranks the report by period, preperiod and maxValue, with the JSON fields scripts need', async () => {
    const path = db('rank');
    expect((await runCli(['sweep', 'sub', '--max-size', '3', '--max', '12', '--name', 'r', '--db', path])).code).toBe(
      0,
    );
    const all = new Map<string, ReturnType<typeof expected>>();
    for (let a = 1; a <= 12; a++) {
      all.set(`sub:${a}`, expected([a]));
      for (let b = a + 1; b <= 12; b++) {
        all.set(`sub:${a},${b}`, expected([a, b]));
        for (let c = b + 1; c <= 12; c++) all.set(`sub:${a},${b},${c}`, expected([a, b, c]));
      }
    }
    // Reports only read: run them side by side.
    const [periodOut, preOut, csv, text, csvAll, textDefault] = await Promise.all([
      runCli(['sweep', '--report', 'r', '--top', '0', '--json', '--db', path]),
      runCli(['sweep', '--report', 'r', '--sort', 'preperiod', '--top', '5', '--json', '--db', path]),
      runCli(['sweep', '--report', 'r', '--top', '3', '--csv', '--db', path]),
      runCli(['sweep', '--report', 'r', '--top', '3', '--db', path]),
      runCli(['sweep', '--report', 'r', '--csv', '--db', path]),
      runCli(['sweep', '--report', 'r', '--db', path]),
    ]);
    // --csv with no --top is every row (a script's input); the text report says what it left out (issue 40).
    expect(csvAll.stdout.trim().split('\n')).toHaveLength(1 + 298);
    expect(textDefault.stdout).toContain('  top 20 of 298 by period (--top 0 lists all):');
    const byPeriod = JSON.parse(periodOut.stdout) as ReportJson;
    expect(byPeriod).toMatchObject({ sweep: 'r', games: 298, done: 298, proven: 298, notProven: 0, pending: 0 });
    expect(byPeriod.results).toHaveLength(298);
    for (const e of byPeriod.results) {
      const want = all.get(e.game)!;
      expect({ preperiod: e.preperiod, period: e.period, maxValue: e.maxValue }, e.game).toEqual(want);
    }
    const maxPeriod = Math.max(...[...all.values()].map((v) => v.period));
    expect(byPeriod.results[0]!.period).toBe(maxPeriod);
    expect(byPeriod.longestPeriod!.period).toBe(maxPeriod);
    for (let i = 1; i < byPeriod.results.length; i++) {
      const [p, q] = [byPeriod.results[i - 1]!, byPeriod.results[i]!];
      expect(p.period! > q.period! || (p.period === q.period && p.preperiod! >= q.preperiod!)).toBe(true);
    }

    const byPre = JSON.parse(preOut.stdout) as ReportJson;
    expect(byPre.results).toHaveLength(5);
    const maxPre = Math.max(...[...all.values()].map((v) => v.preperiod));
    expect(byPre.results[0]!.preperiod).toBe(maxPre);
    expect(byPre.results.map((e) => e.rank)).toEqual([1, 2, 3, 4, 5]);
    for (let i = 1; i < 5; i++) expect(byPre.results[i - 1]!.preperiod! >= byPre.results[i]!.preperiod!).toBe(true);

    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('rank,game,proven,preperiod,period,saltus,max_value,computed,criterion,ms');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`^1,"${byPeriod.results[0]!.game}",true,\\d+,${maxPeriod},0,`));

    expect(text.stdout).toMatch(/298 proven, 0 not proven, 0 pending/);
    expect(text.stdout).toContain(`period ${maxPeriod} from`);
  });

  it('reports octal codes skipped and games not proven up to the limit', async () => {
    const path = db('octal');
    const r = await runCli(['sweep', 'octal', '--digits', '2', '--to', '300', '--json', '--db', path]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ games: 56, skipped: { allZero: 1, trailingZeros: 7 }, done: 56 });
    const report = JSON.parse(
      (await runCli(['sweep', '--report', 'octal-digits2', '--top', '0', '--json', '--db', path])).stdout,
    ) as ReportJson;
    const kayles = report.results.find((e) => e.game === 'octal:0.77')!;
    expect(kayles).toMatchObject({ proven: true, period: 12, preperiod: 71, maxValue: 8 });
    expect(report.notProven).toBeGreaterThan(0);
    expect(report.unsolved.every((u) => u.computed === 300)).toBe(true);
  });

  it('resumes: a rerun recomputes only the games whose results are missing', async () => {
    const path = db('resume');
    await runCli(['sweep', 'sub', '--size', '2', '--max', '40', '--db', path]);
    const read = (): unknown[] => {
      const sql = new Database(path, { readonly: true });
      try {
        return sql.prepare('SELECT game, preperiod, period, max_value, proven FROM sweep_results ORDER BY ord').all();
      } finally {
        sql.close();
      }
    };
    const before = read();
    expect(before).toHaveLength(780);
    const sql = new Database(path);
    const missing = sql.prepare('DELETE FROM sweep_results WHERE ord % 7 = 0').run().changes;
    sql.close();
    const rerun = JSON.parse(
      (await runCli(['sweep', 'sub', '--size', '2', '--max', '40', '--json', '--db', path])).stdout,
    );
    expect(rerun).toMatchObject({ resumed: 780 - missing, computedNow: missing, done: 780 });
    expect(read()).toEqual(before);
    const again = await runCli(['sweep', 'sub', '--size', '2', '--max', '40', '--db', path]);
    expect(again.stdout).toMatch(/games\s+780/);
    expect(again.stdout).toMatch(/0 solved .*780 already finished/);
  });

  it('keeps tables when asked, so grundy query answers from them', async () => {
    const path = db('keep');
    expect((await runCli(['sweep', 'sub', '--size', '2', '--max', '6', '--keep-tables', '--db', path])).code).toBe(0);
    const q = await runCli(['query', 'sub:2,5', '1000000000000', '--json', '--db', path]);
    expect(q.code).toBe(0);
    const g = naiveValues(subRules([2, 5]), 40);
    const { preperiod: e, period: p } = naiveWindowPeriod(g, 5)!;
    const n = 1_000_000_000_000;
    expect(JSON.parse(q.stdout).values[0].value).toBe(g[e + ((n - e) % p)]);
  });

  it('documents itself with examples', async () => {
    const r = await runCli(['sweep', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--report');
    expect(r.stdout).toContain('Examples:');
  });
});
