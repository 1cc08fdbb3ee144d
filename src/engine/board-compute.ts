import { performance } from 'node:perf_hooks';
import { createLineGame, lineValueBytes, lineValues } from '../board/line-games.js';
import { GrundyError, UsageError } from '../errors.js';
import { boardSupport } from '../games/registry.js';
import { boardWasmModule } from '../wasm/board-module.js';
import type { BoardSupport } from '../games/family.js';
import type { Values } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import { boardSize, saveBoard, type BoardData } from '../store/boards.js';
import type { Store } from '../store/store.js';
import { computeGame } from './coordinator.js';
import type { EnginePool } from './tasks.js';

/** The largest N x N table `grundy compute --size` makes (67M cells; Wythoff: 128 MiB of Uint16 values). */
export const MAX_BOARD = 8192;

export interface BoardRequest {
  readonly rules: Rules;
  readonly store: Store;
  readonly pool: EnginePool;
  /** The table side; null: the game's own (2d:knight:N), else an error. */
  readonly size: number | null;
  /** Threads for line games' pipelined rows (others run on one worker). */
  readonly workers: number;
  /** Told before a factor's heap table is computed (products). */
  readonly onFactor?: (key: string, to: number) => void;
}

export interface BoardSummary {
  readonly game: string;
  readonly size: number;
  readonly newlyComputed: number;
  readonly maxValue: number;
  readonly elapsedMs: number;
  readonly statesPerSecond: number;
  readonly workers: number;
  readonly kernel: string;
  readonly stop: 'done' | 'already-stored';
}

export function boardOf(rules: Rules): BoardSupport<Rules> {
  const board = boardSupport(rules);
  if (!board) throw new UsageError(`${rules.key} is not a two-dimensional game`);
  return board;
}

/** The side of the table to make: --size, or the game's own board, checked against each other. */
export function chooseSize(rules: Rules, size: number | null): number {
  const fixed = boardOf(rules).fixedSize(rules);
  if (fixed !== null) {
    if (size !== null && size !== fixed)
      throw new UsageError(
        `${rules.key} is played on its ${fixed} x ${fixed} board: give --size ${fixed} or no --size`,
      );
    if (fixed > MAX_BOARD)
      throw new UsageError(`${rules.key}: boards above ${MAX_BOARD} x ${MAX_BOARD} are not computed`);
    return fixed;
  }
  if (size === null)
    throw new UsageError(`${rules.key} is a two-dimensional game: give the table side, e.g. --size 1024`);
  return size;
}

/**
 * Compute the size x size table of a 2-D game on the pool and store it whole. Line games with
 * several workers pipeline their rows over SharedArrayBuffers; light games (BoardSupport.light)
 * run on this thread; every other game runs on one worker (products first make sure their
 * factors' heap tables reach `size`).
 */
export async function computeBoard(req: BoardRequest): Promise<BoardSummary> {
  const { rules, store, pool } = req;
  const board = boardOf(rules);
  const size = chooseSize(rules, req.size);
  const existing = store.getGame(rules.key);
  const stored = existing ? boardSize(store, existing) : 0;
  if (stored >= size) {
    return {
      game: rules.key,
      size: stored,
      newlyComputed: 0,
      maxValue: existing!.maxValue,
      elapsedMs: 0,
      statesPerSecond: 0,
      workers: 0,
      kernel: 'none',
      stop: 'already-stored',
    };
  }
  const factors: Values[] = [];
  for (const factor of board.factors?.(rules) ?? []) factors.push(await factorValues(req, factor, size));
  const started = performance.now();
  const line = board.lineGame?.(rules) ?? null;
  let data: BoardData;
  let kernel: string;
  let workers = 1;
  if (line !== null && req.workers >= 2) {
    workers = Math.min(req.workers, pool.threads, size);
    data = { layout: 'upper', values: await pipelinedRows(pool, size, line.diagonal, workers) };
    kernel = `board-rows-pipelined`;
  } else if (line !== null) {
    // The worker fills a shared array: no copy of the table on its way back.
    const output = new SharedArrayBuffer(lineValueBytes(size));
    const task = { kind: 'line' as const, n: size, diagonal: line.diagonal, output };
    const out = await pool.runOn('board', task, undefined, `the ${size} x ${size} table of ${rules.key}`);
    if (out.kind === 'error') throw new GrundyError(out.message, out.exitCode);
    if (out.kind !== 'line') throw new Error('board worker answered a line task with another kind');
    data = { layout: 'upper', values: lineValues(size, output) };
    kernel = out.kernel;
  } else if (board.light?.(rules) && factors.length === 0) {
    // Faster here than a worker's start-up; saveBoard keeps only y >= x of symmetric games.
    const wasm = boardWasmModule();
    const upper = board.upper?.(rules, size, wasm) ?? null;
    if (upper === null) data = { layout: 'full', values: board.table(rules, size, {}).values };
    else data = 'bits' in upper ? { layout: 'packed', ...upper } : { layout: 'upper', values: upper };
    kernel = `board-${rules.family}${upper && wasm ? '+wasm' : ''}`;
  } else {
    const task = { kind: 'table' as const, rules, n: size, ...(factors.length > 0 ? { factors } : {}) };
    const out = await pool.runOn('board', task, undefined, `the ${size} x ${size} table of ${rules.key}`);
    if (out.kind === 'error') throw new GrundyError(out.message, out.exitCode);
    if (out.kind !== 'table') throw new Error('board worker answered a table task with rows');
    data = { layout: out.layout, values: out.values };
    kernel = out.kernel;
  }
  const elapsedMs = performance.now() - started;
  const cells = size * size - stored * stored;
  const statesPerSecond = elapsedMs > 0 ? (cells / elapsedMs) * 1000 : 0;
  const game = saveBoard(store, rules, size, data, board.symmetric?.(rules) ?? false, {
    startedAt: new Date(Date.now() - elapsedMs).toISOString(),
    workers,
    kernel,
    elapsedMs,
    statesPerSecond,
    status: 'done',
  });
  return {
    game: rules.key,
    size,
    newlyComputed: cells,
    maxValue: game.maxValue,
    elapsedMs,
    statesPerSecond,
    workers,
    kernel,
    stop: 'done',
  };
}

/** g(0..size-1) of a factor heap game, computed and stored first when the store has fewer. */
async function factorValues(req: BoardRequest, factor: Rules, size: number): Promise<Values> {
  let game = req.store.getGame(factor.key);
  if (!game || game.computed < size) {
    req.onFactor?.(factor.key, size);
    await computeGame({ rules: factor, store: req.store, pool: req.pool, to: size, untilProven: false });
    game = req.store.getGame(factor.key)!;
  }
  return req.store.readValues(game, 0, size);
}

/**
 * Rows of a line game on `threads` workers, each a few cells behind the row above
 * (computeRowsPipelined): the packed upper triangle.
 */
async function pipelinedRows(pool: EnginePool, n: number, diagonal: boolean, threads: number): Promise<Values> {
  const state = createLineGame(n, diagonal, true);
  const progress = new Int32Array(new SharedArrayBuffer(4 * n));
  const runs = Array.from({ length: threads }, (_, t) =>
    pool.runOn(
      'board',
      { kind: 'rows', state, progress, first: t, step: threads },
      undefined,
      `rows ${t} + ${threads}k of a line game`,
    ),
  );
  for (const out of await Promise.all(runs)) if (out.kind === 'error') throw new GrundyError(out.message, out.exitCode);
  return state.values;
}
