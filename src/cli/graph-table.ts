import type { PositionCodec } from '../games/family.js';
import { familyById } from '../games/registry.js';
import { kSet } from '../graph/gsg.js';
import { formatValue, outcomeOf, vertexValue, type GValue, type Outcome } from '../graph/sums.js';
import { loadGraphTable, type StoredGraphTable } from '../store/graph-tables.js';
import type { GameRow, Store } from '../store/store.js';

/** A stored game-graph table with the family's codec for its positions. */
export interface GraphTable extends StoredGraphTable {
  readonly codec: PositionCodec;
}

/** Whether a stored game's positions are vertices of an explicit graph (its family says so). */
export function isGraphGame(game: GameRow): boolean {
  return familyById(game.family)?.kind === 'graph';
}

/** The stored table of a game graph, or undefined for any other game. */
export function openGraphTable(store: Store, game: GameRow): GraphTable | undefined {
  const family = familyById(game.family);
  if (family?.kind !== 'graph') return undefined;
  const explicit = family.explicit;
  const table = loadGraphTable(store, game);
  if (!table) throw new Error(`store for ${game.key} has values but no graph table`);
  return { ...table, codec: explicit.codec(table.names, table.source.vertices, game.key) };
}

/** One vertex's answer: its value, written `3` or `inf{0,2}`, and its outcome. */
export interface VertexAnswer {
  readonly vertex: string;
  readonly value: GValue;
  readonly outcome: Outcome;
}

export function answerVertex(t: GraphTable, v: number): VertexAnswer {
  const value = vertexValue(t.values, v);
  return { vertex: t.codec.format(v), value, outcome: outcomeOf(value) };
}

/** {vertex, value, infinite, K, outcome}: value an integer when finite, else its written form. */
export function vertexJson(a: VertexAnswer): object {
  const infinite = typeof a.value !== 'number';
  return {
    vertex: a.vertex,
    value: typeof a.value === 'number' ? a.value : formatValue(a.value),
    infinite,
    K: typeof a.value === 'number' ? null : a.value.infinite,
    outcome: a.outcome,
  };
}

/** Vertices by outcome, in one pass over the table. */
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

/** `3` or `inf{0,2}`. */
export function formatValueOf(a: VertexAnswer): string {
  return formatValue(a.value);
}
