import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';
import { exportChecksum, startCli } from '../../helpers/safety.js';

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

  it('three sparse-space computes writing one store at once all succeed (no SQLITE_BUSY on upgrade)', async () => {
    // Sparse space commits a chunk with its mask and rare list; a deferred transaction there
    // failed at once with "database is locked" while another compute held the write lock.
    const db = `${tmp.dir}/three.db`;
    const games = [
      ['octal:0.16', '4e4'],
      ['grundy', '6e4'],
      ['octal:0.77', '4e4'],
    ] as const;
    const runs = games.map(([game, to]) =>
      startCli(['compute', game, '--to', to, '--workers', '1', '--json', '--db', db]),
    );
    const results = await Promise.all(runs.map((r) => r.result));
    for (const r of results) {
      expect(r.code, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout) as { kernel: string }).kernel).toContain('sparse');
    }
  });
});
