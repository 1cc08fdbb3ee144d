import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';

const { dir, cleanup } = tempDir();
const db = join(dir, 'g.db');
afterAll(cleanup);

describe('compute and show say what the literature knows (issue 40)', () => {
  it('--until-proven on an open problem warns at the start that no period is known', async () => {
    const r = await runCli(['compute', 'officers', '--until-proven', '--to', '500', '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('octal:0.6 is Officers: open problem, no period is known');
    expect(r.stderr).toContain('Games of No Chance 5');
    const show = await runCli(['show', 'officers', '--db', db]);
    expect(show.stdout).toMatch(/^ {2}known {6}Officers: open problem, .*\(.*Officers.*\)$/m);
  });

  it('a solved game: no warning, and show names its period with the source', async () => {
    const r = await runCli(['compute', 'dawson-kayles', '--until-proven', '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('open problem');
    const show = await runCli(['show', 'dawson-kayles', '--db', db]);
    expect(show.stdout).toContain("  known      Dawson's Kayles: period 34, last exception at n = 52 (OEIS A002187");
  });

  it('a hex digit in an octal code is computed as the hex game, said on stderr', async () => {
    const r = await runCli(['compute', 'octal:0.78', '--to', '50', '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("'8' in 'octal:0.78' is a hex digit, not an octal one (0-7)");
  });
});
