import type Database from 'better-sqlite3';

/**
 * The SQLite handle behind each open Store, its prepared statements and its hooks. Only the
 * repositories in src/store/ reach them (the rest of the program goes through Store and
 * repository methods that own their SQL). This file imports no other file of src/store/, so every
 * repository can import it, store.ts included, without a circle.
 */

/**
 * An open store as the repositories take it: the key under which bindHandle keeps its handle.
 * Store is one; repositories that store.ts imports name it so, not by importing store.ts.
 */
export type StoreHandle = object;

/** Observers of a writer's commits. */
export interface StoreHooks {
  /** Inside a write's transaction ('commit'), and right after it ('after-commit'). */
  readonly onCommit?: (point: 'commit' | 'after-commit') => void;
}

/** How a statement returns rows: objects (the default), the first column only, or arrays. */
export type RowMode = 'objects' | 'pluck' | 'raw';

const handles = new WeakMap<StoreHandle, { readonly db: Database.Database; readonly hooks: StoreHooks }>();
const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

export function bindHandle(owner: StoreHandle, db: Database.Database, hooks: StoreHooks = {}): void {
  handles.set(owner, { db, hooks });
}

export function handleOf(owner: StoreHandle): Database.Database {
  const bound = handles.get(owner);
  if (!bound) throw new Error('this store is not open');
  return bound.db;
}

/** Tell the store's hooks that a write reached `point` (the crash tests' fault points). */
export function commitPoint(owner: StoreHandle, point: 'commit' | 'after-commit'): void {
  const bound = handles.get(owner);
  if (!bound) throw new Error('this store is not open');
  bound.hooks.onCommit?.(point);
}

/** The store's statement for `sql` (see prepared). */
export function statement(owner: StoreHandle, sql: string, mode: RowMode = 'objects'): Database.Statement {
  return prepared(handleOf(owner), sql, mode);
}

/**
 * The one way src/store/ prepares SQL: once per connection, SQL text and row mode, kept for the
 * connection's life (the mode is set when preparing, so no caller changes a statement another shares).
 * One exception: while an iterate() over the kept statement is open, better-sqlite3 refuses to run
 * it again, so a use meanwhile gets a statement of its own, prepared for it and not kept.
 */
export function prepared(db: Database.Database, sql: string, mode: RowMode = 'objects'): Database.Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  const key = `${mode}:${sql}`;
  const kept = cache.get(key);
  if (kept && !kept.busy) return kept;
  const fresh = db.prepare(sql);
  if (mode === 'pluck') fresh.pluck();
  else if (mode === 'raw') fresh.raw();
  if (!kept) cache.set(key, fresh);
  return fresh;
}
