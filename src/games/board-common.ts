import { cellIndex, cellIndexNumber, cellOf, cellOfNumber } from '../board/cells.js';
import { ComputeError, UsageError } from '../errors.js';
import { capacityFor, type RangeKernel, type RangeOutcome } from '../kernels/kernel.js';
import { MexSet } from '../kernels/mex.js';
import type { Values } from '../kernels/values.js';
import type { HeapMove } from './heap-moves.js';
import type { Rules } from '../rules/types.js';
import type { BoardFamily, BoardOptionsFunction, BoardSupport, Cell, MoveContext } from './family.js';

/**
 * The heap-style members every 2-D family shares: a cell is its anti-diagonal index
 * (src/board/cells.ts), an option is the tuple of the indices of its cells. The plain kernel
 * is the mex over those options in index order: slow, obvious, and the reference.
 */
type HeapSide<R extends Rules> = Pick<BoardFamily<R>, 'options' | 'cost' | 'plain' | 'criterion' | 'moves'>;

export function boardHeapMembers<R extends Rules>(board: BoardSupport<R>): HeapSide<R> {
  const cellOptions = (rules: R, n: number, loaded?: unknown): Iterable<readonly Cell[]> => {
    const [x, y] = cellOfNumber(n);
    return board.options(rules, x, y, loaded as BoardOptionsFunction | undefined);
  };
  return {
    *options(rules, n, loaded) {
      for (const tuple of cellOptions(rules, n, loaded)) {
        yield tuple.map(([a, b]) => cellIndexNumber(a, b)).filter((i) => i > 0);
      }
    },
    cost: (_rules, n) => {
      const [x, y] = cellOfNumber(n);
      return x + y + 1;
    },
    plain: (rules, loaded) => cellKernel((n) => cellOptions(rules, n, loaded), board.code?.(rules)?.describe ?? null),
    criterion: () => null,
    moves: (context) => boardMoves(board, context),
  };
}

/** `code` names the user's module, whose moves are then what is wrong (exit 2); else a built-in erred (exit 5). */
function cellKernel(options: (n: number) => Iterable<readonly Cell[]>, code: string | null): RangeKernel {
  const mex = new MexSet(256);
  return {
    name: 'cell-mex',
    run(g: Values, lo: number, hi: number): RangeOutcome {
      const cap = capacityFor(g);
      let maxValue = 0;
      for (let n = lo; n < hi; n++) {
        mex.clear();
        for (const tuple of options(n)) {
          let v = 0;
          for (const [a, b] of tuple) {
            const i = cellIndexNumber(a, b);
            if (i >= n) {
              const move = `the move from (${cellOfNumber(n).join(', ')}) to (${a}, ${b}) is not closer to (0, 0)`;
              if (code) throw new UsageError(`${code}: ${move}: every move must lower x + y`);
              throw new ComputeError(move);
            }
            v ^= g[i]!;
          }
          mex.add(v);
        }
        const v = mex.mex();
        if (v > cap) return { next: n, maxValue, overflowValue: v };
        g[n] = v;
        if (v > maxValue) maxValue = v;
      }
      return { next: hi, maxValue };
    },
  };
}

/** Moves from cell n to options of value `target`: the family's own rule at any size, else the options. */
function* boardMoves<R extends Rules>(board: BoardSupport<R>, context: MoveContext<R>): Iterable<HeapMove> {
  const { rules, values, n, target } = context;
  const from = cellOf(n);
  const direct = board.movesTo?.(rules, from[0], from[1], target) ?? null;
  if (direct !== null) {
    for (const m of direct) yield heapMove(m.move, [m.to], values.value.bind(values));
    return;
  }
  const loaded = context.loaded as unknown as BoardOptionsFunction | undefined;
  for (const tuple of board.options(rules, Number(from[0]), Number(from[1]), loaded)) {
    const cells = tuple.map(([a, b]) => [BigInt(a), BigInt(b)] as const);
    let v = 0n;
    for (const [a, b] of cells) v ^= values.value(cellIndex(a, b));
    if (v === target) yield heapMove(board.describeMove(rules, from, cells), cells, values.value.bind(values));
  }
}

function heapMove(move: string, cells: readonly (readonly [bigint, bigint])[], value: (n: bigint) => bigint): HeapMove {
  const leaves = cells.map(([a, b]) => cellIndex(a, b)).filter((i) => i > 0n);
  return { move, remove: 0n, leaves, values: leaves.map(value) };
}

/** "move to (1, 2)" for a one-cell option. */
export function moveTo(to: readonly (readonly [bigint, bigint])[]): string {
  return to.length === 1
    ? `move to (${to[0]![0]}, ${to[0]![1]})`
    : `turn ${to.map(([a, b]) => `(${a}, ${b})`).join(' ')}`;
}
