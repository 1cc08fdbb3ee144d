import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { exportChecksum, startCli } from '../helpers/safety.js';

describe('several processes on one store: different games', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('two computes of different games on one new store both succeed', async () => {
    const db = `${tmp.dir}/two.db`;
    const a = startCli(['compute', 'octal:0.16', '--to', '3000', '--workers', '1', '--db', db]);
    const b = startCli(['compute', 'allbut:1,2', '--to', '1e5', '--workers', '1', '--db', db]);
    const [ra, rb] = await Promise.all([a.result, b.result]);
    expect(ra.code, ra.stderr).toBe(0);
    expect(rb.code, rb.stderr).toBe(0);
    const alone = `${tmp.dir}/alone.db`;
    expect((await runCli(['compute', 'octal:0.16', '--to', '3000', '--workers', '1', '--db', alone])).code).toBe(0);
    expect((await runCli(['compute', 'allbut:1,2', '--to', '1e5', '--workers', '1', '--db', alone])).code).toBe(0);
    expect(await exportChecksum(db, 'octal:0.16')).toBe(await exportChecksum(alone, 'octal:0.16'));
    expect(await exportChecksum(db, 'allbut:1,2')).toBe(await exportChecksum(alone, 'allbut:1,2'));
  });
});
