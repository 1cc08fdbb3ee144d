import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { fileHash, isOneLineError, runHonouringPermissions } from '../helpers/safety.js';

/** Read-only stores and directories: exit 4, one line, nothing changed or created. */
const COMMANDS: readonly (readonly string[])[] = [
  ['compute', 'nim', '--to', '100', '--workers', '1'],
  ['query', 'nim', '5'],
  ['show', 'nim'],
  ['list'],
  ['export', 'nim'],
];

/**
 * Read-only means the file modes: the refusing runs go through runHonouringPermissions, which as
 * root drops the capability to write through them (no other user, no dependence on where the
 * checkout lives).
 */
describe('read-only stores', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('a read-only store: compute refused with exit 4, the file unchanged', async () => {
    const dir = `${tmp.dir}/ro-file`;
    mkdirSync(dir);
    const path = `${dir}/store.db`;
    expect((await runCli(['compute', 'kayles', '--until-proven', '--workers', '1', '--db', path])).code).toBe(0);
    chmodSync(path, 0o444); // the directory stays writable: only the file is read-only
    const hash = fileHash(path);
    const r = await runHonouringPermissions(['compute', 'nim', '--to', '100', '--workers', '1', '--db', path]);
    expect(r.code, r.stderr).toBe(4);
    expect(isOneLineError(r.stderr), r.stderr).toBe(true);
    expect(r.stderr).toContain('is read-only');
    expect(fileHash(path)).toBe(hash);
  });

  it(
    'a read-only directory: a new store is refused with exit 4 and nothing is created; an existing one is ' +
      'not changed',
    async () => {
      const dir = `${tmp.dir}/ro-dir`;
      mkdirSync(dir);
      const path = `${dir}/store.db`;
      expect((await runCli(['compute', 'kayles', '--until-proven', '--workers', '1', '--db', path])).code).toBe(0);
      chmodSync(dir, 0o555);
      const hash = fileHash(path);
      const created = `${dir}/new.db`;
      const fresh = await runHonouringPermissions(['compute', 'nim', '--to', '100', '--workers', '1', '--db', created]);
      expect(fresh.code, fresh.stderr).toBe(4);
      expect(isOneLineError(fresh.stderr), fresh.stderr).toBe(true);
      expect(existsSync(`${dir}/new.db`)).toBe(false);
      for (const args of COMMANDS) {
        const r = await runHonouringPermissions([...args, '--db', path]);
        // Reading a WAL store needs its -shm file, which SQLite must create beside it: exit 4 is
        // the honest answer in a directory nobody may write to.
        expect(r.code, `${args[0]}: ${r.stderr}`).toBe(4);
        expect(isOneLineError(r.stderr), r.stderr).toBe(true);
        expect(fileHash(path)).toBe(hash);
      }
      expect(readdirSync(dir)).toEqual(['store.db']);
      chmodSync(dir, 0o755);
    },
  );
});
