/**
 * Slow independent twins for the graph modules: no CSR, no counters, straight from the
 * definitions, on adjacency lists (arrays of option arrays).
 */
export type Adj = number[][];

/** Win/lose/draw by plain retrograde fixpoint: L if every option is W, W if some option is L. */
export function retrogradeOutcomes(adj: Adj): ('P' | 'N' | 'D')[] {
  const out: ('P' | 'N' | 'D')[] = adj.map(() => 'D');
  for (let changed = true; changed; ) {
    changed = false;
    adj.forEach((opts, u) => {
      if (out[u] !== 'D') return;
      if (opts.some((w) => out[w] === 'P')) out[u] = 'N';
      else if (opts.every((w) => out[w] === 'N')) out[u] = 'P';
      else return;
      changed = true;
    });
  }
  return out;
}

/** The labelling definition, by repeated scans with sets: finite values and K sets. */
export function labelByDefinition(adj: Adj): { value: number | null; k: number[] }[] {
  const n = adj.length;
  const label = new Map<number, number | 'inf'>();
  const hasOptionLabelled = (u: number, m: number): boolean => adj[u]!.some((w) => label.get(w) === m);
  for (let m = 0; label.size < n; m++) {
    for (let progress = true; progress; ) {
      progress = false;
      for (let u = 0; u < n; u++) {
        if (label.has(u) || hasOptionLabelled(u, m)) continue;
        const ok = adj[u]!.every((w) => {
          const l = label.get(w);
          return (l !== undefined && l !== 'inf') || hasOptionLabelled(w, m);
        });
        if (ok) {
          label.set(u, m);
          progress = true;
        }
      }
    }
    for (let u = 0; u < n; u++) if (!label.has(u) && !hasOptionLabelled(u, m)) label.set(u, 'inf');
  }
  return adj.map((opts, u) => {
    const l = label.get(u)!;
    if (l !== 'inf') return { value: l, k: [] };
    const k = new Set<number>();
    for (const w of opts) {
      const x = label.get(w);
      if (typeof x === 'number') k.add(x);
    }
    return { value: null, k: [...k].sort((a, b) => a - b) };
  });
}

/** The sum of tokens on graphs a and b as one graph: vertex (x, y) is x * |b| + y. */
export function productGraph(a: Adj, b: Adj): Adj {
  const nb = b.length;
  const adj: Adj = [];
  for (let x = 0; x < a.length; x++) {
    for (let y = 0; y < nb; y++) {
      adj.push([...a[x]!.map((x2) => x2 * nb + y), ...b[y]!.map((y2) => x * nb + y2)]);
    }
  }
  return adj;
}

/** A random graph with cycles, self-loops and duplicate edges allowed. */
export function randomAdj(rand: () => number, maxN: number, maxDeg: number): Adj {
  const n = 1 + Math.floor(rand() * maxN);
  return Array.from({ length: n }, () => {
    const d = Math.floor(rand() * (maxDeg + 1));
    return Array.from({ length: d }, () => Math.floor(rand() * n));
  });
}
