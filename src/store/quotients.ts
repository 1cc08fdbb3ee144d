import type { Quotient } from '../misere/quotient-types.js';
import type { HeapMapPeriod } from '../misere/quotient-period.js';
import { commitPoint, statement, type StoreHandle } from './handle.js';
import type { GameRow } from './rows.js';

/** A game's misère quotient as stored (migration 'misere quotients'), replaced whole by each save. */
export interface StoredQuotient {
  readonly quotient: Quotient;
  readonly period: HeapMapPeriod | null;
  /** Why the computation stopped before the heaps asked for (a limit), or null. */
  readonly stopped: string | null;
  /** The order of the quotient of heaps 1..n, for n = 1..heaps. */
  readonly orders: readonly number[];
  readonly elapsedMs: number;
  readonly updatedAt: string;
}

interface QuotientJson {
  readonly heaps: number;
  readonly order: number;
  readonly mult: number[];
  readonly isP: number[];
  readonly phi: number[];
  readonly words: number[][];
  /** Written by versions that learned quotients from tests; ignored. */
  readonly tests?: number[][];
  readonly orders: number[];
}

interface RawQuotientRow {
  preperiod: number | null;
  period: number | null;
  proven: number;
  stopped: string | null;
  data: string;
  elapsed_ms: number;
  updated_at: string;
}

/** Replace the game's quotient. Call inside a transaction (the caller's, with ensureGame). */
export function saveQuotient(store: StoreHandle, game: GameRow, q: Omit<StoredQuotient, 'updatedAt'>): void {
  const { quotient: x, period } = q;
  const data: QuotientJson = {
    heaps: x.heaps,
    order: x.order,
    mult: Array.from(x.mult),
    isP: Array.from(x.isP),
    phi: Array.from(x.phi),
    words: x.words.map((w) => [...w]),
    orders: [...q.orders],
  };
  let pSize = 0;
  for (const p of x.isP) pSize += p;
  statement(
    store,
    `INSERT INTO misere_quotients
       (game_id, heaps, elements, p_elements, preperiod, period, proven, stopped, data, elapsed_ms, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (game_id) DO UPDATE SET heaps = excluded.heaps, elements = excluded.elements,
       p_elements = excluded.p_elements, preperiod = excluded.preperiod, period = excluded.period,
       proven = excluded.proven, stopped = excluded.stopped, data = excluded.data,
       elapsed_ms = excluded.elapsed_ms, updated_at = excluded.updated_at`,
  ).run(
    game.id,
    x.heaps,
    x.order,
    pSize,
    period?.preperiod ?? null,
    period?.period ?? null,
    period?.proven ? 1 : 0,
    q.stopped,
    JSON.stringify(data),
    q.elapsedMs,
    new Date().toISOString(),
  );
  commitPoint(store, 'commit');
}

export function loadQuotient(store: StoreHandle, game: GameRow): StoredQuotient | undefined {
  const row = statement(
    store,
    'SELECT preperiod, period, proven, stopped, data, elapsed_ms, updated_at FROM misere_quotients WHERE game_id = ?',
  ).get(game.id) as RawQuotientRow | undefined;
  if (!row) return undefined;
  const data = JSON.parse(row.data) as QuotientJson;
  const m = data.order;
  if (data.mult.length !== m * m || data.isP.length !== m || data.phi.length !== data.heaps + 1) {
    throw new Error(`the misère quotient stored for ${game.key} is damaged (its tables do not fit its order)`);
  }
  return {
    quotient: {
      heaps: data.heaps,
      order: m,
      mult: Int32Array.from(data.mult),
      isP: Uint8Array.from(data.isP),
      phi: Int32Array.from(data.phi),
      words: data.words,
    },
    period:
      row.period === null || row.preperiod === null
        ? null
        : { preperiod: row.preperiod, period: row.period, proven: row.proven === 1 },
    stopped: row.stopped,
    orders: data.orders,
    elapsedMs: row.elapsed_ms,
    updatedAt: row.updated_at,
  };
}

/** Whether the game has a stored quotient (cheap: no JSON read). */
export function hasQuotient(store: StoreHandle, game: GameRow): boolean {
  return statement(store, 'SELECT 1 FROM misere_quotients WHERE game_id = ?', 'pluck').get(game.id) !== undefined;
}
