import { MexSet } from '../kernels/mex.js';
import type { Periodicity } from '../period/detect.js';

/** What solving one game produced: `values` is a view of scratch, valid until the next solve. */
export interface Solved {
  readonly periodicity: Periodicity | null;
  readonly maxValue: number;
  /** How many values g(0..computed-1) were computed. */
  readonly computed: number;
  readonly values: Uint8Array;
}

export interface SolveOptions {
  /** Compute at most this many values. */
  readonly limit: number;
  /** false: stop as soon as the period is proven; true: compute exactly `limit` values. */
  readonly fixedLength: boolean;
}

const HASH_BASE = 0x9e3779b1 | 0;
const INITIAL_CAPACITY = 1 << 12;

/**
 * Finite subtraction games solved to a proven period with constant work per value
 * (README: Periodicity, the window criterion). For n >= k = max S the state "window" g(n-k..n-1)
 * determines everything after it, so the window sequence is eventually a pure cycle. Brent's
 * cycle search compares the current window with one checkpoint window, through a rolling hash
 * of the window confirmed value by value, so each new value costs |S| loads, a hash update and
 * one comparison. The first repeat at distance p gives the least period (any repeat distance is
 * a multiple of the cycle length); the least preperiod is found by scanning back from the
 * checkpoint for the last n with g(n) != g(n + p). The result equals what PeriodDetector
 * proves on the same prefix, and the scratch is reused across games.
 */
export class SubtractionSolver {
  private g = new Uint8Array(INITIAL_CAPACITY);
  private readonly mex = new MexSet(256);

  solve(set: ArrayLike<number>, opts: SolveOptions): Solved {
    const S = set;
    const size = S.length;
    const k = S[size - 1] ?? 0;
    if (size === 0 || k < 1) throw new Error('a subtraction set needs at least one positive element');
    if (size > 254)
      throw new Error(`subtraction sets of more than 254 elements are not supported by sweeps (got ${size})`);
    const limit = opts.limit;
    let g = this.ensure(Math.min(limit, INITIAL_CAPACITY));
    let maxValue = 0;

    // Below k some amounts do not fit yet: the checked head.
    const head = Math.min(k, limit);
    for (let n = 0; n < head; n++) {
      const v = this.valueAt(g, S, n, true);
      g[n] = v;
      if (v > maxValue) maxValue = v;
    }
    if (limit <= k) return { periodicity: null, maxValue, computed: head, values: g.subarray(0, head) };

    // Rolling hash of the window g[n-k..n): h = sum g[n-k+i] * B^(k-1-i) mod 2^32.
    let h = 0;
    for (let i = 0; i < k; i++) h = (Math.imul(h, HASH_BASE) + g[i]!) | 0;
    let topPower = 1;
    for (let i = 0; i < k; i++) topPower = Math.imul(topPower, HASH_BASE);

    let n = k;
    let checkpoint = k;
    let checkpointHash = h;
    let power = 1;
    let lambda = 0;
    let period = 0;
    const s0 = S[0]!;
    const s1 = size > 1 ? S[1]! : 0;
    const s2 = size > 2 ? S[2]! : 0;
    while (n < limit) {
      if (n >= g.length) g = this.ensure(Math.min(limit, g.length * 2));
      let v: number;
      if (size === 3) {
        const mask = (1 << g[n - s0]!) | (1 << g[n - s1]!) | (1 << g[n - s2]!);
        v = 31 - Math.clz32(~mask & (mask + 1));
      } else if (size === 2) {
        const mask = (1 << g[n - s0]!) | (1 << g[n - s1]!);
        v = 31 - Math.clz32(~mask & (mask + 1));
      } else {
        v = this.valueAt(g, S, n, false);
      }
      g[n] = v;
      if (v > maxValue) maxValue = v;
      h = (Math.imul(h, HASH_BASE) - Math.imul(g[n - k]!, topPower) + v) | 0;
      n++;
      lambda++;
      if (h === checkpointHash && sameWindow(g, checkpoint - k, n - k, k)) {
        period = n - checkpoint;
        break;
      }
      if (lambda === power) {
        checkpoint = n;
        checkpointHash = h;
        power *= 2;
        lambda = 0;
      }
    }

    if (period === 0) return { periodicity: null, maxValue, computed: n, values: g.subarray(0, n) };
    // Windows at `checkpoint` and `checkpoint + period` agree: g(j + p) = g(j) for j >= checkpoint - k.
    let i = checkpoint - k - 1;
    while (i >= 0 && g[i] === g[i + period]) i--;
    const preperiod = i + 1;
    if (opts.fixedLength && n < limit) {
      // The rest of the table follows from the proven period; copying is exact and cheap.
      if (limit > g.length) g = this.ensure(limit);
      for (; n < limit; n++) g[n] = g[n - period]!;
    }
    return {
      periodicity: {
        preperiod,
        period,
        saltus: 0,
        proven: true,
        criterion: `finite subtraction window (k=${k})`,
        checkedTo: n,
      },
      maxValue,
      computed: n,
      values: g.subarray(0, n),
    };
  }

  /** g(n) = mex{ g(n - s) : s in S, s <= n } for any set size. */
  private valueAt(g: Uint8Array, S: ArrayLike<number>, n: number, checked: boolean): number {
    if (S.length < 32) {
      let mask = 0;
      for (let i = 0; i < S.length; i++) {
        const s = S[i]!;
        if (checked && s > n) break;
        mask |= 1 << g[n - s]!;
      }
      return 31 - Math.clz32(~mask & (mask + 1));
    }
    const mex = this.mex;
    mex.clear();
    for (let i = 0; i < S.length; i++) {
      const s = S[i]!;
      if (checked && s > n) break;
      mex.add(g[n - s]!);
    }
    return mex.mex();
  }

  /** Grow the scratch (keeping its contents) to hold at least `length` values. */
  private ensure(length: number): Uint8Array {
    if (this.g.length < length) {
      let size = this.g.length;
      while (size < length) size *= 2;
      const next = new Uint8Array(size);
      next.set(this.g);
      this.g = next;
    }
    return this.g;
  }
}

function sameWindow(g: Uint8Array, a: number, b: number, k: number): boolean {
  for (let i = 0; i < k; i++) if (g[a + i] !== g[b + i]) return false;
  return true;
}
