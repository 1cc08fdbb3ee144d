import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../src/store/migrations.js';
import type { Rules } from '../../src/rules/types.js';

/**
 * A store file in `dir` at the schema before migration `name`, holding game 1 for `rules` with
 * `computed` values of at most `maxValue` marked stored (the caller adds its chunks): what a
 * store written by an older grundy-engine looks like. The database is left open.
 */
export function storeBefore(
  dir: string,
  name: string,
  rules: Rules,
  computed: number,
  maxValue: number,
): { path: string; db: Database.Database } {
  const path = join(dir, 'old.db');
  const before = MIGRATIONS.findIndex((m) => m.name === name);
  if (before <= 0) throw new Error(`no migration named '${name}' after the first`);
  const db = new Database(path);
  for (const m of MIGRATIONS.slice(0, before)) m.up(db);
  db.pragma(`user_version = ${before}`);
  db.pragma('application_id = 0x47524e44');
  db.prepare(
    'INSERT INTO games (id, key, family, params, created_at, computed, max_value, width) ' +
      "VALUES (1, ?, ?, '{}', '', ?, ?, 8)",
  ).run(rules.key, rules.family, computed, maxValue);
  return { path, db };
}
