import type Database from 'better-sqlite3';

/**
 * The SQLite handle behind each open Store. Only the repositories in src/store/ reach it (the
 * rest of the program goes through Store and repository methods that own their SQL), and each
 * statement is prepared once per store.
 */
const handles = new WeakMap<object, Database.Database>();
const statements = new WeakMap<object, Map<string, Database.Statement>>();

export function bindHandle(owner: object, db: Database.Database): void {
  handles.set(owner, db);
  statements.set(owner, new Map());
}

export function handleOf(owner: object): Database.Database {
  const db = handles.get(owner);
  if (!db) throw new Error('this store is not open');
  return db;
}

/** The statement for `sql`, prepared on first use and kept for the store's life. */
export function statement(owner: object, sql: string): Database.Statement {
  const cache = statements.get(owner);
  if (!cache) throw new Error('this store is not open');
  let prepared = cache.get(sql);
  if (!prepared) {
    prepared = handleOf(owner).prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared;
}
