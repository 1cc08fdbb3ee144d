import { readdirSync, statSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { fileHash, isOneLineError } from '../helpers/safety.js';

/**
 * Files that are not (usable) grundy stores: every command answers with one line and exit 4,
 * and the file is left byte-for-byte as it was, with no -wal, -shm or -journal beside it.
 */
const COMMANDS: readonly (readonly string[])[] = [
  ['compute', 'nim', '--to', '100', '--workers', '1'],
  ['query', 'nim', '5'],
  ['show', 'nim'],
  ['list'],
  ['export', 'nim'],
];

function sqliteFile(path: string, setup: (db: Database.Database) => void): void {
  const db = new Database(path);
  setup(db);
  db.close();
}

describe('stores that must be refused untouched', () => {
  const tmp = tempDir();
  const files: Record<string, string> = {};
  beforeAll(async () => {
    files['not SQLite at all'] = `${tmp.dir}/notes.txt`;
    writeFileSync(files['not SQLite at all'], 'g(n) for kayles, copied by hand\n'.repeat(20));
    files['SQLite magic, then garbage'] = `${tmp.dir}/garbage.db`;
    writeFileSync(
      files['SQLite magic, then garbage'],
      Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4000, 0xa5)]),
    );
    files['another program (application_id)'] = `${tmp.dir}/foreign-id.db`;
    sqliteFile(files['another program (application_id)'], (db) => {
      db.pragma('application_id = 1234');
      db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1);');
    });
    files['another program (tables, no id)'] = `${tmp.dir}/foreign.db`;
    sqliteFile(files['another program (tables, no id)'], (db) =>
      db.exec('CREATE TABLE games (x); INSERT INTO games VALUES (1);'),
    );
    files['another program in WAL mode'] = `${tmp.dir}/foreign-wal.db`;
    sqliteFile(files['another program in WAL mode'], (db) => {
      db.pragma('journal_mode = WAL');
      db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1);');
    });
    files['a newer schema'] = `${tmp.dir}/newer.db`;
    const made = await runCli(['compute', 'nim', '--to', '10', '--workers', '1', '--db', files['a newer schema']]);
    expect(made.code, made.stderr).toBe(0);
    sqliteFile(files['a newer schema'], (db) => {
      db.pragma('user_version = 99');
      db.pragma('journal_mode = DELETE');
    });
  });
  afterAll(() => tmp.cleanup());

  const kinds = [
    'not SQLite at all',
    'SQLite magic, then garbage',
    'another program (application_id)',
    'another program (tables, no id)',
    'another program in WAL mode',
    'a newer schema',
  ];
  for (const kind of kinds) {
    it(`${kind}: exit 4, one line, file unchanged, no side files`, async () => {
      const path = files[kind]!;
      const hash = fileHash(path);
      const mtime = statSync(path).mtimeMs;
      const before = readdirSync(tmp.dir).sort();
      // Refusals touch nothing, so the five commands may as well run side by side.
      const results = await Promise.all(COMMANDS.map((args) => runCli([...args, '--db', path])));
      for (const [i, r] of results.entries()) {
        const args = COMMANDS[i]!;
        expect(r.code, `${args[0]}: ${r.stderr}`).toBe(4);
        expect(isOneLineError(r.stderr), r.stderr).toBe(true);
        expect(r.stderr).toContain(path);
        expect(fileHash(path), args[0]).toBe(hash);
        expect(statSync(path).mtimeMs).toBe(mtime);
        expect(readdirSync(tmp.dir).sort(), args[0]).toEqual(before);
      }
    });
  }
});
