/**
 * Slow, obvious Grundy values: every option enumerated straight from the definition
 * (THEORY.md section 2), with a Set for the mex. The independent reference for fast kernels.
 */
export function naiveTakeBreak(digits: readonly number[], N: number): number[] {
  const g: number[] = [];
  for (let n = 0; n < N; n++) {
    const seen = new Set<number>();
    digits.forEach((d, i) => {
      if (i > n) return;
      const m = n - i;
      if (d & 1 && m === 0) seen.add(0);
      if (d & 2 && m >= 1 && i >= 1) seen.add(g[m]!);
      if (d & 4) for (let a = 1; 2 * a <= m; a++) seen.add(g[a]! ^ g[m - a]!);
      if (d & 8) for (let a = 1; 3 * a <= m; a++) for (let b = a; a + 2 * b <= m; b++) seen.add(g[a]! ^ g[b]! ^ g[m - a - b]!);
    });
    let v = 0;
    while (seen.has(v)) v++;
    g.push(v);
  }
  return g;
}

export function naiveGrundy(N: number): number[] {
  const g: number[] = [];
  for (let n = 0; n < N; n++) {
    const seen = new Set<number>();
    for (let a = 1; 2 * a < n; a++) seen.add(g[a]! ^ g[n - a]!);
    let v = 0;
    while (seen.has(v)) v++;
    g.push(v);
  }
  return g;
}

/** A small deterministic PRNG (mulberry32) so random tests replay exactly. */
export function seeded(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
