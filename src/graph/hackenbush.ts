/**
 * Green Hackenbush on an undirected multigraph with ground vertices (Winning Ways, ch. 7): a move
 * cuts one edge, and whatever no longer connects to the ground falls away. Pure: no I/O.
 *
 * The value comes from two principles. Fusion: the vertices of a cycle may be fused into one, its
 * edges becoming loops, without changing the value; fusing every 2-edge-connected piece leaves a
 * tree of bridges with loops, each loop worth a twig (1). Colon: a vertex's subtree is worth the
 * nim-sum over its children c of (value(c) + 1), and of 1 for each loop on it. The ground
 * vertices are one vertex (the ground), the root.
 */
export interface Sticks {
  /** Vertices 0..n-1. */
  readonly n: number;
  /** Edge i joins from[i] and to[i] (equal for a loop). */
  readonly from: Int32Array;
  readonly to: Int32Array;
}

/** The value of the sticks still present (`alive`, all when omitted) over the ground vertices. */
export function hackenbushValue(sticks: Sticks, ground: readonly number[], alive?: Uint8Array): number {
  const { n, from, to } = sticks;
  const m = from.length;
  const isGround = new Uint8Array(n);
  for (const g of ground) isGround[g] = 1;
  // Vertex n is the fused ground; every edge end at a ground vertex moves to it.
  const end = (v: number): number => (isGround[v] ? n : v);
  const V = n + 1;
  const head = new Int32Array(V).fill(-1);
  const next = new Int32Array(2 * m);
  const other = new Int32Array(2 * m);
  for (let e = 0; e < m; e++) {
    if (alive && !alive[e]) continue;
    const a = end(from[e]!);
    const b = end(to[e]!);
    other[2 * e] = b;
    next[2 * e] = head[a]!;
    head[a] = 2 * e;
    other[2 * e + 1] = a;
    next[2 * e + 1] = head[b]!;
    head[b] = 2 * e + 1;
  }
  // Bridges by an iterative DFS from the ground (lowlink over edge ids, so multi-edges are no bridges).
  const disc = new Int32Array(V).fill(-1);
  const low = new Int32Array(V);
  const parentEdge = new Int32Array(V).fill(-1);
  const order: number[] = [];
  const isBridge = new Uint8Array(m);
  const stack = [n];
  const cursor = new Int32Array(V);
  disc[n] = 0;
  low[n] = 0;
  cursor[n] = head[n]!;
  order.push(n);
  let time = 1;
  while (stack.length > 0) {
    const v = stack[stack.length - 1]!;
    const h = cursor[v]!;
    if (h >= 0) {
      cursor[v] = next[h]!;
      const e = h >> 1;
      if (e === parentEdge[v]) continue;
      const w = other[h]!;
      if (disc[w]! < 0) {
        disc[w] = low[w] = time++;
        parentEdge[w] = e;
        cursor[w] = head[w]!;
        order.push(w);
        stack.push(w);
      } else if (disc[w]! < low[v]!) low[v] = disc[w]!;
    } else {
      stack.pop();
      const e = parentEdge[v]!;
      if (e >= 0) {
        const h2 = 2 * e + (other[2 * e] === v ? 1 : 0);
        const u = other[h2]!; // the parent: the end of e that is not v
        if (low[v]! < low[u]!) low[u] = low[v]!;
        if (low[v]! > disc[u]!) isBridge[e] = 1;
      }
    }
  }
  // Fuse: a vertex's piece is its parent's unless the tree edge to it is a bridge.
  const piece = new Int32Array(V).fill(-1);
  for (const v of order) {
    const e = parentEdge[v]!;
    piece[v] = e < 0 || isBridge[e] ? v : piece[other[2 * e + (other[2 * e] === v ? 1 : 0)]!]!;
  }
  // Loops of each piece (its non-bridge edges), and the bridge tree by parents.
  const loops = new Int32Array(V);
  for (let e = 0; e < m; e++) {
    if (alive && !alive[e]) continue;
    const a = end(from[e]!);
    if (disc[a]! < 0 || isBridge[e]) continue; // not connected to the ground, or a tree edge of the fused tree
    loops[piece[a]!]! ^= 1;
  }
  const value = new Int32Array(V);
  for (let i = order.length - 1; i >= 0; i--) {
    const v = order[i]!;
    if (piece[v] !== v) continue;
    const total = value[v]! ^ loops[v]!;
    const e = parentEdge[v]!;
    if (e < 0) return total;
    const parent = piece[other[2 * e + (other[2 * e] === v ? 1 : 0)]!]!;
    value[parent] = value[parent]! ^ (total + 1);
  }
  return 0;
}

/**
 * The pieces of the picture that meet only at the ground: edges joined through non-ground
 * vertices. An edge between two ground vertices (or a loop on one) is a piece alone. Their
 * values nim-sum to the whole picture's.
 */
export function hackenbushPieces(sticks: Sticks, ground: readonly number[]): number[][] {
  const { n, from, to } = sticks;
  const isGround = new Uint8Array(n);
  for (const g of ground) isGround[g] = 1;
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]!]!;
    return x;
  };
  for (let e = 0; e < from.length; e++) {
    const a = from[e]!;
    const b = to[e]!;
    if (!isGround[a] && !isGround[b]) parent[find(a)] = find(b);
  }
  const byRoot = new Map<number, number[]>();
  const pieces: number[][] = [];
  for (let e = 0; e < from.length; e++) {
    const a = from[e]!;
    const b = to[e]!;
    const inner = !isGround[a] ? a : !isGround[b] ? b : -1;
    if (inner < 0) {
      pieces.push([e]);
      continue;
    }
    const r = find(inner);
    let list = byRoot.get(r);
    if (!list) {
      list = [];
      byRoot.set(r, list);
      pieces.push(list);
    }
    list.push(e);
  }
  return pieces;
}

/** The edges whose cut leaves a picture of value `target`, in edge order, at most `limit`. */
export function hackenbushMovesTo(sticks: Sticks, ground: readonly number[], target: number, limit: number): number[] {
  const alive = new Uint8Array(sticks.from.length).fill(1);
  const out: number[] = [];
  for (let e = 0; e < alive.length && out.length < limit; e++) {
    alive[e] = 0;
    if (hackenbushValue(sticks, ground, alive) === target) out.push(e);
    alive[e] = 1;
  }
  return out;
}
