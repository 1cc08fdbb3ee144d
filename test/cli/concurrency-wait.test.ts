import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { exportChecksum, isOneLineError, startCli, storedCount, waitFor } from '../helpers/safety.js';

const GAME = 'sub:squares';
const ARGS = ['compute', GAME, '--until-proven', '--to', '1.5e5', '--workers', '1'];

describe('several processes on one store: --wait', () => {
  const tmp = tempDir();
  let expected = '';
  beforeAll(async () => {
    const r = await runCli([...ARGS, '--db', `${tmp.dir}/ref.db`]);
    expect(r.code, r.stderr).toBe(0);
    expected = await exportChecksum(`${tmp.dir}/ref.db`, GAME);
  });
  afterAll(() => tmp.cleanup());

  it('with --wait the second compute waits for the first, then finds the work done', async () => {
    const db = `${tmp.dir}/wait.db`;
    const first = startCli([...ARGS, '--db', db]);
    await waitFor(() => storedCount(db, GAME) > 0);
    const second = await runCli([...ARGS, '--wait', '--json', '--db', db]);
    const r1 = await first.result;
    expect(r1.code, r1.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`waiting for grundy pid ${first.child.pid} to finish sub:squares`);
    expect(JSON.parse(second.stdout).newlyComputed).toBe(0);
    expect(await exportChecksum(db, GAME)).toBe(expected);
  });
});
