import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { kingUpperWasm, knightUpperWasm } from '../kernels/wasm/step-games-wasm.js';
import {
  BadOptionError,
  genericTable,
  kingTable,
  kingUpper,
  knightTable,
  knightUpper,
  rookTable,
} from '../board/index.js';
import { GrundyError, UsageError } from '../errors.js';
import type { Rules } from '../rules/types.js';
import { boardHeapMembers, moveTo } from './board-common.js';
import { defineFamily, type BoardOptionsFunction, type BoardSupport, type Cell } from './family.js';
import { readModuleFile } from './spec-text.js';
import { WYTHOFF } from './wythoff.js';
import { sha256Hash } from '../sha256.js';

/** Boards larger than this are refused by `2d:knight:N` (grundy compute --size has its own limit). */
export const MAX_KNIGHT = 1 << 15;

/** Chess pieces moving towards the corner (0, 0) and custom 2-D rules: `2d:rook`, `2d:knight:8`, ... */
export interface Board2dRules extends Rules {
  readonly family: '2d';
  readonly piece: 'rook' | 'king' | 'knight' | 'module';
  /** The knight's board: N x N, part of the game. */
  readonly size?: number;
  readonly path?: string;
  readonly hash?: string;
}

const SYNTAX = ['2d:rook', '2d:queen', '2d:king', '2d:knight:8', '2d:module:./m.js'];

function parse2d(body: string, spec: string, cwd: string): Board2dRules | typeof WYTHOFF {
  const lower = body.toLowerCase();
  if (lower === 'queen') return WYTHOFF;
  if (lower === 'rook' || lower === 'king')
    return { family: '2d', key: `2d:${lower}`, piece: lower } satisfies Board2dRules;
  if (lower.startsWith('knight')) {
    const m = /^knight:(\d+)$/.exec(lower);
    const size = m ? Number(m[1]) : NaN;
    if (!Number.isInteger(size) || size < 1 || size > MAX_KNIGHT) {
      throw new UsageError(`'${spec}' needs its board size N, 1 <= N <= ${MAX_KNIGHT}: write e.g. 2d:knight:8`);
    }
    return { family: '2d', key: `2d:knight:${size}`, piece: 'knight', size } satisfies Board2dRules;
  }
  if (lower.startsWith('module:')) {
    const file = body.slice('module:'.length).trim();
    const { path, content } = readModuleFile(file, spec, cwd, '2d:module:./path/rules.js', '2-D rules module');
    // As module: the content hash is in the key, so an edited module is a new game and a new table.
    const hash = sha256Hash().update(content).digest('hex').slice(0, 16);
    return {
      family: '2d',
      key: `2d:module:${basename(path)}#${hash}`,
      piece: 'module',
      path,
      hash,
    } satisfies Board2dRules;
  }
  throw new UsageError(`unknown 2-D game '${spec}'; expected one of: ${SYNTAX.join(' | ')}`);
}

function* rookOptions(x: number, y: number): Iterable<readonly Cell[]> {
  for (let k = 1; k <= x; k++) yield [[x - k, y]];
  for (let k = 1; k <= y; k++) yield [[x, y - k]];
}

function* kingOptions(x: number, y: number): Iterable<readonly Cell[]> {
  if (x > 0) yield [[x - 1, y]];
  if (y > 0) yield [[x, y - 1]];
  if (x > 0 && y > 0) yield [[x - 1, y - 1]];
}

const KNIGHT_STEPS: readonly Cell[] = [
  [-2, -1],
  [-2, 1],
  [-1, -2],
  [1, -2],
];

function* knightOptions(n: number, x: number, y: number): Iterable<readonly Cell[]> {
  for (const [dx, dy] of KNIGHT_STEPS) {
    const a = x + dx;
    const b = y + dy;
    if (a >= 0 && b >= 0 && a < n && b < n) yield [[a, b]];
  }
}

function* moduleOptions(
  rules: Board2dRules,
  x: number,
  y: number,
  loaded: BoardOptionsFunction | undefined,
): Iterable<readonly Cell[]> {
  if (!loaded) throw new Error(`2-D rules ${rules.key} need their options function loaded`);
  for (const pair of loaded(x, y)) {
    const [a, b] = Array.isArray(pair) ? (pair as unknown[]) : [];
    if (
      typeof a !== 'number' ||
      typeof b !== 'number' ||
      !Number.isInteger(a) ||
      !Number.isInteger(b) ||
      a < 0 ||
      b < 0
    ) {
      throw new UsageError(
        `2-D rules module ${rules.path}: options(${x}, ${y}) yielded ${JSON.stringify(pair)}; options must be ` +
          `[x', y'] with x', y' >= 0 and x' + y' < x + y`,
      );
    }
    if (a + b >= x + y) {
      throw new UsageError(
        `2-D rules module ${rules.path}: the move from (${x}, ${y}) to (${a}, ${b}) is not closer to (0, 0): ` +
          'every move must lower x + y',
      );
    }
    yield [[a, b]];
  }
}

async function loadBoardModule(rules: Board2dRules): Promise<BoardOptionsFunction> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(rules.path!).href)) as Record<string, unknown>;
  } catch (err) {
    throw new GrundyError(`2-D rules module ${rules.path} failed to load: ${(err as Error).message}`, 2);
  }
  const candidate =
    mod.options ??
    (mod.default as Record<string, unknown> | undefined)?.options ??
    (typeof mod.default === 'function' ? mod.default : undefined);
  if (typeof candidate !== 'function')
    throw new GrundyError(`2-D rules module ${rules.path} must export a function options(x, y)`, 2);
  return candidate as BoardOptionsFunction;
}

const board: BoardSupport<Board2dRules> = {
  fixedSize: (rules) => rules.size ?? null,
  options(rules, x, y, loaded) {
    switch (rules.piece) {
      case 'rook':
        return rookOptions(x, y);
      case 'king':
        return kingOptions(x, y);
      case 'knight':
        return knightOptions(rules.size!, x, y);
      case 'module':
        return moduleOptions(rules, x, y, loaded);
    }
  },
  table(rules, n, input) {
    switch (rules.piece) {
      case 'rook':
        return rookTable(n);
      case 'king':
        return kingTable(n);
      case 'knight':
        return knightTable(n);
      case 'module': {
        const loaded = input.loaded;
        if (!loaded) throw new Error(`2-D rules ${rules.key} need their options function loaded`);
        try {
          return genericTable(n, loaded);
        } catch (err) {
          // The module's moves are what is wrong, not the computation: a usage error (exit 2).
          if (err instanceof BadOptionError) throw new UsageError(`2-D rules module ${rules.path}: ${err.message}`);
          throw err;
        }
      }
    }
  },
  light: (rules) => rules.piece === 'king' || rules.piece === 'knight',
  upper(rules, n, wasm) {
    if (rules.piece === 'king') return wasm ? kingUpperWasm(wasm, n) : kingUpper(n);
    if (rules.piece === 'knight') return wasm ? knightUpperWasm(wasm, n) : knightUpper(n);
    return null;
  },
  lineGame: (rules) => (rules.piece === 'rook' ? { diagonal: false } : null),
  // Rook, king and knight (on its square board) have option sets symmetric in x and y.
  symmetric: (rules) => rules.piece !== 'module',
  value: (rules, x, y) => (rules.piece === 'rook' ? x ^ y : null),
  movesTo(rules, x, y, target) {
    if (rules.piece !== 'rook') return null;
    // Two-heap nim: change one pile so that the xor becomes the target.
    const moves = [];
    if ((target ^ y) < x) moves.push({ to: [target ^ y, y] as const, move: `move to (${target ^ y}, ${y})` });
    if ((target ^ x) < y) moves.push({ to: [x, target ^ x] as const, move: `move to (${x}, ${target ^ x})` });
    return moves;
  },
  code: (rules) =>
    rules.piece === 'module'
      ? { describe: `2-D rules module ${rules.path}`, load: () => loadBoardModule(rules) }
      : null,
  describeMove: (_rules, _from, to) => moveTo(to),
};

export const board2d = defineFamily<Board2dRules>({
  id: '2d',
  kind: 'board',
  syntax: SYNTAX,
  prefixes: ['2d'],
  // 2d:module:FILE names a file (and loads code): a server serves these only once stored.
  readsFiles: true,
  parse: (body, spec, { cwd }) => parse2d(body, spec, cwd),
  describe(rules) {
    switch (rules.piece) {
      case 'rook':
        return 'rook towards the corner (two-heap nim: x xor y)';
      case 'king':
        return 'king towards the corner (one step left, down or diagonally)';
      case 'knight':
        return `knight towards the corner on the ${rules.size} x ${rules.size} board`;
      case 'module':
        return `custom 2-D rules from ${rules.path}`;
    }
  },
  ...boardHeapMembers(board),
  board,
});
