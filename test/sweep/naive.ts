/**
 * Slow, obvious twins of what the sweep solvers compute: values straight from the definitions
 * (THEORY.md sections 1-2) and the window-criterion period by brute force (section 3).
 */

function mex(values: Iterable<number>): number {
  const seen = new Set(values);
  let v = 0;
  while (seen.has(v)) v++;
  return v;
}

export function naiveSubtraction(set: readonly number[], N: number): number[] {
  const g: number[] = [];
  for (let n = 0; n < N; n++) g.push(mex(set.filter((s) => s <= n).map((s) => g[n - s]!)));
  return g;
}

/** All-but: every smaller heap is an option except n - x for x excluded. */
export function naiveAllBut(excluded: readonly number[], N: number): number[] {
  const g: number[] = [];
  for (let n = 0; n < N; n++) {
    const opts: number[] = [];
    for (let s = 1; s <= n; s++) if (!excluded.includes(s)) opts.push(g[n - s]!);
    g.push(mex(opts));
  }
  return g;
}

/** Take-and-break digits[i] (digits[0] = d0 = 0): bit j allows "remove i, leave j heaps". */
export function naiveTakeBreak(digits: readonly number[], N: number): number[] {
  const g: number[] = [];
  for (let n = 0; n < N; n++) {
    const opts: number[] = [];
    digits.forEach((d, i) => {
      if (i === 0 || i > n) return;
      const rest = n - i;
      if (d & 1 && rest === 0) opts.push(0);
      if (d & 2 && rest >= 1) opts.push(g[rest]!);
      if (d & 4) for (let a = 1; 2 * a <= rest; a++) opts.push(g[a]! ^ g[rest - a]!);
      if (d & 8) {
        for (let a = 1; 3 * a <= rest; a++) for (let b = a; a + 2 * b <= rest; b++) opts.push(g[a]! ^ g[b]! ^ g[rest - a - b]!);
      }
    });
    g.push(mex(opts));
  }
  return g;
}

/**
 * The least period p, then least preperiod e, such that g(j + p) = g(j) for every j in
 * [e, N - p) and the agreeing stretch is at least k long (the window proof for max S = k).
 */
export function naiveWindowPeriod(g: readonly number[], k: number): { preperiod: number; period: number } | null {
  const N = g.length;
  for (let p = 1; p < N; p++) {
    let e = N - p;
    while (e > 0 && g[e - 1] === g[e - 1 + p]) e--;
    if (N - p - e >= k) return { preperiod: e, period: p };
  }
  return null;
}

/** Deterministic pseudo-random numbers (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
