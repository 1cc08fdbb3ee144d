import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StoreError } from '../../src/errors.js';
import { Store } from '../../src/store/store.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { isOneLineError } from '../helpers/safety.js';

const tmp = tempDir();
afterAll(tmp.cleanup);

describe('a store path whose folder does not exist is refused, not created (issue 40)', () => {
  it('Store.openForWrite: a StoreError (exit 4) naming the folder, and no folder made', () => {
    const path = join(tmp.dir, 'no-such-dir', 'x.db');
    let error: unknown;
    try {
      Store.openForWrite(path).close();
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).exitCode).toBe(4);
    expect((error as Error).message).toBe(
      `cannot create store ${path}: the directory ${join(tmp.dir, 'no-such-dir')} does not exist; create it first ` +
        'or pass --db with a path in an existing directory',
    );
    expect(existsSync(join(tmp.dir, 'no-such-dir'))).toBe(false);
    // In a folder that exists, the store is created as before.
    Store.openForWrite(join(tmp.dir, 'x.db')).close();
    expect(existsSync(join(tmp.dir, 'x.db'))).toBe(true);
  });

  it.each([
    [['compute', 'nim', '--to', '10']],
    [['eval', 'kayles@10']],
    [['count', 'kayles', '--max', '10']],
    [['sweep', 'sub', '--size', '1', '--max', '3']],
  ])('grundy %j --db in a missing folder: exit 4, one line, nothing created', async (args) => {
    const dir = join(tmp.dir, `missing-${args[0]}`);
    const r = await runCli([...args, '--db', join(dir, 'deeper', 'g.db')]);
    expect(r.code, r.stderr).toBe(4);
    expect(isOneLineError(r.stderr), r.stderr).toBe(true);
    expect(r.stderr).toContain('does not exist; create it first');
    expect(existsSync(dir)).toBe(false);
  });

  it.each([[['rm', 'nim']], [['vacuum']]])(
    'grundy %j with no store writes nothing, creates no folder',
    async (args) => {
      const dir = join(tmp.dir, `missing-${args[0]}`);
      await runCli([...args, '--db', join(dir, 'g.db')]);
      expect(existsSync(dir)).toBe(false);
    },
  );
});
