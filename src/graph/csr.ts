import type { EdgeBuffer } from './edges.js';

/**
 * A game graph in compressed sparse row form, both directions: the options of u are
 * outTargets[outOffsets[u] .. outOffsets[u+1]), its predecessors inSources[inOffsets[u] ..
 * inOffsets[u+1]). Int32 offsets bound m below 2^31; duplicate edges and self-loops are kept.
 */
export interface Graph {
  readonly n: number;
  readonly m: number;
  readonly outOffsets: Int32Array;
  readonly outTargets: Int32Array;
  readonly inOffsets: Int32Array;
  readonly inSources: Int32Array;
}

/** Builds both CSR directions by counting sort; within a vertex, edges keep their file order. */
export function buildGraph(n: number, edges: EdgeBuffer): Graph {
  const m = edges.length;
  const { from, to, lastFill } = edges.chunks();
  const outOffsets = new Int32Array(n + 1);
  const inOffsets = new Int32Array(n + 1);
  const lens = from.map((_, c) => (c === from.length - 1 ? lastFill : from[c]!.length));
  for (let c = 0; c < from.length; c++) {
    const a = from[c]!;
    const b = to[c]!;
    for (let i = 0, len = lens[c]!; i < len; i++) {
      outOffsets[a[i]! + 1] = outOffsets[a[i]! + 1]! + 1;
      inOffsets[b[i]! + 1] = inOffsets[b[i]! + 1]! + 1;
    }
  }
  for (let u = 0; u < n; u++) {
    outOffsets[u + 1] = outOffsets[u + 1]! + outOffsets[u]!;
    inOffsets[u + 1] = inOffsets[u + 1]! + inOffsets[u]!;
  }
  const outTargets = new Int32Array(m);
  const inSources = new Int32Array(m);
  // Fill cursors: the offsets shifted by one vertex, restored by the fill itself.
  const outCur = outOffsets.slice(0, n);
  const inCur = inOffsets.slice(0, n);
  for (let c = 0; c < from.length; c++) {
    const a = from[c]!;
    const b = to[c]!;
    for (let i = 0, len = lens[c]!; i < len; i++) {
      const u = a[i]!;
      const v = b[i]!;
      outTargets[outCur[u]!++] = v;
      inSources[inCur[v]!++] = u;
    }
  }
  return { n, m, outOffsets, outTargets, inOffsets, inSources };
}

/** A graph from an explicit edge list (tests, generated games). */
export function graphFromEdges(n: number, list: readonly (readonly [number, number])[]): Graph {
  const outOffsets = new Int32Array(n + 1);
  const inOffsets = new Int32Array(n + 1);
  for (const [u, v] of list) {
    if (!(u >= 0 && u < n && v >= 0 && v < n)) throw new RangeError(`edge ${u} ${v} outside 0..${n - 1}`);
    outOffsets[u + 1] = outOffsets[u + 1]! + 1;
    inOffsets[v + 1] = inOffsets[v + 1]! + 1;
  }
  for (let u = 0; u < n; u++) {
    outOffsets[u + 1] = outOffsets[u + 1]! + outOffsets[u]!;
    inOffsets[u + 1] = inOffsets[u + 1]! + inOffsets[u]!;
  }
  const outTargets = new Int32Array(list.length);
  const inSources = new Int32Array(list.length);
  const outCur = outOffsets.slice(0, n);
  const inCur = inOffsets.slice(0, n);
  for (const [u, v] of list) {
    outTargets[outCur[u]!++] = v;
    inSources[inCur[v]!++] = u;
  }
  return { n, m: list.length, outOffsets, outTargets, inOffsets, inSources };
}

/** The options of u, as a subarray view (no copy). */
export function options(g: Graph, u: number): Int32Array {
  return g.outTargets.subarray(g.outOffsets[u]!, g.outOffsets[u + 1]!);
}
