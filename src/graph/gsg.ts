import type { Graph } from './csr.js';

/** values[v] for a vertex whose generalized Sprague-Grundy value is infinity(K). */
export const INFINITE = -1;
const UNLABELLED = -2;

/**
 * The generalized Sprague-Grundy function of a graph (cycles allowed). values[v] is the finite
 * value or INFINITE; for an infinite v, K(v) = kValues[kOffsets[v] .. kOffsets[v+1]) sorted
 * (the finite values among its options); kOffsets is empty-ranged for finite vertices.
 */
export interface GraphValues {
  readonly values: Int32Array;
  readonly kOffsets: Int32Array;
  readonly kValues: Int32Array;
  readonly acyclic: boolean;
  /** Vertices finished by the first (Kahn) pass: those from which no cycle is reachable. */
  readonly kahnDone: number;
  /** Stages of the labelling after the Kahn pass (0 when the graph is acyclic). */
  readonly stages: number;
}

/**
 * Two passes, O(n + m) plus O(n) per stage of the second.
 * 1. Kahn: a vertex whose options all have values gets the mex of them (counters of unvalued
 *    options, decremented along reverse edges). These are exactly the vertices from which no
 *    cycle is reachable; the set is closed under moves, so its values are final.
 * 2. Staged labelling (Fraenkel & Yesha) of the rest, for m = 0, 1, 2, ...: (a) label m any
 *    unlabelled u with no option labelled m all of whose unlabelled or infinite options have an
 *    option labelled m; (b) when none is left, label infinite every unlabelled u without an
 *    option labelled m. Counters make (a) linear: see docs/graphs.md.
 */
export function generalizedValues(g: Graph): GraphValues {
  const { n, outOffsets, outTargets, inOffsets, inSources } = g;
  const values = new Int32Array(n).fill(UNLABELLED);
  const count = new Int32Array(n);
  const queue = new Int32Array(n);
  let maxDeg = 0;
  let head = 0;
  let tail = 0;
  for (let u = 0; u < n; u++) {
    const d = outOffsets[u + 1]! - outOffsets[u]!;
    count[u] = d;
    if (d > maxDeg) maxDeg = d;
    if (d === 0) queue[tail++] = u;
  }
  // A value of u is at most its out-degree, so a stamp array of maxDeg + 2 finds every mex.
  const stamp = new Int32Array(maxDeg + 2).fill(-1);
  let maxValue = -1;
  while (head < tail) {
    const u = queue[head++]!;
    const lo = outOffsets[u]!;
    const hi = outOffsets[u + 1]!;
    const deg = hi - lo;
    for (let e = lo; e < hi; e++) {
      const w = values[outTargets[e]!]!;
      if (w <= deg) stamp[w] = u;
    }
    let mex = 0;
    while (stamp[mex] === u) mex++;
    values[u] = mex;
    if (mex > maxValue) maxValue = mex;
    for (let e = inOffsets[u]!, end = inOffsets[u + 1]!; e < end; e++) {
      const p = inSources[e]!;
      count[p] = count[p]! - 1;
      if (count[p] === 0) queue[tail++] = p;
    }
  }
  const kahnDone = tail;
  if (kahnDone === n) {
    return { values, kOffsets: new Int32Array(n + 1), kValues: new Int32Array(0), acyclic: true, kahnDone, stages: 0 };
  }
  const stages = labelCyclicPart(g, values, queue.subarray(0, kahnDone), maxValue, count, queue);
  const { kOffsets, kValues } = infiniteSets(g, values, stamp);
  return { values, kOffsets, kValues, acyclic: false, kahnDone, stages };
}

/**
 * The staged labelling of the vertices left unlabelled by Kahn (set U). Counters:
 *   nf[u]  = edges u->w with w in U not (yet) finite: kept across stages;
 *   cnt[u] = in stage m, those of them whose w has no option labelled m yet (the blockers);
 *   hasM[u] = m + 1 once u has an option labelled m (a stamp, never reset).
 * The Kahn vertices of value m count as labelled m at the start of stage m (bucketed by value).
 * Returns the number of stages.
 */
function labelCyclicPart(
  g: Graph,
  values: Int32Array,
  kahnOrder: Int32Array,
  kahnMax: number,
  nf: Int32Array,
  queue: Int32Array,
): number {
  const { n, inOffsets, inSources } = g;
  // Unlabelled vertices, compacted each stage; nf starts as Kahn's leftover counters, which
  // count exactly the options in U (none of them is finite yet).
  const live = new Int32Array(n - kahnOrder.length);
  let liveLen = 0;
  for (let u = 0; u < n; u++) if (values[u] === UNLABELLED) live[liveLen++] = u;
  // Kahn vertices bucketed by value (counting sort).
  const bucketStart = new Int32Array(kahnMax + 2);
  for (let i = 0; i < kahnOrder.length; i++) {
    const b = values[kahnOrder[i]!]! + 1;
    bucketStart[b] = bucketStart[b]! + 1;
  }
  for (let v = 0; v <= kahnMax; v++) bucketStart[v + 1] = bucketStart[v + 1]! + bucketStart[v]!;
  const byValue = new Int32Array(kahnOrder.length);
  const cursor = bucketStart.slice(0, kahnMax + 1);
  for (let i = 0; i < kahnOrder.length; i++) {
    const u = kahnOrder[i]!;
    byValue[cursor[values[u]!]!++] = u;
  }
  const cnt = new Int32Array(n);
  const hasM = new Int32Array(n);
  let stages = 0;
  for (let m = 0; liveLen > 0; m++) {
    stages++;
    const tag = m + 1;
    let head = 0;
    let tail = 0;
    for (let i = 0; i < liveLen; i++) {
      const u = live[i]!;
      cnt[u] = nf[u]!;
    }
    // An option p of q newly has an option labelled m: if p is not finite it stops blocking q.
    const optionGotM = (p: number): void => {
      if (hasM[p] === tag) return;
      hasM[p] = tag;
      if (values[p]! >= 0) return;
      for (let e = inOffsets[p]!, end = inOffsets[p + 1]!; e < end; e++) {
        const q = inSources[e]!;
        if (values[q] !== UNLABELLED) continue;
        cnt[q] = cnt[q]! - 1;
        if (cnt[q] === 0 && hasM[q] !== tag) queue[tail++] = q;
      }
    };
    if (m <= kahnMax) {
      for (let i = bucketStart[m]!, end = bucketStart[m + 1]!; i < end; i++) {
        const a = byValue[i]!;
        for (let e = inOffsets[a]!, stop = inOffsets[a + 1]!; e < stop; e++) optionGotM(inSources[e]!);
      }
    }
    // Blocker-free vertices found by the events above are queued already; the rest here.
    for (let i = 0; i < liveLen; i++) {
      const u = live[i]!;
      if (cnt[u] === 0 && hasM[u] !== tag) queue[tail++] = u;
    }
    while (head < tail) {
      const u = queue[head++]!;
      // Queued twice (by an event and by the scan), or an option labelled m (a Kahn vertex)
      // turned up after it was queued: labellability is checked when it is popped.
      if (values[u] !== UNLABELLED || hasM[u] === tag) continue;
      values[u] = m;
      for (let e = inOffsets[u]!, end = inOffsets[u + 1]!; e < end; e++) {
        const p = inSources[e]!;
        nf[p] = nf[p]! - 1;
        optionGotM(p);
      }
    }
    let kept = 0;
    for (let i = 0; i < liveLen; i++) {
      const u = live[i]!;
      if (values[u] !== UNLABELLED) continue;
      if (hasM[u] === tag) live[kept++] = u;
      else values[u] = INFINITE;
    }
    liveLen = kept;
  }
  return stages;
}

/** K(v) for the infinite vertices: the distinct finite values among the options, sorted. */
function infiniteSets(g: Graph, values: Int32Array, stamp: Int32Array): { kOffsets: Int32Array; kValues: Int32Array } {
  const { n, outOffsets, outTargets } = g;
  const kOffsets = new Int32Array(n + 1);
  stamp.fill(-1);
  const collect = (u: number, out: Int32Array | null, at: number): number => {
    let k = 0;
    const lo = outOffsets[u]!;
    const hi = outOffsets[u + 1]!;
    for (let e = lo; e < hi; e++) {
      const w = values[outTargets[e]!]!;
      if (w >= 0 && stamp[w] !== u) {
        stamp[w] = u;
        if (out) out[at + k] = w;
        k++;
      }
    }
    return k;
  };
  // Finite values are at most the largest out-degree, so stamp covers them. Two passes:
  // sizes, then values.
  for (let u = 0; u < n; u++) {
    kOffsets[u + 1] = kOffsets[u]! + (values[u] === INFINITE ? collect(u, null, 0) : 0);
  }
  const kValues = new Int32Array(kOffsets[n]!);
  stamp.fill(-1);
  for (let u = 0; u < n; u++) {
    if (values[u] !== INFINITE) continue;
    const at = kOffsets[u]!;
    const k = collect(u, kValues, at);
    kValues.subarray(at, at + k).sort();
  }
  return { kOffsets, kValues };
}

/** K(v) of an infinite vertex (empty for a finite one). */
export function kSet(gv: GraphValues, v: number): Int32Array {
  return gv.kValues.subarray(gv.kOffsets[v]!, gv.kOffsets[v + 1]!);
}
