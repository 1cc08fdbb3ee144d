import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';
import { naiveValues } from '../../helpers/naive-games.js';

const { dir, cleanup } = tempDir('grundy-compute-period-');
const db = join(dir, 'g.db');
afterAll(cleanup);

describe('compute --to of a game whose period is proven on the way', () => {
  it('says the values past the proof came from the period, and which ran no worker', async () => {
    const first = await runCli(['compute', 'octal:0.137', '--to', '5000', '--db', db]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(
      /5,000 values stored, 5,000 new in .*states\/s on \d workers? \(kernel sparse\S*\+period\)/,
    );
    expect(first.stdout).toContain('period     preperiod 52, period 34: proven');
    const more = await runCli(['compute', 'octal:0.137', '--to', '9000', '--db', db]);
    expect(more.code, more.stderr).toBe(0);
    expect(more.stdout).toMatch(/9,000 values stored, 4,000 new in .*states\/s \(kernel period\)\n/);
    const g = naiveValues('octal:0.137', 9000);
    const heaps = [0, 51, 52, 85, 86, 4999, 5000, 8999];
    const q = await runCli(['query', 'octal:0.137', ...heaps.map(String), '--json', '--db', db]);
    expect(q.code, q.stderr).toBe(0);
    const answers = (JSON.parse(q.stdout) as { values: { n: number; value: number; source: string }[] }).values;
    expect(answers.map((a) => a.value)).toEqual(heaps.map((n) => g[n]!));
    // Stored: the table reaches 9000, whatever filled it.
    expect(answers.every((a) => a.source === 'table')).toBe(true);
  });
});
