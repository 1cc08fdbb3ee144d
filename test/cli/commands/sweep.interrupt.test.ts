import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';
import { startCli, waitFor } from '../../helpers/safety.js';
import { storedResults } from '../../helpers/stored-results.js';

describe('Ctrl-C on a real sweep', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('stores the finished batches, exits 130, and the same command finishes the rest', async () => {
    const db = `${tmp.dir}/s.db`;
    const args = ['sweep', 'octal', '--max-digits', '2', '--to', '2^13', '--workers', '1', '--db', db];
    // The sweep stands still after its first stored batch until interrupted (src/testing/faults.ts):
    // Ctrl-C surely lands mid-way, however fast the machine.
    const run = startCli(args, { env: { GRUNDY_FAULT_HOLD: 'batch-stored:1' } });
    await waitFor(() => storedResults(db) > 0);
    run.child.kill('SIGINT');
    const r = await run.result;
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/finishing the batches in flight/);
    expect(r.stderr).toMatch(/resume with the same command/);
    const partial = storedResults(db);
    expect(partial).toBeGreaterThan(0);

    const resumed = await runCli([...args, '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const report = await runCli(['sweep', '--report', 'octal-maxdigits2', '--top', '0', '--json', '--db', db]);
    const whole = await runCli([
      'sweep',
      'octal',
      '--max-digits',
      '2',
      '--to',
      '2^13',
      '--json',
      '--db',
      `${tmp.dir}/whole.db`,
    ]);
    expect(whole.code, whole.stderr).toBe(0);
    const wholeReport = await runCli([
      'sweep',
      '--report',
      'octal-maxdigits2',
      '--top',
      '0',
      '--json',
      '--db',
      `${tmp.dir}/whole.db`,
    ]);
    type Report = { games: number; results: { game: string; preperiod: number | null; period: number | null }[] };
    const a = JSON.parse(report.stdout) as Report;
    const b = JSON.parse(wholeReport.stdout) as Report;
    expect(a.games).toBe(b.games);
    const key = (x: Report) => x.results.map((g) => `${g.game}:${g.preperiod}:${g.period}`).sort();
    expect(key(a)).toEqual(key(b));
  });
});
