import { mirrorUpper, packedBytes, packedUpperBytes, upperLength, upperRowStart } from '../board/table.js';
import { maxOf, plainValues, widthFor, widthOf, type Values, type Width } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import { decodeChunk, packBitsFor, packInto, unpackValues, type PackBits } from './codec.js';
import { commitPoint, handleOf, statement } from './handle.js';
import type { GameRow, RunRecord } from './rows.js';
import type { Store } from './store.js';

/**
 * N x N tables of two-dimensional games (migrations 'board tables', 'board row blocks', 'board
 * packed values'): one boards row per game, replaced whole by a larger table, its values in
 * board_blocks of about BLOCK_BYTES each: whole rows ('rows'), or for games symmetric in x and y
 * the upper triangle g(x, x..size-1) only ('upper'), values below 16 packed 2 or 4 bits each.
 * Tables stored before the blocks keep layout 'full' (one blob).
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

/**
 * What a kernel hands to saveBoard. full: g(x, y) at x * size + y; upper: the triangle y >= x
 * row after row (board/table.ts: upperRowStart); packed: that triangle as stored, `bits` a value,
 * each row from a byte of its own (kernels that write it so skip a pass and half the memory).
 */
export type BoardData =
  | { readonly layout: 'full' | 'upper'; readonly values: Values }
  | { readonly layout: 'packed'; readonly bits: PackBits; readonly bytes: Uint8Array; readonly maxValue: number };

export type BoardLayout = 'full' | 'rows' | 'upper';

/** About a MiB a block: measured faster to insert than one large blob (bench/NOTES.md). */
const BLOCK_BYTES = 1 << 20;

/** The stored table size, or 0 when the game has none. */
export function boardSize(store: Store, game: GameRow): number {
  const row = statement(store, 'SELECT size FROM boards WHERE game_id = ?').get(game.id) as
    | { size: number }
    | undefined;
  return row?.size ?? 0;
}

export function loadBoard(store: Store, game: GameRow): StoredBoard | undefined {
  const row = statement(store, 'SELECT size, width, bits, layout, data FROM boards WHERE game_id = ?').get(game.id) as
    | { size: number; width: number; bits: number; layout: BoardLayout; data: Uint8Array }
    | undefined;
  if (!row) return undefined;
  const { size, layout } = row;
  const width = row.width as Width;
  const base = { size, width, maxValue: game.maxValue };
  if (layout === 'full') return { ...base, values: decodeChunk(row.data, width, size * size) };
  const values = plainValues(width, size * size);
  const bytes = new Uint8Array(values.buffer);
  const b = width / 8;
  const packed = row.bits === 2 || row.bits === 4 ? row.bits : null;
  if (packed !== null && width !== 8)
    throw new Error(`the board of ${game.key} is damaged: packed ${width}-bit values`);
  const blocks = statement(store, 'SELECT x0, x1, data FROM board_blocks WHERE game_id = ? ORDER BY x0').iterate(
    game.id,
  );
  let next = 0;
  for (const block of blocks as Iterable<{ x0: number; x1: number; data: Uint8Array }>) {
    const { x0, x1, data } = block;
    const expected = layout === 'rows' ? (x1 - x0) * size : upperRowStart(size, x1) - upperRowStart(size, x0);
    const length = packed !== null ? packedRowsBytes(size, layout, packed, x0, x1) : expected * b;
    if (x0 !== next || x1 <= x0 || x1 > size || data.byteLength !== length)
      throw new Error(`board block ${x0}..${x1} of ${game.key} is damaged: rows ${next}.. expected`);
    if (packed !== null) {
      let at = 0;
      for (let x = x0; x < x1; x++) {
        const len = layout === 'rows' ? size : size - x;
        unpackValues(data.subarray(at), packed, len, bytes, layout === 'rows' ? x * size : x * size + x);
        at += packedBytes(len, packed);
      }
    } else if (layout === 'rows') bytes.set(data, x0 * size * b);
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
  if (data.layout !== 'full' && !symmetric) throw new Error(`${rules.key} is not symmetric: store its full table`);
  const layout: BoardLayout = symmetric ? 'upper' : 'rows';
  let maxValue: number;
  if (data.layout === 'packed') {
    const bytes = packedRowsBytes(size, layout, data.bits, 0, size);
    if (data.bytes.length !== bytes)
      throw new Error(`a packed ${size} x ${size} triangle has ${bytes} bytes, not ${data.bytes.length}`);
    if (data.maxValue >= 1 << data.bits) throw new Error(`max value ${data.maxValue} does not fit ${data.bits} bits`);
    maxValue = data.maxValue;
  } else {
    const count = data.layout === 'full' ? size * size : upperLength(size);
    if (data.values.length !== count)
      throw new Error(`a ${size} x ${size} table (${data.layout}) has ${count} values, not ${data.values.length}`);
    maxValue = maxOf(data.values);
  }
  const width = widthFor(maxValue);
  const bits = data.layout === 'packed' ? data.bits : (packBitsFor(maxValue) ?? width);
  const tx = handleOf(store).transaction(() => {
    const game = store.ensureGame(rules);
    const before = boardSize(store, game);
    if (before >= size) throw new Error(`${rules.key} already has a ${before} x ${before} table stored`);
    statement(
      store,
      'INSERT INTO boards (game_id, size, width, bits, layout, data) VALUES (?, ?, ?, ?, ?, ?) ' +
        'ON CONFLICT (game_id) DO UPDATE SET size = excluded.size, width = excluded.width, ' +
        'bits = excluded.bits, layout = excluded.layout, data = excluded.data',
    ).run(game.id, size, width, bits, layout, Buffer.alloc(0));
    statement(store, 'DELETE FROM board_blocks WHERE game_id = ?').run(game.id);
    const insert = statement(store, 'INSERT INTO board_blocks (game_id, x0, x1, data) VALUES (?, ?, ?, ?)');
    const blocks =
      bits === width
        ? plainBlocks(size, data, layout, width, blockBytes)
        : packedBlocks(size, data, layout, bits as PackBits, blockBytes);
    for (const [x0, x1, bytes] of blocks) insert.run(game.id, x0, x1, bytes);
    commitPoint(store, 'commit');
    statement(store, 'UPDATE games SET computed = ?, max_value = ?, width = ? WHERE id = ?').run(
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
  commitPoint(store, 'after-commit');
  return store.getGame(rules.key)!;
}

/** Bytes of rows [x0, x1) stored packed, each row from a byte of its own. */
function packedRowsBytes(size: number, layout: BoardLayout, bits: PackBits, x0: number, x1: number): number {
  return layout === 'rows' ? (x1 - x0) * packedBytes(size, bits) : packedUpperBytes(size, bits, x0, x1);
}

/** Rows [x0, x1) making a block of about blockBytes (at least one row), given each row's bytes. */
function* blockRows(size: number, blockBytes: number, rowBytes: (x: number) => number): Generator<[number, number]> {
  let x0 = 0;
  while (x0 < size) {
    let x1 = x0 + 1;
    let bytes = rowBytes(x0);
    while (x1 < size && bytes + rowBytes(x1) <= blockBytes) bytes += rowBytes(x1++);
    yield [x0, x1];
    x0 = x1;
  }
}

/**
 * The blocks [x0, x1, bytes] of a table in the stored layout and width, values unpacked. A block
 * that is one contiguous run of the source in the same width is a view (SQLite copies it);
 * others are gathered into a fresh array a block long.
 */
function* plainBlocks(
  size: number,
  data: BoardData,
  layout: BoardLayout,
  width: Width,
  blockBytes: number,
): Generator<[number, number, Uint8Array]> {
  if (data.layout === 'packed') throw new Error('packed board values cannot be stored unpacked');
  const { values } = data;
  const b = width / 8;
  const sameWidth = widthOf(values) === width;
  const rowStart = (x: number): number => (layout === 'rows' ? x * size : upperRowStart(size, x));
  // Source runs of a row: full tables keep every row at x * size; the triangle's rows are packed.
  const source = (x: number): number =>
    data.layout === 'full' ? x * size + (layout === 'upper' ? x : 0) : rowStart(x);
  for (const [x0, x1] of blockRows(size, blockBytes, (x) => (rowStart(x + 1) - rowStart(x)) * b)) {
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
  }
}

/**
 * The blocks of a table stored `bits` a value, each row from a byte of its own: views of a
 * packed triangle, else rows packed into one scratch, which SQLite copies as each is bound.
 */
function* packedBlocks(
  size: number,
  data: BoardData,
  layout: BoardLayout,
  bits: PackBits,
  blockBytes: number,
): Generator<[number, number, Uint8Array]> {
  const rowLength = (x: number): number => (layout === 'rows' ? size : size - x);
  const rowBytes = (x: number): number => packedBytes(rowLength(x), bits);
  if (data.layout === 'packed') {
    let at = 0;
    for (const [x0, x1] of blockRows(size, blockBytes, rowBytes)) {
      const bytes = packedRowsBytes(size, layout, bits, x0, x1);
      yield [x0, x1, data.bytes.subarray(at, at + bytes)];
      at += bytes;
    }
    return;
  }
  const values = data.values;
  const source = (x: number): number =>
    data.layout === 'full' ? x * size + (layout === 'upper' ? x : 0) : upperRowStart(size, x);
  let scratch = new Uint8Array(0);
  for (const [x0, x1] of blockRows(size, blockBytes, rowBytes)) {
    const bytes = packedRowsBytes(size, layout, bits, x0, x1);
    if (scratch.length < bytes) scratch = new Uint8Array(bytes);
    let at = 0;
    for (let x = x0; x < x1; x++)
      at += packInto(values.subarray(source(x), source(x) + rowLength(x)), bits, scratch, at);
    yield [x0, x1, scratch.subarray(0, bytes)];
  }
}

export function boardBytes(store: Store, game: GameRow): number {
  const row = statement(
    store,
    'SELECT coalesce(length(data), 0) + ' +
      '(SELECT coalesce(sum(length(data)), 0) FROM board_blocks WHERE game_id = ?) AS b ' +
      'FROM boards WHERE game_id = ?',
  ).get(game.id, game.id) as { b: number } | undefined;
  return row?.b ?? 0;
}
