import { rowPeriod, type RowPeriod } from '../board/row-period.js';
import { boardOf, MAX_BOARD } from '../engine/board-compute.js';
import { NotComputedError, UsageError } from '../errors.js';
import { describeRules, parseRules } from '../games/registry.js';
import { parseBigInteger } from '../numbers.js';
import type { Rules } from '../rules/types.js';
import { boardBytes, loadBoard, type StoredBoard } from '../store/boards.js';
import type { Store } from '../store/store.js';
import { gameKind } from './game.js';

/**
 * Two-dimensional games (docs/boards.md) in the library: a cell's value from the stored N x N
 * table or the family's closed forms, and the stored table itself for show and export.
 */

/** g(x, y) of a two-dimensional game and where it came from. */
export interface CellAnswer {
  readonly kind: 'board';
  readonly x: bigint;
  readonly y: bigint;
  /** null: only the outcome is known (Wythoff far beyond any table). */
  readonly value: bigint | null;
  readonly outcome: 'P' | 'N';
  /** 'table': the stored table; 'formula': the family's closed form. */
  readonly source: 'table' | 'formula';
}

/** A stored N x N table, as `grundy show` and `grundy export` read it. */
export interface BoardTable extends StoredBoard {
  /** The game's canonical key. */
  readonly key: string;
  readonly family: string;
  readonly description: string;
  /** Bytes the table takes in the store. */
  readonly bytes: number;
}

/** The rules when the spec names a two-dimensional game, else null (a spec that does not parse too). */
export function boardRules(spec: string): Rules | null {
  let rules: Rules;
  try {
    rules = parseRules(spec);
  } catch {
    return null;
  }
  return gameKind(rules) === 'board' ? rules : null;
}

/** A cell written X,Y (each any non-negative integer, 1e18 or 2^64 too); `spec` names the game in errors. */
export function parseCell(text: string, spec: string): readonly [bigint, bigint] {
  const parts = text.split(',');
  if (parts.length !== 2) {
    throw new UsageError(
      `position '${text}' of ${spec} is not a cell: write X,Y with two non-negative integers, e.g. 3,5`,
    );
  }
  return [parseBigInteger(parts[0]!, `x of ${text}`), parseBigInteger(parts[1]!, `y of ${text}`)];
}

/**
 * Answer a cell from the stored table, else from the family's closed forms (a value, or only
 * P/N), else NotComputedError naming the compute that stores it; a cell off a fixed board is a
 * UsageError.
 */
export function answerCell(
  rules: Rules,
  stored: StoredBoard | undefined,
  x: bigint,
  y: bigint,
  spec: string,
): CellAnswer {
  const board = boardOf(rules);
  const fixed = board.fixedSize(rules);
  if (fixed !== null && (x >= BigInt(fixed) || y >= BigInt(fixed))) {
    throw new UsageError(`cell (${x}, ${y}) is off the ${fixed} x ${fixed} board of ${rules.key}`);
  }
  if (stored && x < BigInt(stored.size) && y < BigInt(stored.size)) {
    const v = BigInt(stored.values[Number(x) * stored.size + Number(y)]!);
    return { kind: 'board', x, y, value: v, outcome: v === 0n ? 'P' : 'N', source: 'table' };
  }
  const v = board.value?.(rules, x, y) ?? null;
  if (v !== null) return { kind: 'board', x, y, value: v, outcome: v === 0n ? 'P' : 'N', source: 'formula' };
  const p = board.isP?.(rules, x, y) ?? null;
  if (p !== null) return { kind: 'board', x, y, value: p ? 0n : null, outcome: p ? 'P' : 'N', source: 'formula' };
  const side = (x > y ? x : y) + 1n;
  const table = stored ? ` (table ${stored.size} x ${stored.size})` : '';
  const missing = `g(${x}, ${y}) of ${rules.key} is not stored${table}`;
  if (side <= BigInt(MAX_BOARD)) throw new NotComputedError(missing, { game: spec, size: Number(side) });
  throw new NotComputedError(`${missing}; cells beyond ${MAX_BOARD} need a formula, which ${rules.key} has none of`);
}

/** Each cell (text 'x,y' or a pair) answered as answerCell does; every cell is parsed before the store is read. */
export function answerCells(
  store: Store | null,
  rules: Rules,
  cells: readonly (string | readonly [bigint, bigint])[],
  spec: string,
): CellAnswer[] {
  const parsed = cells.map((c) => (typeof c === 'string' ? parseCell(c, spec) : c));
  const stored = storedBoard(store, rules);
  return parsed.map(([x, y]) => answerCell(rules, stored, x, y, spec));
}

/** The stored table of a two-dimensional game, or undefined. */
export function storedBoard(store: Store | null, rules: Rules): StoredBoard | undefined {
  const game = store?.getGame(rules.key);
  return game && store ? loadBoard(store, game) : undefined;
}

/** The stored table, or NotComputedError naming the compute that stores one. */
export function requireBoard(store: Store | null, rules: Rules, spec: string): BoardTable {
  const stored = storedBoard(store, rules);
  if (!stored) throw new NotComputedError(`${rules.key} is not stored`, { game: spec, size: 64 });
  return {
    ...stored,
    key: rules.key,
    family: rules.family,
    description: describeRules(rules),
    bytes: boardBytes(store!, store!.getGame(rules.key)!),
  };
}

/** g(x, y) for x, y < k (at most the table's size), row after row. */
export function boardBlock(table: StoredBoard, k: number): number[][] {
  const side = Math.min(k, table.size);
  return Array.from({ length: side }, (_, x) =>
    Array.from(table.values.subarray(x * table.size, x * table.size + side)),
  );
}

/** The observed additive period of rows 0..min(size, limit)-1: g(x, y + period) = g(x, y) + saltus. */
export function boardRowPeriods(table: StoredBoard, limit: number): { x: number; period: RowPeriod | null }[] {
  return Array.from({ length: Math.min(table.size, limit) }, (_, x) => ({
    x,
    period: rowPeriod(table.values, table.size, x),
  }));
}
