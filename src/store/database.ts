import { accessSync, constants, existsSync, mkdirSync, openSync, readSync, closeSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import { StoreError } from '../errors.js';
import { prepared } from './handle.js';
import { defaultStorePath, locateStore } from './location.js';
import { MIGRATIONS } from './migrations.js';

/**
 * better-sqlite3 is a CommonJS package: require() loads it in 6 ms here, import() in 11 (Node
 * parses CommonJS files for their exports before an ES module may import them), in every command
 * that opens a store.
 */
const Sqlite = createRequire(import.meta.url)('better-sqlite3') as typeof Database;

/** PRAGMA application_id of every grundy-engine store: "GRND". */
export const APPLICATION_ID = 0x47524e44;
export const SCHEMA_VERSION = MIGRATIONS.length;
const SQLITE_MAGIC = 'SQLite format 3\0';

/** --db, else GRUNDY_DB, else the default place (store/location.ts). */
export function resolveDbPath(flag?: string): string {
  return locateStore(flag).path;
}

interface Header {
  readonly empty: boolean;
  readonly applicationId: number;
  readonly userVersion: number;
  /** Page 1 (the schema table) lists at least one table, index or view. */
  readonly hasSchema: boolean;
}

/**
 * Read the SQLite header ourselves before SQLite touches the file, so that a foreign, corrupt
 * or newer file is refused without a single byte of it changing.
 */
function readHeader(path: string): Header {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    throw new StoreError(`cannot read store ${path}: ${(err as Error).message}`);
  }
  try {
    // The file header and page 1's b-tree header in one read: read apart, a checkpoint of another
    // process creating the store could land between them, pairing the new schema with the old
    // header (no application id yet), and a store being born would look foreign.
    const buf = Buffer.alloc(108);
    const got = readSync(fd, buf, 0, 108, 0);
    if (got === 0) return { empty: true, applicationId: 0, userVersion: 0, hasSchema: false };
    if (got < 100 || buf.toString('latin1', 0, 16) !== SQLITE_MAGIC) {
      throw new StoreError(
        `${path} is not a grundy-engine store (it is not an SQLite database); pass --db with another path`,
      );
    }
    // The b-tree header of page 1 follows the file header: type byte, then the cell count at
    // offset 3. A leaf (0x0d) with no cells is an empty schema; anything else lists objects.
    const hasSchema = got < 108 || buf[100] !== 0x0d || buf.readUInt16BE(103) > 0;
    return { empty: false, userVersion: buf.readUInt32BE(60), applicationId: buf.readUInt32BE(68), hasSchema };
  } finally {
    closeSync(fd);
  }
}

function checkHeader(path: string, header: Header): void {
  if (header.empty) return;
  if (header.applicationId !== APPLICATION_ID && header.applicationId !== 0) {
    throw new StoreError(
      `${path} is an SQLite database of another program (application_id ` +
        `0x${header.applicationId.toString(16)}); pass --db with another path`,
    );
  }
  // A schema without our id is someone else's (ours sets it with the first table). Decided from the bytes,
  // before SQLite opens the file (which could create -wal/-shm files or roll back a journal).
  // While a -wal file exists the main file's header may be stale, so SQLite decides then.
  const foreign = (h: Header): boolean => h.applicationId === 0 && h.hasSchema && !existsSync(`${path}-wal`);
  // Read twice before refusing: a store another process is creating right now passes the second time.
  if (foreign(header) && foreign(readHeader(path))) {
    throw new StoreError(
      `${path} is an SQLite database of another program (it has tables but no grundy-engine id); pass --db ` +
        `with another path`,
    );
  }
  if (header.userVersion > SCHEMA_VERSION) {
    throw new StoreError(
      `${path} has schema version ${header.userVersion}, newer than this grundy-engine knows ` +
        `(${SCHEMA_VERSION}); upgrade grundy-engine`,
    );
  }
}

/** An SQLite file with tables but without our application_id belongs to someone else. */
function checkNotForeign(db: Database.Database, path: string): void {
  const appId = db.pragma('application_id', { simple: true }) as number;
  if (appId === APPLICATION_ID) return;
  const tables = prepared(db, "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
  if (tables.n > 0) {
    throw new StoreError(
      `${path} is an SQLite database of another program (it has tables but no grundy-engine id); pass --db ` +
        `with another path`,
    );
  }
}

function sqliteFailure(path: string, err: unknown): StoreError {
  const message = err instanceof Error ? err.message : String(err);
  if (/not a database|malformed|corrupt/i.test(message)) {
    return new StoreError(`${path} is corrupt (${message}); restore it from a backup or pass --db with another path`);
  }
  if (/readonly|read-only|permission|EACCES|EROFS|unable to open/i.test(message)) {
    return new StoreError(
      `${path} cannot be opened: SQLite needs to write beside it (${message}); make the file and its ` +
        `directory writable, ` +
        `or copy the store somewhere writable and pass --db with that path`,
    );
  }
  return new StoreError(`cannot open store ${path}: ${message}`);
}

function applyPragmas(db: Database.Database, readonly: boolean): void {
  db.pragma('busy_timeout = 10000');
  db.pragma('foreign_keys = ON');
  if (!readonly) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // A writer appends chunks and sweep results: SQLite's own 2 MB page cache holds the B-tree
    // pages it revisits. better-sqlite3 builds SQLite with 16 MB, which a long compute filled
    // with the table's pages it never reads again (Grundy's game to 2 * 10^7: 17 MB of 200 at
    // the peak; a sweep of 102,090 games ran no slower at 2 MB).
    db.pragma('cache_size = -2000');
  }
}

function migrate(db: Database.Database): void {
  if ((db.pragma('user_version', { simple: true }) as number) >= SCHEMA_VERSION) return;
  const apply = db.transaction(() => {
    // Read again under the write lock: another process may have migrated the store meanwhile
    // (two computes starting on a new store at once).
    const current = db.pragma('user_version', { simple: true }) as number;
    if (current >= SCHEMA_VERSION) return;
    db.pragma(`application_id = ${APPLICATION_ID}`);
    for (let i = current; i < MIGRATIONS.length; i++) MIGRATIONS[i]!.up(db);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  });
  apply.immediate();
}

/** Open (creating and migrating if needed) the store for writing. */
export function openWritable(path: string): Database.Database {
  if (existsSync(path)) {
    if (statSync(path).isDirectory())
      throw new StoreError(`${path} is a directory, not a store file; pass --db with a file path`);
    checkHeader(path, readHeader(path));
    try {
      accessSync(path, constants.R_OK | constants.W_OK);
      accessSync(dirname(path), constants.W_OK);
    } catch {
      throw new StoreError(
        `${path} is read-only (the file or its directory cannot be written); check permissions or pass --db ` +
          `with another path`,
      );
    }
  } else {
    // A path the user chose in a folder that does not exist is most likely a typo: refuse it rather
    // than create folders; only the default place (data/ of a checkout, the user data directory) is made.
    const dir = dirname(path);
    if (!existsSync(dir) && path !== defaultStorePath()) {
      throw new StoreError(
        `cannot create store ${path}: the directory ${dir} does not exist; create it first or pass --db with ` +
          `a path in an existing directory`,
      );
    }
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dirname(path), constants.W_OK);
    } catch {
      throw new StoreError(`cannot create store ${path}: its directory cannot be written; pass --db with another path`);
    }
  }
  let db: Database.Database | undefined;
  try {
    db = new Sqlite(path);
    checkNotForeign(db, path);
    applyPragmas(db, false);
    migrate(db);
    return db;
  } catch (err) {
    db?.close();
    throw err instanceof StoreError ? err : sqliteFailure(path, err);
  }
}

/**
 * Open an existing store for reading, or return null when there is none. A store from an
 * older build is migrated first (that needs one short write).
 */
export function openReadable(path: string): Database.Database | null {
  if (!existsSync(path)) return null;
  if (statSync(path).isDirectory())
    throw new StoreError(`${path} is a directory, not a store file; pass --db with a file path`);
  const header = readHeader(path);
  checkHeader(path, header);
  if (header.empty) return null;
  if (header.userVersion < SCHEMA_VERSION) openWritable(path).close();
  let db: Database.Database | undefined;
  try {
    db = new Sqlite(path, { readonly: true, fileMustExist: true });
    checkNotForeign(db, path);
    applyPragmas(db, true);
    return db;
  } catch (err) {
    db?.close();
    throw err instanceof StoreError ? err : sqliteFailure(path, err);
  }
}
