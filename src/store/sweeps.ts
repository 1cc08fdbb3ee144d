import type Database from 'better-sqlite3';
import { handleOf, statement } from './handle.js';
import { maxOf } from '../kernels/values.js';
import type { Periodicity } from '../period/detect.js';
import type { Rules } from '../rules/types.js';
import { resultAt, type BatchResults, type GameResult } from './sweep-results.js';
import { isCodeSweep, type SkipCounts, type SweepGame, type SweepSpec } from './sweep-spec.js';
import type { Store } from './store.js';

/** Rows per INSERT statement (11 parameters each, far below SQLite's variable limit). */
const INSERT_ROWS = 64;

export type SweepStatus = 'running' | 'done' | 'interrupted' | 'failed';

export interface SweepRow {
  readonly id: number;
  readonly name: string;
  readonly family: string;
  readonly spec: SweepSpec;
  readonly games: number;
  readonly skipped: SkipCounts;
  readonly limit: number;
  readonly fixedLength: boolean;
  readonly status: SweepStatus;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** One stored result, as the report reads it. */
export interface SweepResultRow {
  readonly game: string;
  readonly ord: number;
  readonly proven: boolean;
  readonly preperiod: number | null;
  readonly period: number | null;
  readonly saltus: number | null;
  readonly criterion: string;
  readonly maxValue: number;
  readonly computed: number;
  readonly elapsedMs: number;
}

export type SweepSort = 'period' | 'preperiod' | 'maxValue';
export const SWEEP_SORTS: readonly SweepSort[] = ['period', 'preperiod', 'maxValue'];

/** Descending by the key, games with no period last, ties in enumeration order. */
const ORDER_BY: Readonly<Record<SweepSort, string>> = {
  period: 'period IS NULL, period DESC, preperiod DESC, ord',
  preperiod: 'preperiod IS NULL, preperiod DESC, period DESC, ord',
  maxValue: 'max_value DESC, period IS NULL, period DESC, ord',
};

export interface SweepCounts {
  readonly done: number;
  readonly proven: number;
}

interface RawSweep {
  id: number;
  name: string;
  family: string;
  spec: string;
  games: number;
  skipped_all_zero: number;
  skipped_trailing_zeros: number;
  limit_n: number;
  fixed_length: number;
  status: SweepStatus;
  created_at: string;
  updated_at: string;
}

interface RawResult {
  game: string;
  ord: number;
  proven: number;
  preperiod: number | null;
  period: number | null;
  saltus: number | null;
  criterion: string;
  max_value: number;
  computed: number;
  elapsed_ms: number;
}

function toSweep(r: RawSweep): SweepRow {
  return {
    id: r.id,
    name: r.name,
    family: r.family,
    spec: JSON.parse(r.spec) as SweepSpec,
    games: r.games,
    skipped: { allZero: r.skipped_all_zero, trailingZeros: r.skipped_trailing_zeros },
    limit: r.limit_n,
    fixedLength: r.fixed_length === 1,
    status: r.status,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function toResult(r: RawResult): SweepResultRow {
  return {
    game: r.game,
    ord: r.ord,
    proven: r.proven === 1,
    preperiod: r.preperiod,
    period: r.period,
    saltus: r.saltus,
    criterion: r.criterion,
    maxValue: r.max_value,
    computed: r.computed,
    elapsedMs: r.elapsed_ms,
  };
}

/** The spec as stored: a canonical JSON string, so equal specs compare equal as text. */
export function specJson(spec: SweepSpec): string {
  return isCodeSweep(spec)
    ? JSON.stringify({ family: spec.family, minDigits: spec.minDigits, maxDigits: spec.maxDigits, base: spec.base })
    : JSON.stringify({ family: spec.family, minSize: spec.minSize, maxSize: spec.maxSize, max: spec.max });
}

/**
 * Named sweeps and their per-game results, in the same SQLite file as the tables. Everything
 * here runs on the main thread; each batch of results commits in one transaction.
 */
export class SweepStore {
  constructor(private readonly store: Store) {}

  find(name: string): SweepRow | undefined {
    const row = statement(this.store, 'SELECT * FROM sweeps WHERE name = ?').get(name) as RawSweep | undefined;
    return row ? toSweep(row) : undefined;
  }

  list(): SweepRow[] {
    return (statement(this.store, 'SELECT * FROM sweeps ORDER BY name').all() as RawSweep[]).map(toSweep);
  }

  create(
    name: string,
    spec: SweepSpec,
    games: number,
    skipped: SkipCounts,
    limit: number,
    fixedLength: boolean,
  ): SweepRow {
    const now = new Date().toISOString();
    statement(
      this.store,
      `INSERT INTO sweeps (name, family, spec, games, skipped_all_zero, skipped_trailing_zeros,
          limit_n, fixed_length, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?)`,
    ).run(
      name,
      spec.family,
      specJson(spec),
      games,
      skipped.allZero,
      skipped.trailingZeros,
      limit,
      fixedLength ? 1 : 0,
      now,
      now,
    );
    return this.find(name)!;
  }

  /** Record the state of the latest run and the limit it used. */
  setStatus(sweep: SweepRow, status: SweepStatus, limit = sweep.limit, fixedLength = sweep.fixedLength): void {
    statement(
      this.store,
      'UPDATE sweeps SET status = ?, limit_n = ?, fixed_length = ?, updated_at = ? WHERE id = ?',
    ).run(status, limit, fixedLength ? 1 : 0, new Date().toISOString(), sweep.id);
  }

  /**
   * The enumeration positions of games that need no more work at this limit: proven ones, and ones already
   * computed to the
   * limit (raising --to retries the unproven rest).
   */
  finishedGames(sweep: SweepRow, limit: number, fixedLength: boolean): Set<number> {
    const sql = fixedLength
      ? 'SELECT ord FROM sweep_results WHERE sweep_id = ? AND computed >= ?'
      : 'SELECT ord FROM sweep_results WHERE sweep_id = ? AND (proven = 1 OR computed >= ?)';
    const rows = statement(this.store, sql, 'pluck').all(sweep.id, limit) as number[];
    return new Set(rows);
  }

  /**
   * Store one batch of results in one transaction: result i belongs to games[i]. With
   * keepTables each game's values also go to its table through Store.appendChunk, with its
   * certificate.
   */
  commit(
    sweep: SweepRow,
    games: readonly SweepGame[],
    results: BatchResults,
    keepTables = false,
    runLabel = 'sweep',
  ): void {
    const n = results.ords.length;
    if (n === 0) return;
    const tx = handleOf(this.store).transaction(() => {
      // Multi-row INSERTs: one statement call per row was the largest cost of a fast sweep.
      const rowsPer = Math.min(INSERT_ROWS, n);
      const many = this.insertStatement(rowsPer);
      const args: unknown[] = [];
      let i = 0;
      for (; i + rowsPer <= n; i += rowsPer) {
        args.length = 0;
        for (let j = i; j < i + rowsPer; j++) pushRow(args, sweep.id, games, results, j);
        many.run(args);
      }
      if (i < n) {
        const one = this.insertStatement(1);
        for (; i < n; i++) {
          args.length = 0;
          pushRow(args, sweep.id, games, results, i);
          one.run(args);
        }
      }
      if (keepTables && results.values) {
        for (let j = 0; j < n; j++) this.keepTable(games[j]!.rules, resultAt(results, j), runLabel);
      }
      statement(this.store, 'UPDATE sweeps SET updated_at = ? WHERE id = ?').run(new Date().toISOString(), sweep.id);
    });
    tx.immediate();
  }

  /** The upsert of `rows` results at once. */
  private insertStatement(rows: number): Database.Statement {
    const values = Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
    return statement(
      this.store,
      `INSERT INTO sweep_results (sweep_id, ord, game, proven, preperiod, period, saltus, criterion,
          max_value, computed, elapsed_ms)
         VALUES ${values}
         ON CONFLICT (sweep_id, ord) DO UPDATE SET game = excluded.game, proven = excluded.proven,
           preperiod = excluded.preperiod, period = excluded.period, saltus = excluded.saltus,
           criterion = excluded.criterion, max_value = excluded.max_value, computed = excluded.computed,
           elapsed_ms = excluded.elapsed_ms`,
    );
  }

  /** Extend the game's table with the values it lacks and keep the better certificate. */
  private keepTable(rules: Rules, r: GameResult, runLabel: string): void {
    if (!r.values) return;
    const values = r.values;
    let game = this.store.ensureGame(rules);
    const from = game.computed;
    if (values.length > from) {
      game = this.store.appendChunk(game, from, values.subarray(from), maxOf(values, from));
      this.store.recordRun(game, {
        startedAt: new Date().toISOString(),
        fromN: from,
        toN: game.computed,
        valuesComputed: game.computed - from,
        workers: 1,
        kernel: runLabel,
        elapsedMs: r.elapsedMs,
        statesPerSecond: r.elapsedMs > 0 ? (values.length / r.elapsedMs) * 1000 : 0,
        status: r.periodicity?.proven ? 'proven' : 'done',
      });
    }
    const existing = this.store.getCertificate(game);
    if (betterCertificate(r.periodicity, existing)) this.store.saveCertificate(game, r.periodicity);
  }

  /** Every result of the sweep as (preperiod, period, max value, values computed), in game order. */
  summaries(sweep: SweepRow): [number | null, number | null, number, number][] {
    return statement(
      this.store,
      'SELECT preperiod, period, max_value, computed FROM sweep_results WHERE sweep_id = ? ORDER BY ord',
      'raw',
    ).all(sweep.id) as [number | null, number | null, number, number][];
  }

  counts(sweep: SweepRow): SweepCounts {
    const row = statement(
      this.store,
      'SELECT count(*) AS done, coalesce(sum(proven), 0) AS proven FROM sweep_results WHERE sweep_id = ?',
    ).get(sweep.id) as { done: number; proven: number };
    return { done: row.done, proven: row.proven };
  }

  /** Results ranked by `sort`; `top` 0 means all. */
  ranked(sweep: SweepRow, sort: SweepSort, top: number): SweepResultRow[] {
    const limit = top > 0 ? top : -1;
    const rows = statement(
      this.store,
      `SELECT * FROM sweep_results WHERE sweep_id = ? ORDER BY ${ORDER_BY[sort]} LIMIT ?`,
    ).all(sweep.id, limit) as RawResult[];
    return rows.map(toResult);
  }

  /** Games not proven, in enumeration order; `top` 0 means all. */
  unproven(sweep: SweepRow, top: number): SweepResultRow[] {
    const rows = statement(
      this.store,
      'SELECT * FROM sweep_results WHERE sweep_id = ? AND proven = 0 ORDER BY ord LIMIT ?',
    ).all(sweep.id, top > 0 ? top : -1) as RawResult[];
    return rows.map(toResult);
  }
}

function pushRow(args: unknown[], sweepId: number, games: readonly SweepGame[], r: BatchResults, i: number): void {
  const game = games[i];
  if (!game || game.ord !== r.ords[i]) throw new Error(`sweep result ${i} (ord ${r.ords[i]}) does not match its game`);
  const status = r.status[i]!;
  const found = status !== 0;
  args.push(
    sweepId,
    r.ords[i]!,
    game.rules.key,
    status === 2 ? 1 : 0,
    found ? r.preperiod[i]! : null,
    found ? r.period[i]! : null,
    found ? r.saltus[i]! : null,
    found ? r.criteria[r.criterion[i]!]! : 'none',
    r.maxValue[i]!,
    r.computed[i]!,
    r.elapsedMs[i]!,
  );
}

/** A proof beats an observation; otherwise the claim checked on more values wins. */
function betterCertificate(mine: Periodicity | null, existing: Periodicity | undefined): mine is Periodicity {
  if (!mine) return false;
  if (!existing) return true;
  if (existing.proven) return false;
  return mine.proven || mine.checkedTo >= existing.checkedTo;
}
