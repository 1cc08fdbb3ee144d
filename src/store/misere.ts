import { commitPoint, statement } from './handle.js';
import type { Store } from './store.js';

/**
 * Misère results (grundy compute --misere), apart from the normal-play tables: one row a
 * position. A table is replaced whole in one IMMEDIATE transaction, so a failed or killed compute
 * leaves the previous table or none, never part of one.
 */
export type MisereOutcome = 'P' | 'N' | 'D';

export interface MisereRow {
  readonly position: number;
  readonly outcome: MisereOutcome;
  /** Misère Grundy value; null where play can cycle. */
  readonly value: number | null;
  /** Heaps: the genus as written (g^γ0γ1...), and whether the heap is tame. */
  readonly genus: string | null;
  readonly tame: boolean | null;
}

export interface MisereTableInfo {
  readonly key: string;
  readonly kind: 'heap' | 'graph' | 'board';
  readonly positions: number;
  readonly createdAt: string;
}

interface RawRow {
  position: number;
  outcome: MisereOutcome;
  value: number | null;
  genus: string | null;
  tame: number | null;
}

/** Store a game's misère table, replacing what was stored for it. */
export function saveMisereTable(
  store: Store,
  key: string,
  kind: MisereTableInfo['kind'],
  rows: readonly MisereRow[],
): void {
  store.transaction(() => {
    statement(store, 'DELETE FROM misere_values WHERE game_key = ?').run(key);
    const insert = statement(
      store,
      'INSERT INTO misere_values (game_key, position, outcome, value, genus, tame) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const r of rows) {
      insert.run(key, r.position, r.outcome, r.value, r.genus, r.tame === null ? null : r.tame ? 1 : 0);
    }
    commitPoint(store, 'commit');
    statement(
      store,
      `INSERT INTO misere_tables (game_key, kind, positions, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (game_key) DO UPDATE SET kind = excluded.kind, positions = excluded.positions,
         created_at = excluded.created_at`,
    ).run(key, kind, rows.length, new Date().toISOString());
  });
  commitPoint(store, 'after-commit');
}

/** What is stored for a game, or undefined. */
export function misereTableInfo(store: Store, key: string): MisereTableInfo | undefined {
  const row = statement(
    store,
    'SELECT game_key, kind, positions, created_at FROM misere_tables WHERE game_key = ?',
  ).get(key) as { game_key: string; kind: MisereTableInfo['kind']; positions: number; created_at: string } | undefined;
  return row && { key: row.game_key, kind: row.kind, positions: row.positions, createdAt: row.created_at };
}

/** The stored rows of these positions (those stored; the others are left out). */
export function loadMisereRows(store: Store, key: string, positions: readonly number[]): Map<number, MisereRow> {
  const select = statement(
    store,
    'SELECT position, outcome, value, genus, tame FROM misere_values WHERE game_key = ? AND position = ?',
  );
  const out = new Map<number, MisereRow>();
  for (const p of positions) {
    const r = select.get(key, p) as RawRow | undefined;
    if (r) out.set(p, toRow(r));
  }
  return out;
}

/** Every stored row of a game, in position order. */
export function loadMisereTable(store: Store, key: string): MisereRow[] {
  const rows = statement(
    store,
    'SELECT position, outcome, value, genus, tame FROM misere_values WHERE game_key = ? ORDER BY position',
  ).all(key) as RawRow[];
  return rows.map(toRow);
}

/** Remove a game's misère table (inside the caller's transaction); the rows removed. */
export function deleteMisereTable(store: Store, key: string): number {
  statement(store, 'DELETE FROM misere_tables WHERE game_key = ?').run(key);
  return statement(store, 'DELETE FROM misere_values WHERE game_key = ?').run(key).changes;
}

function toRow(r: RawRow): MisereRow {
  return {
    position: r.position,
    outcome: r.outcome,
    value: r.value,
    genus: r.genus,
    tame: r.tame === null ? null : r.tame === 1,
  };
}
