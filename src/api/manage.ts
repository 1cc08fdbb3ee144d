import { GrundyError, NotComputedError, UsageError } from '../errors.js';
import { deleteMisereTable, misereTableInfo } from '../store/misere.js';
import { parseRules } from '../games/registry.js';
import type { Periodicity } from '../period/detect.js';
import type { BenchRun } from '../store/bench-runs.js';
import { BenchRunStore } from '../store/bench-runs.js';
import { locateStore, type StoreOrigin } from '../store/location.js';
import {
  type RemovedGame,
  type RemovedSweep,
  removeGame as removeStoredGame,
  removeSweep as removeStoredSweep,
  type StoreSize,
  storeSize,
  vacuumStore,
} from '../store/manage.js';
import { Store } from '../store/store.js';
import { type SweepStatus, SweepStore } from '../store/sweeps.js';
import { describeSpec, type SweepSpec } from '../sweep/enumerate.js';

export type { BenchRun, RemovedGame, RemovedSweep, StoreOrigin, StoreSize, SweepSpec, SweepStatus };

/** Which store a management call works on. */
export interface ManageOptions {
  /** The store file (default: as the CLI finds it: $GRUNDY_DB, the checkout, the user's data dir). */
  readonly db?: string;
}

/** A stored sweep and its progress. */
export interface StoredSweep {
  readonly name: string;
  readonly family: string;
  readonly spec: SweepSpec;
  /** The sweep in words ('subtraction sets of 3 elements up to 60'). */
  readonly description: string;
  readonly games: number;
  /** Games solved so far, and how many of them proven periodic. */
  readonly done: number;
  readonly proven: number;
  /** The most values a game is computed to. */
  readonly limit: number;
  readonly status: SweepStatus;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A stored table as `grundy store` lists it. */
export interface StoreTable {
  readonly key: string;
  readonly computed: number;
  readonly maxValue: number;
  /** Bytes of its values in the store. */
  readonly bytes: number;
  readonly periodicity: Periodicity | null;
}

/** Where the store is, how large on disk, and what it holds. */
export interface StoreInfo {
  readonly path: string;
  /** Why that path: --db ('flag'), $GRUNDY_DB ('env'), the source checkout, the user's data dir. */
  readonly origin: StoreOrigin;
  /** Whether the file exists yet (nothing is created to answer). */
  readonly exists: boolean;
  readonly size: StoreSize;
  readonly tables: readonly StoreTable[];
  readonly sweeps: readonly StoredSweep[];
}

/** Where the store is, its size on disk and its tables and sweeps (`grundy store`); read-only. */
export function storeInfo(options: ManageOptions = {}): StoreInfo {
  const location = locateStore(options.db);
  return withReader(options, (store) => ({
    path: location.path,
    origin: location.origin,
    exists: store !== null,
    size: storeSize(location.path),
    tables: (store?.listGames() ?? []).map((game) => ({
      key: game.key,
      computed: game.computed,
      maxValue: game.maxValue,
      bytes: store!.storedBytes(game),
      periodicity: store!.getCertificate(game) ?? null,
    })),
    sweeps: store ? sweepsOf(store) : [],
  }));
}

/** The stored sweeps with their progress (`grundy sweeps`); read-only, none without a store. */
export function listSweeps(options: ManageOptions = {}): {
  readonly path: string;
  readonly exists: boolean;
  readonly sweeps: readonly StoredSweep[];
} {
  const path = locateStore(options.db).path;
  return withReader(options, (store) => ({ path, exists: store !== null, sweeps: store ? sweepsOf(store) : [] }));
}

/**
 * Remove one stored table (values, certificate, run records) named by its exact stored key or a
 * spec that parses to it; nothing else. NotComputedError when it is not stored, UsageError when
 * the name is neither; both list the stored keys. StoreError while a compute of it runs.
 */
export function removeGame(spec: string, options: ManageOptions = {}): { store: string; removed: RemovedGame } {
  const key = withReader(options, (store) => misereOnlyKey(store, spec) ?? tableKey(store, spec));
  return withWriter(options, (store) => {
    if (store.getGame(key)) return { store: store.path, removed: removeStoredGame(store, key) };
    // Only a misère table is stored (grundy compute --misere): it goes alone.
    store.transaction(() => deleteMisereTable(store, key));
    const none = { values: 0, chunks: 0, bytes: 0, certificate: false, runs: 0, sparseState: false };
    return { store: store.path, removed: { game: key, ...none } };
  });
}

/** The key of a game whose only stored table is a misère one, else null. */
function misereOnlyKey(store: Store | null, spec: string): string | null {
  if (!store) return null;
  let key: string;
  try {
    key = parseRules(spec).key;
  } catch {
    return null;
  }
  return !store.getGame(key) && misereTableInfo(store, key) ? key : null;
}

/** Remove the sweep of exactly this name and its results; NotComputedError (listing the names) when none. */
export function removeSweep(name: string, options: ManageOptions = {}): { store: string; removed: RemovedSweep } {
  withReader(options, (reader) => {
    const names = reader ? new SweepStore(reader).list().map((s) => s.name) : [];
    if (!names.includes(name)) {
      const more = names.length > 12 ? ', ...' : '';
      const known =
        names.length > 0
          ? `stored sweeps: ${names.slice(0, 12).join(', ')}${more} (grundy sweep --list)`
          : 'no sweeps are stored';
      throw new NotComputedError(`no sweep named '${name}', nothing removed; ${known}`);
    }
  });
  return withWriter(options, (store) => ({ store: store.path, removed: removeStoredSweep(store, name) }));
}

/**
 * Compact the store file, returning the space of removed tables and sweeps to the disk. A
 * missing store is left missing (exists false, sizes 0). StoreError while a compute runs.
 */
export function vacuum(options: ManageOptions = {}): {
  readonly path: string;
  readonly exists: boolean;
  readonly before: StoreSize;
  readonly after: StoreSize;
} {
  const path = locateStore(options.db).path;
  // Open for reading first, so that a missing store is reported rather than created empty.
  if (!withReader(options, (store) => store !== null)) {
    const none = { file: 0, wal: 0, shm: 0, total: 0 };
    return { path, exists: false, before: none, after: none };
  }
  return withWriter(options, (store) => ({ path: store.path, exists: true, ...vacuumStore(store) }));
}

/** The recorded bench runs, of one workload when named, oldest first; none without a store. */
export function benchHistory(workload?: string, options: ManageOptions = {}): BenchRun[] {
  return withReader(options, (store) => (store ? new BenchRunStore(store).list(workload) : []));
}

/**
 * Where `grundy bench` records its figures: open a writable store for the bench session, which
 * the caller closes.
 */
export function openBenchRecorder(options: ManageOptions = {}): { runs: BenchRunStore; close(): void } {
  const store = Store.openForWrite(locateStore(options.db).path);
  return { runs: new BenchRunStore(store), close: () => store.close() };
}

function withReader<T>(options: ManageOptions, f: (store: Store | null) => T): T {
  const store = Store.openForRead(locateStore(options.db).path);
  try {
    return f(store);
  } finally {
    store?.close();
  }
}

function withWriter<T>(options: ManageOptions, f: (store: Store) => T): T {
  const store = Store.openForWrite(locateStore(options.db).path);
  try {
    return f(store);
  } finally {
    store.close();
  }
}

function sweepsOf(store: Store): StoredSweep[] {
  const sweepStore = new SweepStore(store);
  return sweepStore.list().map((s) => {
    const counts = sweepStore.counts(s);
    return {
      name: s.name,
      family: s.family,
      spec: s.spec,
      description: describeSpec(s.spec),
      games: s.games,
      done: counts.done,
      proven: counts.proven,
      limit: s.limit,
      status: s.status,
      createdAt: s.createdAt,
      updatedAt: s.updatedAt,
    };
  });
}

/**
 * The exact stored key `spec` names, or NotComputedError (not stored) or UsageError (not a key
 * nor a spec), either way with the stored keys listed.
 */
function tableKey(store: Store | null, spec: string): string {
  const exact = spec.trim();
  if (store?.getGame(exact)) return exact;
  let key: string;
  try {
    key = parseRules(spec).key;
  } catch (err) {
    if (!(err instanceof GrundyError)) throw err;
    throw new UsageError(`'${spec}' is neither a stored key nor a game spec (${err.message}); ${storedTables(store)}`);
  }
  if (store?.getGame(key)) return key;
  throw new NotComputedError(
    `${key} is not stored${store ? '' : ' (there is no store yet)'}, nothing removed; ${storedTables(store)}`,
  );
}

function storedTables(store: Store | null): string {
  const keys = store?.listGames().map((g) => g.key) ?? [];
  if (keys.length === 0) return 'no tables are stored';
  const more = keys.length > 12 ? `, ... (${keys.length} in all; grundy list)` : ' (grundy list)';
  return `stored tables: ${keys.slice(0, 12).join(', ')}${more}`;
}
