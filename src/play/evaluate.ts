import type { OptionsFunction } from '../kernels/kernel.js';
import type { GameValues } from './game-values.js';
import { findMoves, type HeapMove } from './moves.js';

/** A component of a position with its game resolved to values. */
export interface ResolvedComponent {
  /** The spec as written in the position. */
  readonly spec: string;
  readonly game: GameValues;
  readonly heaps: readonly bigint[];
  /** The option function of a custom module, needed to list its moves. */
  readonly options?: OptionsFunction;
  /** How to print each position when it is not a heap size: '(3, 5)' for a cell. */
  readonly labels?: readonly string[];
  /** A board's positions as cells (x, y); `heaps` then holds their internal indices (board/cells.ts). */
  readonly cells?: readonly (readonly [bigint, bigint])[];
  /** What the labels are, for text: 'positions' (default: cells with labels, else heaps). */
  readonly noun?: string;
  /** A theorem game's positions (`heaps` holds their indices): values and moves from its theorem. */
  readonly theorem?: TheoremPlay;
}

/** How a sum reads a theorem game's component (play/theorem-sum.ts). */
export interface TheoremPlay {
  readonly values: readonly bigint[];
  /** The parts of each position that meet only at the ground with their values (Hackenbush), or null. */
  readonly parts: readonly (readonly { readonly label: string; readonly value: bigint }[] | null)[];
  /** Moves of position `index` to value `target`, each re-checked by the theorem; `values` = [target]. */
  movesTo(index: number, target: bigint, limit: number): HeapMove[];
}

export type MovesMode = 'all' | 'one' | 'none';

/** A winning move of the whole sum: which component and heap (1-based) and the move itself. */
export interface PositionMove extends HeapMove {
  readonly component: number;
  readonly heap: number;
  readonly game: string;
  readonly from: bigint;
  /** g of the heap before the move, and the value the move reaches (g XOR nim-sum). */
  readonly fromValue: bigint;
  readonly toValue: bigint;
}

export interface Evaluation {
  /** g of every heap, per component. */
  readonly values: readonly (readonly bigint[])[];
  readonly nimSum: bigint;
  /** P: the previous player wins (nim-sum 0); N: the next player wins. */
  readonly outcome: 'P' | 'N';
  readonly moves: PositionMove[];
  /** With --moves all: the limit cut the list short. */
  readonly truncated: boolean;
  /** Some heap beyond its table was searched over one period (see MoveSearchResult.periodic). */
  readonly periodic: boolean;
}

/**
 * Sprague-Grundy evaluation of a sum (Sprague 1935, Grundy 1939): the nim-sum of all heaps, and the
 * moves to nim-sum 0. 'one' moves the heap holding the highest set bit of the nim-sum (the
 * mex rule guarantees an option of value g XOR x < g there); 'all' searches every heap for an
 * option of value g XOR x, which may exceed g. Every reported move is checked by recomputing
 * the nim-sum after it.
 */
export function evaluate(components: readonly ResolvedComponent[], mode: MovesMode, limit = 100): Evaluation {
  const values = components.map((c) => c.theorem?.values ?? c.heaps.map((n) => c.game.value(n)));
  let nimSum = 0n;
  for (const row of values) for (const v of row) nimSum ^= v;
  const outcome = nimSum === 0n ? 'P' : 'N';
  const moves: PositionMove[] = [];
  let truncated = false;
  let periodic = false;
  if (nimSum !== 0n && mode !== 'none') {
    const top = highestBit(nimSum);
    for (let ci = 0; ci < components.length; ci++) {
      const comp = components[ci]!;
      for (let hi = 0; hi < comp.heaps.length; hi++) {
        const g = values[ci]![hi]!;
        if (mode === 'one' && (g & top) === 0n) continue;
        const room = mode === 'one' ? 1 : limit - moves.length;
        if (room <= 0) {
          truncated = true;
          break;
        }
        const n = comp.heaps[hi]!;
        const target = g ^ nimSum;
        const found = comp.theorem
          ? { moves: comp.theorem.movesTo(hi, target, room), truncated: false, periodic: false }
          : findMoves(comp.game, n, target, comp.options ? { limit: room, options: comp.options } : { limit: room });
        periodic ||= found.periodic && found.moves.length > 0;
        if (mode === 'all') truncated ||= found.truncated;
        for (const m of found.moves) {
          moves.push({
            ...m,
            component: ci + 1,
            heap: hi + 1,
            game: comp.game.key,
            from: n,
            fromValue: g,
            toValue: target,
          });
        }
        if (mode === 'one') {
          if (found.moves.length === 0) {
            // The mex rule promises an option of every smaller value: a stored table that breaks it is damaged.
            throw new Error(
              `no option of value ${target} from heap ${n} of ${comp.game.key} (g = ${g}): the stored values ` +
                `are inconsistent`,
            );
          }
          break;
        }
      }
      if ((mode === 'one' && moves.length > 0) || truncated) break;
    }
  }
  for (const m of moves) checkMove(components, values, nimSum, m);
  return { values, nimSum, outcome, moves, truncated, periodic };
}

/** Recompute the nim-sum after a move from fresh look-ups of the heaps it leaves: it must be 0. */
function checkMove(
  components: readonly ResolvedComponent[],
  values: readonly (readonly bigint[])[],
  nimSum: bigint,
  m: PositionMove,
): void {
  const component = components[m.component - 1]!;
  let after = nimSum ^ values[m.component - 1]![m.heap - 1]!;
  // A theorem game's move carries the value its theorem gave the position it reaches.
  if (component.theorem) for (const v of m.values) after ^= v;
  else for (const leaf of m.leaves) after ^= component.game.value(leaf);
  if (after !== 0n || m.leaves.some((h) => h <= 0n || h >= m.from)) {
    throw new Error(`internal check failed: move '${m.move}' on heap ${m.from} of ${m.game} does not reach nim-sum 0`);
  }
}

function highestBit(x: bigint): bigint {
  return 1n << BigInt(x.toString(2).length - 1);
}
