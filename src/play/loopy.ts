import type { PositionCodec } from '../games/family.js';
import { tableFamily } from '../games/registry.js';
import type { Graph } from '../graph/csr.js';
import { INFINITE, kSet, type GraphValues } from '../graph/gsg.js';
import type { ResolvedComponent } from './evaluate.js';
import type { MovesMode } from './evaluate.js';
import { findMoves } from './moves.js';

/**
 * Sums that mix tokens on game graphs (values finite or infinity(K)) with heap games, by
 * Smith's rules (src/graph/sums.ts, docs/graphs.md): finite parts XOR; one infinite part gives
 * infinity(K xor the rest); two or more give infinity({}), a draw. Values are BigInt here
 * because a heap far beyond its table (nim@1e30) has a value beyond 32 bits.
 */
export type LoopyValue = bigint | { readonly infinite: readonly bigint[] };
export type LoopyOutcome = 'P' | 'N' | 'D';

/** Tokens on vertices of one game graph, with its stored values and the family's codec. */
export interface GraphComponent {
  readonly kind: 'vertices';
  readonly spec: string;
  readonly key: string;
  readonly graph: Graph;
  readonly values: GraphValues;
  readonly codec: PositionCodec;
  readonly vertices: readonly number[];
}

export interface HeapComponent {
  readonly kind: 'heap';
  readonly resolved: ResolvedComponent;
}

export type LoopyComponent = GraphComponent | HeapComponent;

export interface LoopyMove {
  /** 1-based component and token (heap or vertex) within it. */
  readonly component: number;
  readonly token: number;
  readonly game: string;
  /** What moved: a token on a vertex of a game graph, a heap, a cell of a board, a theorem game's position. */
  readonly what: 'token' | 'heap' | 'cell' | 'position';
  /** The token's position before the move, as written (a vertex name, a heap size, a cell '(3, 5)'). */
  readonly from: string;
  /** "move to b", or the heap game's own words for it ("remove 3, leaving 7"). */
  readonly move: string;
  /** The value of the whole sum after the move, and its outcome for the opponent. */
  readonly after: LoopyValue;
  readonly outcomeAfter: LoopyOutcome;
}

export interface LoopyEvaluation {
  readonly values: readonly (readonly LoopyValue[])[];
  readonly sum: LoopyValue;
  readonly outcome: LoopyOutcome;
  /** N: moves to a P-position (a win); D: moves to a D-position (keep the draw); P: none. */
  readonly moves: LoopyMove[];
  readonly truncated: boolean;
}

export function graphValue(gv: GraphValues, v: number): LoopyValue {
  const x = gv.values[v]!;
  return x === INFINITE ? { infinite: Array.from(kSet(gv, v), BigInt) } : BigInt(x);
}

export function loopySum(list: readonly LoopyValue[]): LoopyValue {
  let nim = 0n;
  let inf: readonly bigint[] | null = null;
  for (const x of list) {
    if (typeof x === 'bigint') nim ^= x;
    else if (inf === null) inf = x.infinite;
    else return { infinite: [] };
  }
  if (inf === null) return nim;
  return { infinite: inf.map((k) => k ^ nim).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) };
}

export function loopyOutcome(x: LoopyValue): LoopyOutcome {
  if (typeof x === 'bigint') return x === 0n ? 'P' : 'N';
  return x.infinite.includes(0n) ? 'N' : 'D';
}

/** "3", "inf{}", "inf{0,2}" (as src/graph/sums.ts writes them). */
export function formatLoopy(x: LoopyValue): string {
  return typeof x === 'bigint' ? x.toString() : `inf{${x.infinite.join(',')}}`;
}

/**
 * The value and outcome of the sum, and its good moves: with mode 'one' the first found, with
 * 'all' up to the limit. Every move is checked by recomputing the sum with the moved token's
 * new value.
 */
export function evaluateLoopy(components: readonly LoopyComponent[], mode: MovesMode, limit = 100): LoopyEvaluation {
  const values = components.map((c) =>
    c.kind === 'vertices'
      ? c.vertices.map((v) => graphValue(c.values, v))
      : (c.resolved.theorem?.values ?? c.resolved.heaps.map((n) => c.resolved.game.value(n))),
  );
  const flat = values.flat();
  const sum = loopySum(flat);
  const outcome = loopyOutcome(sum);
  const moves: LoopyMove[] = [];
  let truncated = false;
  if (outcome === 'P' || mode === 'none') return { values, sum, outcome, moves, truncated };
  const want: LoopyOutcome = outcome === 'N' ? 'P' : 'D';
  const cap = mode === 'one' ? 1 : limit;
  let index = 0;
  outer: for (let ci = 0; ci < components.length; ci++) {
    const c = components[ci]!;
    const row = values[ci]!;
    for (let ti = 0; ti < row.length; ti++, index++) {
      const rest = loopySum(flat.filter((_, i) => i !== index));
      const found =
        c.kind === 'vertices'
          ? graphMoves(c, c.vertices[ti]!, rest, want)
          : heapMoves(c.resolved, c.resolved.heaps[ti]!, row[ti] as bigint, rest, want);
      for (const m of found) {
        if (moves.length >= cap) {
          truncated = mode === 'all';
          break outer;
        }
        const after = loopySum([rest, m.value]);
        if (loopyOutcome(after) !== want) {
          throw new Error(`internal check failed: move '${m.move}' does not reach ${want}`);
        }
        const from =
          c.kind === 'vertices'
            ? c.codec.format(c.vertices[ti]!)
            : (c.resolved.labels?.[ti] ?? c.resolved.heaps[ti]!.toString());
        const game = c.kind === 'vertices' ? c.key : c.resolved.game.key;
        const what =
          c.kind === 'vertices' ? 'token' : c.resolved.cells ? 'cell' : c.resolved.theorem ? 'position' : 'heap';
        const { move } = m;
        moves.push({ component: ci + 1, token: ti + 1, game, what, from, move, after, outcomeAfter: want });
      }
    }
  }
  return { values, sum, outcome, moves, truncated };
}

interface Candidate {
  readonly move: string;
  /** The moved token's value after the move. */
  readonly value: LoopyValue;
}

function* graphMoves(c: GraphComponent, v: number, rest: LoopyValue, want: LoopyOutcome): Iterable<Candidate> {
  const { outOffsets, outTargets } = c.graph;
  for (let e = outOffsets[v]!; e < outOffsets[v + 1]!; e++) {
    const w = outTargets[e]!;
    const value = graphValue(c.values, w);
    if (loopyOutcome(loopySum([rest, value])) === want) yield { move: `move to ${c.codec.format(w)}`, value };
  }
}

/**
 * Moves of one heap that leave the sum in `want`. To P: the rest must be finite, and the heap
 * moves to an option of exactly that value. To D (the rest is infinite): any option whose
 * value x keeps 0 out of K(rest) xor x; the option values come from the family's options.
 */
function* heapMoves(
  c: ResolvedComponent,
  n: bigint,
  g: bigint,
  rest: LoopyValue,
  want: LoopyOutcome,
): Iterable<Candidate> {
  if (c.theorem) {
    yield* theoremMoves(c, Number(n), g, rest, want);
    return;
  }
  const opts = (limit: number) => (c.options ? { limit, options: c.options } : { limit });
  if (want === 'P') {
    if (typeof rest !== 'bigint') return;
    for (const m of findMoves(c.game, n, rest, opts(1_000_000)).moves) {
      yield { move: m.move, value: rest };
    }
    return;
  }
  for (const x of optionValues(c, n, g)) {
    if (loopyOutcome(loopySum([rest, x])) !== 'D') continue;
    for (const m of findMoves(c.game, n, x, opts(1_000_000)).moves) yield { move: m.move, value: x };
  }
}

/**
 * Moves of a theorem game's position (`index` in its component) that leave the sum in `want`, by
 * its theorem: to P, to the value of the finite rest; to D, to values below its own (every one is
 * reached, by the mex rule) that keep 0 out of K(rest) xor the value.
 */
function* theoremMoves(
  c: ResolvedComponent,
  index: number,
  g: bigint,
  rest: LoopyValue,
  want: LoopyOutcome,
): Iterable<Candidate> {
  const targets: bigint[] = [];
  if (want === 'P') {
    if (typeof rest === 'bigint') targets.push(rest);
  } else {
    for (let x = 0n; x < g && x < 4096n; x++) if (loopyOutcome(loopySum([rest, x])) === 'D') targets.push(x);
  }
  for (const x of targets) {
    for (const m of c.theorem!.movesTo(index, x, 1_000_000)) yield { move: m.move, value: x };
  }
}

/**
 * The distinct values of the options of heap n, ascending: from the family's options when the
 * heap is in the table; beyond it (a proven period) the values below g, which the mex rule
 * guarantees are all there.
 */
function optionValues(c: ResolvedComponent, n: bigint, g: bigint): bigint[] {
  if (n < BigInt(c.game.length)) {
    const seen = new Set<bigint>();
    for (const tuple of tableFamily(c.game.rules).options(c.game.rules, Number(n), c.options)) {
      let x = 0n;
      for (const h of tuple) x ^= c.game.value(BigInt(h));
      seen.add(x);
    }
    return [...seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
  const below: bigint[] = [];
  for (let x = 0n; x < g && x < 4096n; x++) below.push(x);
  return below;
}
