import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';
import { isOneLineError, sha256, startCli, storedCount, waitFor } from '../../helpers/safety.js';

const GAME = 'sub:squares';
const LONG = ['compute', GAME, '--until-proven', '--to', '1e5', '--workers', '1'];
/**
 * The writer stands still after its second stored chunk (heaps 0..127; the readers ask for 0..99)
 * until interrupted (src/testing/faults.ts): it is surely still running when the checks finish,
 * however fast the kernel.
 */
const HOLD = { GRUNDY_FAULT_HOLD: 'chunk-stored:2' };

async function exported(db: string, to: number): Promise<string> {
  const r = await runCli(['export', GAME, '--to', String(to), '--db', db]);
  expect(r.code, r.stderr).toBe(0);
  return sha256(r.stdout);
}

describe('several processes on one store while a compute writes', () => {
  const tmp = tempDir();
  const ref = `${tmp.dir}/ref.db`;
  beforeAll(async () => {
    const r = await runCli(['compute', GAME, '--to', '1e5', '--workers', '1', '--db', ref]);
    expect(r.code, r.stderr).toBe(0);
  });
  afterAll(() => tmp.cleanup());

  it('a second compute of the game is refused naming the first; readers never fail; nothing interleaves', async () => {
    const db = `${tmp.dir}/shared.db`;
    const writer = startCli([...LONG, '--db', db], { env: HOLD });
    await waitFor(() => storedCount(db, GAME) >= 100);

    const second = await runCli([...LONG, '--db', db]);
    expect(second.code, second.stderr).toBe(4);
    expect(isOneLineError(second.stderr), second.stderr).toBe(true);
    expect(second.stderr).toContain(
      `sub:squares is already being computed by another grundy process (pid ${writer.child.pid},`,
    );

    const readers = [
      ['query', GAME, '0..99', '--json'],
      ['show', GAME, '--json'],
      ['list', '--json'],
      ['export', GAME, '--format', 'bfile'],
    ];
    for (let round = 0; round < 2; round++) {
      const results = await Promise.all(readers.map((args) => runCli([...args, '--db', db])));
      for (const [i, r] of results.entries()) expect(r.code, `${readers[i]!.join(' ')}: ${r.stderr}`).toBe(0);
    }
    // The reads overlapped the write: the writer is still running, holding the game.
    expect(writer.child.exitCode).toBeNull();
    writer.child.kill('SIGINT');
    const w = await writer.result;
    expect(w.code, w.stderr).toBe(130);
    // Whatever the writer stored equals the reference table over the same range.
    const common = Math.min(storedCount(db, GAME), 100_000);
    expect(common).toBeGreaterThan(0);
    expect(await exported(db, common)).toBe(await exported(ref, common));
  });
});
