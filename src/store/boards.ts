import { handleOf } from './handle.js';
import { maxOf, widthFor, type Values, type Width } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import { faultPoint } from '../testing/faults.js';
import { decodeChunk, encodeChunk } from './codec.js';
import type { GameRow, RunRecord, Store } from './store.js';

/**
 * N x N tables of two-dimensional games (migration 'board tables'): one row per game, replaced
 * whole by a larger table. The games row says `computed` = N * N values, so `grundy list` and
 * `grundy rm` treat a board like any other table.
 */
export interface StoredBoard {
  readonly size: number;
  readonly width: Width;
  readonly maxValue: number;
  /** g(x, y) at x * size + y. */
  readonly values: Values;
}

/** The stored table size, or 0 when the game has none. */
export function boardSize(store: Store, game: GameRow): number {
  const row = handleOf(store).prepare('SELECT size FROM boards WHERE game_id = ?').get(game.id) as
    | { size: number }
    | undefined;
  return row?.size ?? 0;
}

export function loadBoard(store: Store, game: GameRow): StoredBoard | undefined {
  const row = handleOf(store).prepare('SELECT size, width, data FROM boards WHERE game_id = ?').get(game.id) as
    | { size: number; width: number; data: Uint8Array }
    | undefined;
  if (!row) return undefined;
  const width = row.width as Width;
  return { size: row.size, width, maxValue: game.maxValue, values: decodeChunk(row.data, width, row.size * row.size) };
}

/**
 * Store a size x size table and its run in one IMMEDIATE transaction: a crash leaves the old
 * table or the new one, never a mix. A table no larger than the stored one is refused.
 */
export function saveBoard(
  store: Store,
  rules: Rules,
  size: number,
  values: Values,
  run: Omit<RunRecord, 'fromN' | 'toN' | 'valuesComputed'>,
): GameRow {
  if (values.length !== size * size)
    throw new Error(`a ${size} x ${size} table has ${size * size} values, not ${values.length}`);
  const maxValue = maxOf(values);
  const width = widthFor(maxValue);
  const narrow = narrowTo(values, width);
  const tx = handleOf(store).transaction(() => {
    const game = store.ensureGame(rules);
    const before = boardSize(store, game);
    if (before >= size) throw new Error(`${rules.key} already has a ${before} x ${before} table stored`);
    handleOf(store)
      .prepare(
        'INSERT INTO boards (game_id, size, width, data) VALUES (?, ?, ?, ?) ' +
          'ON CONFLICT (game_id) DO UPDATE SET size = excluded.size, width = excluded.width, data = excluded.data',
      )
      .run(game.id, size, width, encodeChunk(narrow));
    faultPoint('commit');
    handleOf(store)
      .prepare('UPDATE games SET computed = ?, max_value = ?, width = ? WHERE id = ?')
      .run(size * size, maxValue, width, game.id);
    store.recordRun(game, {
      ...run,
      fromN: before * before,
      toN: size * size,
      valuesComputed: size * size - before * before,
    });
  });
  tx.immediate();
  faultPoint('after-commit');
  return store.getGame(rules.key)!;
}

export function boardBytes(store: Store, game: GameRow): number {
  const row = handleOf(store)
    .prepare('SELECT coalesce(length(data), 0) AS b FROM boards WHERE game_id = ?')
    .get(game.id) as { b: number } | undefined;
  return row?.b ?? 0;
}

function narrowTo(values: Values, width: Width): Values {
  const current = values instanceof Uint8Array ? 8 : values instanceof Uint16Array ? 16 : 32;
  if (current === width) return values;
  const out =
    width === 8
      ? new Uint8Array(values.length)
      : width === 16
        ? new Uint16Array(values.length)
        : new Uint32Array(values.length);
  out.set(values);
  return out;
}
