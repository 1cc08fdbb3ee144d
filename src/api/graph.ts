import type { PositionCodec } from '../games/family.js';
import { familyById, parseRules } from '../games/registry.js';
import { kSet } from '../graph/gsg.js';
import { formatValue, outcomeOf, vertexValue, type GValue, type Outcome } from '../graph/sums.js';
import { loadGraphTable, type StoredGraphTable } from '../store/graph-tables.js';
import type { GameRow, Store } from '../store/store.js';

/**
 * Game graphs (docs/graphs.md: graph: files, states: modules) in the library: the stored table
 * of a graph, a vertex's value by its name, and the outcome counts.
 */

/** A stored game-graph table with the family's codec for its positions (vertex names). */
export interface GraphTable extends StoredGraphTable {
  /** The game's canonical key. */
  readonly key: string;
  readonly codec: PositionCodec;
}

/** One vertex's answer: its value (a nimber, or infinity with its K set) and its outcome P, N or D. */
export interface VertexAnswer {
  readonly kind: 'graph';
  /** The vertex as the file writes it. */
  readonly vertex: string;
  readonly value: GValue;
  readonly outcome: Outcome;
}

/** The stored table of a game graph, or undefined for any other kind of game. */
export function openGraphTable(store: Store, game: GameRow): GraphTable | undefined {
  const family = familyById(game.family);
  if (family?.kind !== 'graph') return undefined;
  const table = loadGraphTable(store, game);
  if (!table) throw new Error(`store for ${game.key} has values but no graph table`);
  const codec = family.explicit.codec(table.names, table.source.vertices, game.key);
  return { ...table, key: game.key, codec };
}

/**
 * The stored graph table of the game a spec names (by its stored key or any spelling), or
 * undefined when nothing is stored for it or it is not a game graph.
 */
export function findGraphTable(
  store: Store | null,
  spec: string,
  parse: (spec: string) => { readonly key: string } = parseRules,
): GraphTable | undefined {
  if (!store) return undefined;
  const game = store.getGame(spec.trim()) ?? store.getGame(parse(spec).key);
  return game ? openGraphTable(store, game) : undefined;
}

/** Vertex `v` (its index in the file's order) of a stored graph. */
export function answerVertex(t: GraphTable, v: number): VertexAnswer {
  const value = vertexValue(t.values, v);
  return { kind: 'graph', vertex: t.codec.format(v), value, outcome: outcomeOf(value) };
}

/** A vertex by its name as the file writes it; a UsageError naming an unknown vertex. */
export function answerVertexNamed(t: GraphTable, name: string): VertexAnswer {
  return answerVertex(t, t.codec.parse(name));
}

/** How many vertices are P (loss), N (win) and D (draw), in one pass over the table. */
export function outcomeCounts(t: StoredGraphTable): { P: number; N: number; D: number } {
  const out = { P: 0, N: 0, D: 0 };
  const { values } = t.values;
  for (let v = 0; v < values.length; v++) {
    const x = values[v]!;
    if (x === 0) out.P++;
    else if (x > 0) out.N++;
    else if (kSet(t.values, v)[0] === 0) out.N++;
    else out.D++;
  }
  return out;
}

/** How many vertices take each finite value, and how many infinite ones are wins (0 in K) or draws. */
export interface GraphValueCounts {
  /** finite[v]: vertices of value v, for v = 0..max finite value. */
  readonly finite: readonly number[];
  readonly infinite: { readonly N: number; readonly D: number };
}

/** The value histogram of a stored graph, in one pass over the table. */
export function graphValueCounts(t: StoredGraphTable): GraphValueCounts {
  const finite: number[] = [];
  const infinite = { N: 0, D: 0 };
  const { values } = t.values;
  for (let v = 0; v < values.length; v++) {
    const x = values[v]!;
    if (x >= 0) {
      while (finite.length <= x) finite.push(0);
      finite[x]!++;
    } else if (kSet(t.values, v)[0] === 0) infinite.N++;
    else infinite.D++;
  }
  return { finite, infinite };
}

/** A vertex's value as written: `3` or `inf{0,2}`. */
export function formatVertexValue(a: VertexAnswer): string {
  return formatValue(a.value);
}

/** {vertex, value, infinite, K, outcome}: value an integer when finite, else its written form. */
export function vertexJson(a: VertexAnswer): object {
  return {
    vertex: a.vertex,
    value: typeof a.value === 'number' ? a.value : formatValue(a.value),
    infinite: typeof a.value !== 'number',
    K: typeof a.value === 'number' ? null : a.value.infinite,
    outcome: a.outcome,
  };
}
