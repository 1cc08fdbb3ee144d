import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { exportChecksum, startCli, storedCount, waitFor } from '../helpers/safety.js';

const GAME = 'sub:squares';
const ARGS = ['compute', GAME, '--until-proven', '--to', '1e5', '--workers', '1'];
/**
 * The compute stands still after its first stored chunk until interrupted (src/testing/faults.ts),
 * so Ctrl-C surely lands mid-run however fast the kernel or loaded the machine.
 */
const HOLD = { GRUNDY_FAULT_HOLD: 'chunk-stored:1' };

describe('Ctrl-C (SIGINT) on a real child process', () => {
  const tmp = tempDir();
  let expected = '';
  beforeAll(async () => {
    const ref = `${tmp.dir}/ref.db`;
    const r = await runCli([...ARGS, '--db', ref]);
    expect(r.code, r.stderr).toBe(0);
    expected = await exportChecksum(ref, GAME);
  });
  afterAll(() => tmp.cleanup());

  it('stops, keeps every finished chunk, says where it stopped and how to resume, exits 130', async () => {
    const db = `${tmp.dir}/once.db`;
    const run = startCli([...ARGS, '--db', db], { env: HOLD });
    await waitFor(() => storedCount(db, GAME) > 0);
    run.child.kill('SIGINT');
    const r = await run.result;
    expect(r.code, r.stderr).toBe(130);
    const m = /interrupted: sub:squares is stored up to n = (\d+) of 100000; resume with: (grundy compute .*)$/m.exec(
      r.stderr,
    );
    expect(m, r.stderr).not.toBeNull();
    const stoppedAt = Number(m![1]);
    expect(m![2]).toBe(`grundy compute sub:squares --to 1e5 --until-proven --db ${db}`);
    expect(stoppedAt).toBeGreaterThan(0);
    expect(stoppedAt).toBeLessThan(100_000);
    const store = Store.openForRead(db)!;
    const game = store.getGame(GAME)!;
    expect(game.computed).toBe(stoppedAt);
    expect(store.listRuns(game, 1)[0]!.status).toBe('interrupted');
    store.close();
    // The printed command, run as printed (minus the leading program name), finishes the table.
    const resumed = await runCli(m![2]!.split(' ').slice(1));
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(await exportChecksum(db, GAME)).toBe(expected);
  });

  it('a second Ctrl-C exits at once, and the store still resumes to the same table', async () => {
    const db = `${tmp.dir}/twice.db`;
    // Deaf to the first Ctrl-C: the job cannot wind down by itself, only the second one ends it.
    const run = startCli([...ARGS, '--db', db], { env: { GRUNDY_FAULT_HOLD: 'chunk-stored:1:deaf' } });
    await waitFor(() => storedCount(db, GAME) > 0);
    run.child.kill('SIGINT');
    // Signals sent back to back may merge into one: send the second once the first was heard.
    await waitFor(() => run.stderr().includes('Ctrl-C again to quit at once'));
    run.child.kill('SIGINT');
    const r = await run.result;
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toContain('interrupted again, exiting now');
    const list = await runCli(['list', '--json', '--db', db]);
    expect(list.code, list.stderr).toBe(0);
    const resumed = await runCli([...ARGS, '--db', db]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(await exportChecksum(db, GAME)).toBe(expected);
  });

  it('SIGTERM stops the same clean way (finished chunks stored, resumable) but exits 143', async () => {
    const db = `${tmp.dir}/term.db`;
    // Held after its first stored chunk like the Ctrl-C runs: SIGTERM surely lands mid-run.
    const run = startCli([...ARGS, '--db', db], { env: HOLD });
    await waitFor(() => storedCount(db, GAME) > 0);
    run.child.kill('SIGTERM');
    const r = await run.result;
    expect(r.code, r.stderr).toBe(143);
    expect(r.signal).toBeNull();
    expect(r.stderr).toContain('(SIGTERM again to quit at once)');
    const m = /interrupted: sub:squares is stored up to n = (\d+) of 100000; resume with: (grundy compute .*)$/m.exec(
      r.stderr,
    );
    expect(m, r.stderr).not.toBeNull();
    const stoppedAt = Number(m![1]);
    expect(m![2]).toBe(`grundy compute sub:squares --to 1e5 --until-proven --db ${db}`);
    expect(stoppedAt).toBeGreaterThan(0);
    expect(stoppedAt).toBeLessThan(100_000);
    const store = Store.openForRead(db)!;
    const game = store.getGame(GAME)!;
    expect(game.computed).toBe(stoppedAt);
    expect(store.listRuns(game, 1)[0]!.status).toBe('interrupted');
    store.close();
    const resumed = await runCli(m![2]!.split(' ').slice(1));
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(await exportChecksum(db, GAME)).toBe(expected);
  });

  it('stops the workers mid-chunk rather than waiting for the chunk to end', async () => {
    const db = `${tmp.dir}/stuck.db`;
    const mark = `${tmp.dir}/stuck.mark`;
    // hangs.js never returns at heap 700 (creating `mark` first): with an hour's --module-timeout
    // the chunk holding 700 cannot end while the test runs, so exit 130 means it was cut short.
    const stuck = resolve(import.meta.dirname, '..', 'fixtures', 'modules', 'hangs.js');
    const args = ['compute', `module:${stuck}`, '--to', '5000', '--module-timeout', '1h', '--workers', '1', '--db', db];
    const run = startCli(args, { env: { GRUNDY_TEST_HANG_MARK: mark } });
    await waitFor(() => existsSync(mark));
    run.child.kill('SIGINT');
    const r = await run.result;
    expect(r.code, r.stderr).toBe(130);
    const m = /is stored up to n = (\d+) of 5000; resume with: /.exec(r.stderr);
    expect(m, r.stderr).not.toBeNull();
    expect(Number(m![1])).toBeLessThanOrEqual(700);
    const store = Store.openForRead(db)!;
    expect(store.listGames()[0]!.computed).toBe(Number(m![1]));
    store.close();
  });
});
