import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { exportChecksum, isOneLineError, startCli, storedCount, waitFor } from '../helpers/safety.js';

const GAME = 'sub:squares';
const ARGS = ['compute', GAME, '--until-proven', '--to', '1.5e5', '--workers', '1'];

describe('several processes on one store', () => {
  const tmp = tempDir();
  let expected = '';
  beforeAll(async () => {
    const r = await runCli([...ARGS, '--db', `${tmp.dir}/ref.db`]);
    expect(r.code, r.stderr).toBe(0);
    expected = await exportChecksum(`${tmp.dir}/ref.db`, GAME);
  });
  afterAll(() => tmp.cleanup());

  it('readers never fail while a compute writes; a second compute of the game is refused naming the first', async () => {
    const db = `${tmp.dir}/shared.db`;
    const writer = startCli([...ARGS, '--db', db]);
    await waitFor(() => storedCount(db, GAME) > 0);
    const second = await runCli([...ARGS, '--db', db]);
    expect(second.code, second.stderr).toBe(4);
    expect(isOneLineError(second.stderr), second.stderr).toBe(true);
    expect(second.stderr).toContain(`sub:squares is already being computed by another grundy process (pid ${writer.child.pid},`);
    let reads = 0;
    let done = false;
    void writer.result.then(() => (done = true));
    const readers = [
      ['query', GAME, '0..99', '--json'],
      ['show', GAME, '--json'],
      ['list', '--json'],
      ['export', GAME, '--format', 'bfile'],
    ];
    while (!done || reads < readers.length) {
      const args = readers[reads % readers.length]!;
      const r = await runCli([...args, '--db', db]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      reads++;
    }
    const w = await writer.result;
    expect(w.code, w.stderr).toBe(0);
    expect(reads).toBeGreaterThanOrEqual(readers.length);
    expect(await exportChecksum(db, GAME)).toBe(expected);
  });
});
