import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { exportChecksum, isOneLineError } from '../helpers/safety.js';

/**
 * GRUNDY_FAULT_WORKER_EXIT (src/testing/faults.ts) makes the worker whose chunk holds heap N
 * scribble over its range and end its thread: the pool must retry the chunk once on a fresh
 * thread, and fail cleanly when the retry dies too. Never a hole, never the scribbles.
 */
const GAME = 'octal:0.16';
const ARGS = ['compute', GAME, '--until-proven', '--to', '4000', '--workers', '2'];
const DIE_AT = 2500;

describe('a worker thread that dies mid-chunk', () => {
  const tmp = tempDir();
  let expected = '';
  beforeAll(async () => {
    const r = await runCli([...ARGS, '--db', `${tmp.dir}/ref.db`]);
    expect(r.code, r.stderr).toBe(0);
    expected = await exportChecksum(`${tmp.dir}/ref.db`, GAME);
  });
  afterAll(() => tmp.cleanup());

  it('is retried once on a fresh worker: the table is complete and bit-identical', async () => {
    const db = `${tmp.dir}/once.db`;
    const counter = `${tmp.dir}/once.deaths`;
    const r = await runCli([...ARGS, '--db', db], { env: { GRUNDY_FAULT_WORKER_EXIT: `${DIE_AT}:1:${counter}` } });
    expect(r.code, r.stderr).toBe(0);
    expect((await import('node:fs')).readFileSync(counter, 'utf8')).toBe('x');
    expect(await exportChecksum(db, GAME)).toBe(expected);
  });

  it('dying again fails cleanly (exit 5, one line), keeps every chunk before it, and resumes identically', async () => {
    const db = `${tmp.dir}/twice.db`;
    const counter = `${tmp.dir}/twice.deaths`;
    const r = await runCli([...ARGS, '--db', db], { env: { GRUNDY_FAULT_WORKER_EXIT: `${DIE_AT}:2:${counter}` } });
    expect(r.code, r.stderr).toBe(5);
    expect(isOneLineError(r.stderr), r.stderr).toBe(true);
    // A plain chunk, a sparse-space chunk or, where the frozen-prefix split runs, a gather slice.
    const m = /the worker failed twice on (?:chunk|sparse chunk|gather) \[(\d+), (\d+)\) of octal:0\.16, the second time on a fresh thread .*; octal:0\.16 is stored up to n = (\d+)$/m.exec(
      r.stderr,
    );
    expect(m, r.stderr).not.toBeNull();
    const [lo, hi, storedTo] = [Number(m![1]), Number(m![2]), Number(m![3])];
    expect(lo).toBeLessThanOrEqual(DIE_AT);
    expect(hi).toBeGreaterThan(DIE_AT);
    // Exactly the chunks before the failing one: no hole, none of the scribbled values.
    expect(storedTo).toBeGreaterThan(0);
    expect(storedTo).toBeLessThanOrEqual(lo);
    const store = Store.openForRead(db)!;
    const ref = Store.openForRead(`${tmp.dir}/ref.db`)!;
    const game = store.getGame(GAME)!;
    expect(game.computed).toBe(storedTo);
    expect(Array.from(store.readValues(game))).toEqual(Array.from(ref.readValues(ref.getGame(GAME)!, 0, storedTo)));
    expect(store.listRuns(game, 1)[0]!.status).toBe('failed');
    store.close();
    ref.close();
    const resumed = await runCli([...ARGS, '--db', db]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(await exportChecksum(db, GAME)).toBe(expected);
  });
});
