import { cellIndexNumber, cellOfNumber } from '../board/cells.js';
import { WorkerPool } from '../engine/pool.js';
import { statesThreads } from '../engine/states-threads.js';
import type { EngineTasks } from '../engine/tasks.js';
import { UsageError } from '../errors.js';
import type { PositionCodec } from '../games/family.js';
import { boardSupport, graphSupport, kindOf, loadCode, parseRules, tableFamily } from '../games/registry.js';
import { type Graph, options as graphOptions } from '../graph/csr.js';
import type { OptionsFunction } from '../kernels/kernel.js';
import { parseBigInteger } from '../numbers.js';
import type { Rules } from '../rules/types.js';

/**
 * One game as misère play sees it (src/misere): positions are numbers (a heap's size, a cell's
 * anti-diagonal index, a vertex), a move leaves a tuple of positions of the same game, and the
 * user reads and writes positions in the game's own words.
 */
export interface MisereGame {
  readonly rules: Rules;
  readonly kind: 'heap' | 'board' | 'graph';
  /** Moves may come back to a position (a game graph): outcomes by retrograde analysis. */
  readonly loopy: boolean;
  options(position: number): Iterable<readonly number[]>;
  /** A game graph's edges (one token's outcomes come from them by retrograde analysis). */
  readonly graph?: Graph;
  /** A position as the user writes it: 7, 3,5 or a vertex name. */
  parse(token: string): number;
  /** As printed: 'heap 7', '(3, 5)', 'a'. */
  label(position: number): string;
  /** A position in JSON: the heap, [x, y], or the vertex name. */
  json(position: number): number | string | readonly number[];
  describeMove(from: number, leaves: readonly number[]): string;
}

/** Heaps and cells the exact search takes: its items are numbers, exact below 2^53. */
const MAX_POSITION = Number.MAX_SAFE_INTEGER;

/** A game of any kind, ready for misère play (a module's code loaded, a graph read). */
/** The kind of a game misère play takes: heap, board or graph; a theorem game is refused in one line. */
export function misereKind(rules: Rules): 'heap' | 'board' | 'graph' {
  const kind = kindOf(rules);
  if (kind === 'theorem') {
    throw new UsageError(
      `${rules.key} is answered by its normal-play theorem; --misere plays heap games, boards and game graphs`,
    );
  }
  return kind;
}

export async function misereGame(spec: string | Rules): Promise<MisereGame> {
  const rules = typeof spec === 'string' ? parseRules(spec) : spec;
  const kind = misereKind(rules);
  if (kind === 'graph') return graphGame(rules);
  const family = tableFamily(rules);
  const loaded: OptionsFunction | undefined =
    kind === 'board'
      ? ((await boardSupport(rules)!.code?.(rules)?.load()) as unknown as OptionsFunction | undefined)
      : await loadCode(rules);
  const options = (n: number): Iterable<readonly number[]> => family.options(rules, n, loaded);
  if (kind === 'board') {
    const board = boardSupport(rules)!;
    const fixed = board.fixedSize(rules);
    return {
      rules,
      kind,
      loopy: false,
      options,
      parse: (token) => {
        const parts = token.split(',').map((t) => t.trim());
        if (parts.length !== 2)
          throw new UsageError(`'${token}' is not a cell of ${rules.key}: write X,Y, e.g. ${rules.key}@3,5`);
        const [x, y] = parts.map((t) => Number(parseBigInteger(t, `cell of ${rules.key}`))) as [number, number];
        if (fixed !== null && (x >= fixed || y >= fixed))
          throw new UsageError(`cell (${x}, ${y}) is off the ${fixed} x ${fixed} board of ${rules.key}`);
        const index = cellIndexNumber(x, y);
        if (!Number.isSafeInteger(index))
          throw new UsageError(`cell (${x}, ${y}) is too far out for the misère search (x + y below 2^26)`);
        return index;
      },
      label: (n) => {
        const [x, y] = cellOfNumber(n);
        return `(${x}, ${y})`;
      },
      json: (n) => cellOfNumber(n),
      describeMove: (from, leaves) => {
        const [x, y] = cellOfNumber(from);
        const to = leaves.map((c) => cellOfNumber(c)).map(([a, b]) => [BigInt(a), BigInt(b)] as const);
        return board.describeMove(rules, [BigInt(x), BigInt(y)], to);
      },
    };
  }
  return {
    rules,
    kind: 'heap',
    loopy: false,
    options,
    parse: (token) => {
      const n = parseBigInteger(token, `heap of ${rules.key}`);
      if (n > BigInt(MAX_POSITION))
        throw new UsageError(`heap ${token} of ${rules.key} is beyond 2^53: misère play is searched heap by heap`);
      return Number(n);
    },
    label: (n) => `heap ${n}`,
    json: (n) => n,
    describeMove: (from, leaves) => describeHeapMove(from, leaves),
  };
}

/** A move on a heap in words: what it removes and what it leaves. */
export function describeHeapMove(from: number, leaves: readonly number[]): string {
  const left = leaves.filter((h) => h > 0);
  const removed = from - left.reduce((a, b) => a + b, 0);
  const tokens = (k: number): string => `${k} token${k === 1 ? '' : 's'}`;
  if (left.length === 0) return `remove ${tokens(removed)} (the whole heap)`;
  if (left.length === 1) return `remove ${tokens(removed)}, leaving ${left[0]}`;
  const parts = left.join(' and ');
  return removed === 0 ? `split into ${parts}` : `remove ${tokens(removed)}, leaving ${parts}`;
}

async function graphGame(rules: Rules): Promise<MisereGame> {
  const explicit = graphSupport(rules)!;
  const pool = new WorkerPool<EngineTasks>(1);
  let graph: Graph;
  let codec: PositionCodec;
  try {
    const loaded = await explicit.load(rules, { threads: statesThreads(pool) });
    graph = loaded.graph;
    codec = explicit.codec(loaded.names, graph.n, rules.key);
  } finally {
    await pool.destroy();
  }
  return {
    rules,
    kind: 'graph',
    loopy: true,
    graph,
    options: function* (v) {
      for (const w of graphOptions(graph, v)) yield [w];
    },
    parse: (token) => codec.parse(token),
    label: (v) => codec.format(v),
    json: (v) => codec.format(v),
    describeMove: (_from, leaves) => `move to ${leaves.map((v) => codec.format(v)).join(', ')}`,
  };
}
