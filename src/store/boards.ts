import { handleOf } from './handle.js';
import { upperLength, upperRowStart, mirrorUpper } from '../board/table.js';
import { maxOf, plainValues, widthFor, widthOf, type Values, type Width } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import { faultPoint } from '../testing/faults.js';
import { decodeChunk } from './codec.js';
import type { GameRow, RunRecord, Store } from './store.js';

/**
 * N x N tables of two-dimensional games (migrations 'board tables', 'board row blocks'): one
 * boards row per game, replaced whole by a larger table, its values in board_blocks of about
 * BLOCK_BYTES each: whole rows ('rows'), or for games symmetric in x and y the upper triangle
 * g(x, x..size-1) only ('upper'). Tables stored before the blocks keep layout 'full' (one blob).
 * The games row says `computed` = N * N values, so `grundy list` and `grundy rm` treat a board
 * like any other table.
 */
export interface StoredBoard {
  readonly size: number;
  readonly width: Width;
  readonly maxValue: number;
  /** g(x, y) at x * size + y. */
  readonly values: Values;
}

/** What a kernel hands to saveBoard. */
export interface BoardData {
  /** full: g(x, y) at x * size + y; upper: the packed triangle y >= x (board/table.ts: upperRowStart). */
  readonly layout: 'full' | 'upper';
  readonly values: Values;
}

export type BoardLayout = 'full' | 'rows' | 'upper';

/** About a MiB a block: measured faster to insert than one large blob (bench/NOTES.md). */
const BLOCK_BYTES = 1 << 20;

/** The stored table size, or 0 when the game has none. */
export function boardSize(store: Store, game: GameRow): number {
  const row = handleOf(store).prepare('SELECT size FROM boards WHERE game_id = ?').get(game.id) as
    | { size: number }
    | undefined;
  return row?.size ?? 0;
}

export function loadBoard(store: Store, game: GameRow): StoredBoard | undefined {
  const db = handleOf(store);
  const row = db.prepare('SELECT size, width, layout, data FROM boards WHERE game_id = ?').get(game.id) as
    | { size: number; width: number; layout: BoardLayout; data: Uint8Array }
    | undefined;
  if (!row) return undefined;
  const { size, layout } = row;
  const width = row.width as Width;
  const base = { size, width, maxValue: game.maxValue };
  if (layout === 'full') return { ...base, values: decodeChunk(row.data, width, size * size) };
  const values = plainValues(width, size * size);
  const bytes = new Uint8Array(values.buffer);
  const b = width / 8;
  const blocks = db.prepare('SELECT x0, x1, data FROM board_blocks WHERE game_id = ? ORDER BY x0').iterate(game.id);
  let next = 0;
  for (const block of blocks as Iterable<{ x0: number; x1: number; data: Uint8Array }>) {
    const { x0, x1, data } = block;
    const expected = layout === 'rows' ? (x1 - x0) * size : upperRowStart(size, x1) - upperRowStart(size, x0);
    if (x0 !== next || x1 <= x0 || x1 > size || data.byteLength !== expected * b)
      throw new Error(`board block ${x0}..${x1} of ${game.key} is damaged: rows ${next}.. expected`);
    if (layout === 'rows') bytes.set(data, x0 * size * b);
    else {
      // Row x of the triangle is g(x, x..size-1): its place in the full table is x * size + x.
      let at = 0;
      for (let x = x0; x < x1; x++) {
        const len = (size - x) * b;
        bytes.set(data.subarray(at, at + len), (x * size + x) * b);
        at += len;
      }
    }
    next = x1;
  }
  if (next !== size) throw new Error(`the board of ${game.key} is missing rows ${next}..${size - 1}`);
  if (layout === 'upper') mirrorUpper(values, size);
  return { ...base, values };
}

/**
 * Store a size x size table and its run in one IMMEDIATE transaction: a crash leaves the old
 * table or the new one, never a mix. A table no larger than the stored one is refused.
 * symmetric: g(x, y) = g(y, x) by the rules, so only y >= x is written.
 */
export function saveBoard(
  store: Store,
  rules: Rules,
  size: number,
  data: BoardData,
  symmetric: boolean,
  run: Omit<RunRecord, 'fromN' | 'toN' | 'valuesComputed'>,
  blockBytes = BLOCK_BYTES,
): GameRow {
  const { values } = data;
  const count = data.layout === 'full' ? size * size : upperLength(size);
  if (values.length !== count)
    throw new Error(`a ${size} x ${size} table (${data.layout}) has ${count} values, not ${values.length}`);
  if (data.layout === 'upper' && !symmetric) throw new Error(`${rules.key} is not symmetric: store its full table`);
  const maxValue = maxOf(values);
  const width = widthFor(maxValue);
  const layout: BoardLayout = symmetric ? 'upper' : 'rows';
  const db = handleOf(store);
  const tx = db.transaction(() => {
    const game = store.ensureGame(rules);
    const before = boardSize(store, game);
    if (before >= size) throw new Error(`${rules.key} already has a ${before} x ${before} table stored`);
    db.prepare(
      'INSERT INTO boards (game_id, size, width, layout, data) VALUES (?, ?, ?, ?, ?) ' +
        'ON CONFLICT (game_id) DO UPDATE SET size = excluded.size, width = excluded.width, ' +
        'layout = excluded.layout, data = excluded.data',
    ).run(game.id, size, width, layout, Buffer.alloc(0));
    db.prepare('DELETE FROM board_blocks WHERE game_id = ?').run(game.id);
    const insert = db.prepare('INSERT INTO board_blocks (game_id, x0, x1, data) VALUES (?, ?, ?, ?)');
    for (const [x0, x1, bytes] of boardBlocks(size, data, layout, width, blockBytes))
      insert.run(game.id, x0, x1, bytes);
    faultPoint('commit');
    db.prepare('UPDATE games SET computed = ?, max_value = ?, width = ? WHERE id = ?').run(
      size * size,
      maxValue,
      width,
      game.id,
    );
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

/**
 * The blocks [x0, x1, bytes] of a table in the stored layout and width. A block that is one
 * contiguous run of the source in the same width is a view (SQLite copies it); others are
 * gathered into a fresh array a block long.
 */
function* boardBlocks(
  size: number,
  data: BoardData,
  layout: BoardLayout,
  width: Width,
  blockBytes: number,
): Generator<[number, number, Uint8Array]> {
  const { values } = data;
  const b = width / 8;
  const sameWidth = widthOf(values) === width;
  const rowStart = (x: number): number => (layout === 'rows' ? x * size : upperRowStart(size, x));
  // Source runs of a row: full tables keep every row at x * size; the triangle's rows are packed.
  const source = (x: number): number =>
    data.layout === 'full' ? x * size + (layout === 'upper' ? x : 0) : rowStart(x);
  let x0 = 0;
  while (x0 < size) {
    let x1 = x0 + 1;
    while (x1 < size && (rowStart(x1 + 1) - rowStart(x0)) * b <= blockBytes) x1++;
    const length = rowStart(x1) - rowStart(x0);
    const contiguous = data.layout === 'upper' || layout === 'rows';
    if (contiguous && sameWidth) {
      const at = values.byteOffset + source(x0) * values.BYTES_PER_ELEMENT;
      yield [x0, x1, new Uint8Array(values.buffer, at, length * b)];
    } else {
      const out = plainValues(width, length);
      let at = 0;
      for (let x = x0; x < x1; x++) {
        const len = rowStart(x + 1) - rowStart(x);
        out.set(values.subarray(source(x), source(x) + len), at);
        at += len;
      }
      yield [x0, x1, new Uint8Array(out.buffer)];
    }
    x0 = x1;
  }
}

export function boardBytes(store: Store, game: GameRow): number {
  const row = handleOf(store)
    .prepare(
      'SELECT coalesce(length(data), 0) + ' +
        '(SELECT coalesce(sum(length(data)), 0) FROM board_blocks WHERE game_id = ?) AS b ' +
        'FROM boards WHERE game_id = ?',
    )
    .get(game.id, game.id) as { b: number } | undefined;
  return row?.b ?? 0;
}
