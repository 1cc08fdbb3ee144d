import { cellIndex, cellOf } from '../board/cells.js';
import { boardOf, chooseSize, computeBoard } from '../engine/board-compute.js';
import { WorkerPool } from '../engine/pool.js';
import { NotComputedError, UsageError } from '../errors.js';
import { parseRules, kindOf } from '../games/registry.js';
import type { BoardOptionsFunction, BoardSupport } from '../games/family.js';
import { plainValues } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import { loadBoard, type StoredBoard } from '../store/boards.js';
import { Store } from '../store/store.js';
import type { ResolvedComponent } from './evaluate.js';
import { GameValues } from './game-values.js';
import type { PositionComponent } from './position.js';
import type { EngineTasks } from '../engine/tasks.js';

/** Cells up to this side are computed on the fly when their table is missing (as heaps up to 1e6 are). */
export const BOARD_ON_THE_FLY = 1024;

/**
 * g of a 2-D game at a cell, where the cell is its anti-diagonal index (src/board/cells.ts):
 * the stored N x N table, else the family's formulas (the rook's x xor y; a Wythoff
 * P-position is 0). Evaluation and move search then treat the cell like a heap.
 */
export class BoardGameValues extends GameValues {
  private readonly board: BoardSupport<Rules>;

  constructor(
    rules: Rules,
    private readonly stored: StoredBoard | undefined,
  ) {
    super(rules, stored?.values ?? plainValues(8, 0), null);
    this.board = boardOf(rules);
  }

  /** Whether the stored table holds the cell (its options then have values too). */
  inTable(x: bigint, y: bigint): boolean {
    const s = this.stored;
    return s !== undefined && x < BigInt(s.size) && y < BigInt(s.size);
  }

  /**
   * Whether a cell needs the table computed: its value is unknown, or moves are wanted and the
   * cell is known only by a formula (its options' values then are not) within the on-the-fly size.
   */
  needsTable(x: bigint, y: bigint, needOptions: boolean): boolean {
    if (this.at(x, y) === null) return true;
    const small = x < BigInt(BOARD_ON_THE_FLY) && y < BigInt(BOARD_ON_THE_FLY);
    return needOptions && small && !this.inTable(x, y);
  }

  /** g at a cell, or null when neither the table nor a formula knows it. */
  at(x: bigint, y: bigint): bigint | null {
    const s = this.stored;
    if (s && x < BigInt(s.size) && y < BigInt(s.size)) return BigInt(s.values[Number(x) * s.size + Number(y)]!);
    const v = this.board.value?.(this.rules, x, y) ?? null;
    if (v !== null) return v;
    return this.board.isP?.(this.rules, x, y) === true ? 0n : null;
  }

  override knows(n: bigint): boolean {
    const [x, y] = cellOf(n);
    return this.at(x, y) !== null;
  }

  override value(n: bigint): bigint {
    const [x, y] = cellOf(n);
    const v = this.at(x, y);
    if (v === null) throw new Error(`g(${x}, ${y}) of ${this.rules.key} is not known`);
    return v;
  }

  override valueInTable(n: number): number {
    return Number(this.value(BigInt(n)));
  }

  override valueAsNumber(): number {
    return -1;
  }

  override firstUnknown(): bigint | null {
    return null;
  }
}

/** The rules when a component's game is two-dimensional, else null. */
export function boardComponentRules(spec: string): Rules | null {
  try {
    const rules = parseRules(spec);
    return kindOf(rules) === 'board' ? rules : null;
  } catch {
    return null;
  }
}

/** The cells of a component: its numbers read in pairs, x,y[,x,y...]. */
export function componentCells(c: PositionComponent, rules: Rules): (readonly [bigint, bigint])[] {
  if (c.heaps.length % 2 !== 0) {
    throw new UsageError(
      `${c.spec}@${c.heaps.join(',')}: a two-dimensional game takes cells X,Y (pairs of numbers), e.g. ${c.spec}@3,5`,
    );
  }
  const cells: (readonly [bigint, bigint])[] = [];
  for (let i = 0; i < c.heaps.length; i += 2) cells.push([c.heaps[i]!, c.heaps[i + 1]!]);
  const fixed = boardOf(rules).fixedSize(rules);
  for (const [x, y] of cells) {
    if (fixed !== null && (x >= BigInt(fixed) || y >= BigInt(fixed))) {
      throw new UsageError(`cell (${x}, ${y}) is off the ${fixed} x ${fixed} board of ${rules.key}`);
    }
  }
  return cells;
}

/** What resolving a board component needs of the caller's options (play/prepare.ts PrepareOptions). */
export interface BoardResolveOptions {
  readonly dbPath: string;
  readonly needOptions: boolean;
  /** Told about each on-the-fly computation before it starts. */
  readonly onCompute?: (key: string, to: number) => void;
}

/**
 * Resolve a 2-D component: its stored table, computed on the fly (and stored) when a cell
 * needs one no larger than BOARD_ON_THE_FLY; a cell still unknown is exit 3 with the fix.
 */
export async function resolveBoardComponent(
  c: PositionComponent,
  rules: Rules,
  opts: BoardResolveOptions,
): Promise<ResolvedComponent> {
  const cells = componentCells(c, rules);
  const board = boardOf(rules);
  let store = Store.openForRead(opts.dbPath);
  try {
    let game = store?.getGame(rules.key);
    let values = new BoardGameValues(rules, game && store ? loadBoard(store, game) : undefined);
    const missing = cells.filter(([x, y]) => values.needsTable(x, y, opts.needOptions));
    if (missing.length > 0) {
      const side = Number(missing.reduce((m, [x, y]) => (x > m && x >= y ? x : y > m ? y : m), 0n) + 1n);
      const fixed = board.fixedSize(rules);
      if (side > BOARD_ON_THE_FLY && fixed === null) {
        const [x, y] = missing[0]!;
        const more = board.isP ? ' (only P/N is known there: evaluate the cell alone for it and a winning move)' : '';
        throw new NotComputedError(
          `g(${x}, ${y}) of ${c.spec} is beyond any table${more}; tables go to ${BOARD_ON_THE_FLY} x ` +
            `${BOARD_ON_THE_FLY} on the fly, else run grundy compute --size`,
        );
      }
      store?.close();
      store = Store.openForWrite(opts.dbPath);
      const size = chooseSize(rules, fixed === null ? Math.max(64, Math.ceil(side / 64) * 64) : null);
      opts.onCompute?.(rules.key, size);
      const pool = new WorkerPool<EngineTasks>(1);
      try {
        await computeBoard({ rules, store, pool, size, workers: 1 });
      } finally {
        await pool.destroy();
      }
      game = store.getGame(rules.key);
      values = new BoardGameValues(rules, game ? loadBoard(store, game) : undefined);
    }
    const heaps = cells.map(([x, y]) => cellIndex(x, y));
    const labels = cells.map(([x, y]) => `(${x}, ${y})`);
    const code = opts.needOptions ? (board.code?.(rules) ?? null) : null;
    const loaded: BoardOptionsFunction | undefined = code ? await code.load() : undefined;
    // Move search passes the loaded function on as the family's options (board-common.ts reads it back).
    const options = loaded as unknown as ResolvedComponent['options'];
    return { spec: c.spec, game: values, heaps, labels, cells, ...(options ? { options } : {}) };
  } finally {
    store?.close();
  }
}
