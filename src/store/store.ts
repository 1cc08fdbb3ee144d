import type Database from 'better-sqlite3';
import {
  type ChunkValues,
  NarrowValues,
  plainValues,
  widthFor,
  wider,
  type Values,
  type Width,
} from '../kernels/values.js';
import type { Periodicity } from '../period/detect.js';
import type { Rules } from '../rules/types.js';
import { faultPoint } from '../testing/faults.js';
import { readValues } from './chunks.js';
import { encodeChunk, encodeNarrow, encodeNarrowPart } from './codec.js';
import { bindHandle, commitPoint, statement, type StoreHooks } from './handle.js';
import { openReadable, openWritable } from './database.js';
import type { GameRow, RunRecord } from './rows.js';
import { deleteSparseState, loadSparseState, saveSparseState, type SparseState } from './sparse-state.js';
import { countChunk } from './value-counts.js';

export type { StoreHooks } from './handle.js';
export type { GameRow, RunRecord } from './rows.js';

interface RawGame {
  id: number;
  key: string;
  family: string;
  params: string;
  created_at: string;
  computed: number;
  max_value: number;
  width: number;
}

function toGame(r: RawGame): GameRow {
  return {
    id: r.id,
    key: r.key,
    family: r.family,
    params: r.params,
    createdAt: r.created_at,
    computed: r.computed,
    maxValue: r.max_value,
    width: r.width as Width,
  };
}

/**
 * A writer's hooks unless it is given others: the fault points of the crash tests, inert unless
 * GRUNDY_FAULT_KILL is set (src/testing/faults.ts). Every repository reaches them through
 * commitPoint, so every write of every writer has the same fault points, whoever opened it.
 */
const FAULTS: StoreHooks = { onCommit: faultPoint };

/** The one place that reads and writes the SQLite store. Writers live on the main thread only. */
export class Store {
  private readonly db: Database.Database;

  private constructor(
    db: Database.Database,
    readonly path: string,
    readonly readonly: boolean,
    hooks: StoreHooks,
  ) {
    this.db = db;
    bindHandle(this, db, hooks);
  }

  /** `hooks` observe commits (default: the crash tests' fault points, FAULTS above). */
  static openForWrite(path: string, hooks: StoreHooks = FAULTS): Store {
    return new Store(openWritable(path), path, false, hooks);
  }

  /** Null when no store exists at `path` yet (nothing has been computed). */
  static openForRead(path: string): Store | null {
    const db = openReadable(path);
    return db ? new Store(db, path, true, {}) : null;
  }

  get open(): boolean {
    return this.db.open;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Run `body` in one IMMEDIATE transaction (see DESIGN.md "The store"). */
  transaction<T>(body: () => T): T {
    return this.db.transaction(body).immediate();
  }

  getGame(key: string): GameRow | undefined {
    const row = statement(this, 'SELECT * FROM games WHERE key = ?').get(key) as RawGame | undefined;
    return row ? toGame(row) : undefined;
  }

  ensureGame(rules: Rules): GameRow {
    const existing = this.getGame(rules.key);
    if (existing) return existing;
    const { key, family, ...params } = rules;
    statement(this, 'INSERT INTO games (key, family, params, created_at) VALUES (?, ?, ?, ?)').run(
      key,
      family,
      JSON.stringify(params),
      new Date().toISOString(),
    );
    return this.getGame(key)!;
  }

  listGames(): GameRow[] {
    return (statement(this, 'SELECT * FROM games ORDER BY key').all() as RawGame[]).map(toGame);
  }

  /**
   * Append a finished chunk and, when given, the state its strategy keeps beside the table
   * (`null` clears it), in one IMMEDIATE transaction with the high-water mark and the value
   * counts at the powers of two the chunk reaches: a crash leaves all or none.
   */
  appendChunk(game: GameRow, lo: number, values: ChunkValues, maxValue: number, sparse?: SparseState | null): GameRow {
    const width = widthFor(maxValue);
    const data = chunkData(values, width);
    const hi = lo + values.length;
    let counted = (): void => {};
    const tx = this.db.transaction(() => {
      const current = statement(this, 'SELECT computed, max_value, width FROM games WHERE id = ?').get(game.id) as
        | { computed: number; max_value: number; width: number }
        | undefined;
      if (!current) throw new Error(`game ${game.key} vanished from the store`);
      if (current.computed !== lo) {
        throw new Error(`store for ${game.key} holds ${current.computed} values, cannot append at ${lo}`);
      }
      statement(this, 'INSERT INTO chunks (game_id, lo, hi, width, data) VALUES (?, ?, ?, ?, ?)').run(
        game.id,
        lo,
        hi,
        width,
        data,
      );
      const before = { ...game, computed: lo, maxValue: current.max_value, width: current.width as Width };
      counted = countChunk(this, before, values);
      commitPoint(this, 'commit');
      const newMax = Math.max(current.max_value, maxValue);
      statement(this, 'UPDATE games SET computed = ?, max_value = ?, width = ? WHERE id = ?').run(
        hi,
        newMax,
        wider(current.width as Width, width),
        game.id,
      );
      if (sparse === null) deleteSparseState(this, game);
      else if (sparse !== undefined) saveSparseState(this, game, sparse);
    });
    tx.immediate();
    counted();
    commitPoint(this, 'after-commit');
    return this.getGame(game.key)!;
  }

  /** The sparse-space state stored with the game's table, if any. */
  sparseState(game: GameRow): SparseState | undefined {
    return loadSparseState(this, game);
  }

  /** g(lo..hi) from the stored chunks, in the table's width. Requires hi <= computed. */
  readValues(game: GameRow, lo = 0, hi = game.computed): Values {
    return readValues(this, game, lo, hi);
  }

  valueAt(game: GameRow, n: number): number | undefined {
    if (n < 0 || n >= game.computed) return undefined;
    return this.readValues(game, n, n + 1)[0];
  }

  getCertificate(game: GameRow): Periodicity | undefined {
    const row = statement(this, 'SELECT * FROM certificates WHERE game_id = ?').get(game.id) as
      | { preperiod: number; period: number; saltus: number; proven: number; criterion: string; checked_to: number }
      | undefined;
    if (!row) return undefined;
    return {
      preperiod: row.preperiod,
      period: row.period,
      saltus: row.saltus,
      proven: row.proven === 1,
      criterion: row.criterion,
      checkedTo: row.checked_to,
    };
  }

  /** Store the latest claim; null clears an earlier observed claim that no longer holds. */
  saveCertificate(game: GameRow, cert: Periodicity | null): void {
    if (cert === null) {
      statement(this, 'DELETE FROM certificates WHERE game_id = ? AND proven = 0').run(game.id);
      return;
    }
    statement(
      this,
      `INSERT INTO certificates (game_id, preperiod, period, saltus, proven, criterion, checked_to, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (game_id) DO UPDATE SET preperiod = excluded.preperiod, period = excluded.period,
           saltus = excluded.saltus, proven = excluded.proven, criterion = excluded.criterion,
           checked_to = excluded.checked_to, updated_at = excluded.updated_at`,
    ).run(
      game.id,
      cert.preperiod,
      cert.period,
      cert.saltus,
      cert.proven ? 1 : 0,
      cert.criterion,
      cert.checkedTo,
      new Date().toISOString(),
    );
  }

  recordRun(game: GameRow, run: RunRecord): void {
    statement(
      this,
      `INSERT INTO runs (game_id, started_at, from_n, to_n, values_computed, workers, kernel,
        elapsed_ms, states_per_second, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      game.id,
      run.startedAt,
      run.fromN,
      run.toN,
      run.valuesComputed,
      run.workers,
      run.kernel,
      run.elapsedMs,
      run.statesPerSecond,
      run.status,
    );
  }

  listRuns(game: GameRow, limit = 10): RunRecord[] {
    const rows = statement(this, 'SELECT * FROM runs WHERE game_id = ? ORDER BY id DESC LIMIT ?').all(
      game.id,
      limit,
    ) as {
      started_at: string;
      from_n: number;
      to_n: number;
      values_computed: number;
      workers: number;
      kernel: string;
      elapsed_ms: number;
      states_per_second: number;
      status: RunRecord['status'];
    }[];
    return rows.map((r) => ({
      startedAt: r.started_at,
      fromN: r.from_n,
      toN: r.to_n,
      valuesComputed: r.values_computed,
      workers: r.workers,
      kernel: r.kernel,
      elapsedMs: r.elapsed_ms,
      statesPerSecond: r.states_per_second,
      status: r.status,
    }));
  }

  /** Bytes of chunk data stored for a game. */
  storedBytes(game: GameRow): number {
    const row = statement(this, 'SELECT coalesce(sum(length(data)), 0) AS b FROM chunks WHERE game_id = ?').get(
      game.id,
    ) as { b: number };
    return row.b;
  }
}

/** A chunk's blob at `width`: bytes with escapes where shorter (codec.ts encodeNarrow), else its typed array's. */
function chunkData(values: ChunkValues, width: Width): Buffer {
  // A narrow part (a value past its escape byte: chunkValues) is widened only when it must be.
  if (values instanceof NarrowValues && width === 16)
    return encodeNarrowPart(values) ?? encodeChunk(values.slice(0, values.length));
  const typed = narrowTo(values instanceof NarrowValues ? values.slice(0, values.length) : values, width);
  return (typed instanceof Uint16Array ? encodeNarrow(typed) : null) ?? encodeChunk(typed);
}

/** The values in the narrowest array that holds maxValue, so small tables cost a byte per value. */
function narrowTo(values: Values, width: Width): Values {
  const current = values instanceof Uint8Array ? 8 : values instanceof Uint16Array ? 16 : 32;
  if (current === width) return values;
  const out = plainValues(width, values.length);
  out.set(values);
  return out;
}
