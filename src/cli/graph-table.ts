import type { VertexAnswer } from '../api/graph.js';
import { formatValue } from '../graph/sums.js';

/** How the commands write a game graph's vertices (src/api/graph.ts answers them). */

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

/** `3` or `inf{0,2}`. */
export function formatValueOf(a: VertexAnswer): string {
  return formatValue(a.value);
}
