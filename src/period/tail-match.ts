import { same, type Escapes } from './z-function.js';
/**
 * Periodicity search by direct comparison from the end of the table, with the same answers as
 * the Z-function over the reversed prefix (z[p] = the largest z with s[j] = s[j - p] for every
 * j in [L - z, L)) but without its 4 bytes of scratch per value and usually ~20x faster: most
 * shifts p mismatch within a few values, and the multiples of a long-matching shift P start
 * their comparison where P's periodic tail ends. When the comparisons exceed a budget (a
 * sequence built to defeat this) the caller falls back to the Z-function.
 */
export interface TailMatch {
  readonly period: number;
  /** z[period], exact. */
  readonly z: number;
}

export interface TailSearch {
  /** The least p <= E with z[p] >= L - E (the proof criterion), if any. */
  readonly proven: TailMatch | null;
  /** The least p with 3p <= L, z[p] >= 2p and 2(z[p] + p) >= L (an observed period), if any. */
  readonly observed: TailMatch | null;
}

/** Window of the hash filter, and its odd base with the inverse and top power mod 2^32. */
const W = 32;
const B = 0x01000193;
const B_INV = inverseMod32(B);
const B_TOP = powMod32(B, W - 1);

function powMod32(b: number, e: number): number {
  let r = 1;
  for (let i = 0; i < e; i++) r = Math.imul(r, b);
  return r | 0;
}

/** The inverse of an odd b modulo 2^32 (Newton iteration). */
function inverseMod32(b: number): number {
  let x = b;
  for (let i = 0; i < 5; i++) x = Math.imul(x, (2 - Math.imul(b, x)) | 0);
  return x | 0;
}

/** sum of s[end - i] * B^i for i < W (values before index 0 count as absent). */
function windowHash(s: ArrayLike<number>, end: number): number {
  let h = 0;
  for (let i = W - 1; i >= 0; i--) if (end - i >= 0) h = (Math.imul(h, B) + s[end - i]!) | 0;
  return h;
}

/** Shifts whose match runs at least this far are remembered to skip ahead on their multiples. */
const LONG_MATCH = 64;

/**
 * E is the latest start the proof criterion allows (-1: no proof criterion). With a proof found,
 * `observed` is not searched (the caller prefers the proof). Undefined: over budget.
 */
export function searchTail(
  s: ArrayLike<number>,
  L: number,
  E: number,
  budget = 8 * L + 1_000_000,
  escapes?: Escapes,
): TailSearch | undefined {
  const need = L - E;
  const halfL = Math.ceil(L / 2);
  const pmax = Math.max(E, Math.floor(L / 3));
  let observed: TailMatch | null = null;
  let spent = 0;
  // The longest exactly known periodic tail so far: s has period basePeriod over [L - baseZ - basePeriod, L).
  let basePeriod = 0;
  let baseZ = 0;
  const last = L - 1;
  // When every threshold is >= W (observed ones are >= L/6; a take-and-break proof needs about
  // L/2, a subtraction window only k), a shift that does not match the last W values cannot
  // qualify. A rolling hash of the W values ending at last - p then rejects most shifts in O(1)
  // each; a hash collision only costs a direct comparison, never a wrong answer.
  const filter = L >= 6 * W && (E < 1 || need >= W);
  const target = filter ? windowHash(s, last) : 0;
  let h = filter ? windowHash(s, last - 1) : 0;
  for (let p = 1; p <= pmax; p++) {
    if (filter) {
      while (p <= pmax && h !== target) {
        // Slide the window one step back: drop s[last - p], take in s[last - p - W].
        const incoming = last - p - W;
        h = (Math.imul((h - s[last - p]!) | 0, B_INV) + (incoming >= 0 ? Math.imul(s[incoming]!, B_TOP) : 0)) | 0;
        p++;
      }
      if (p > pmax) break;
      const incoming = last - p - W;
      const next =
        (Math.imul((h - s[last - p]!) | 0, B_INV) + (incoming >= 0 ? Math.imul(s[incoming]!, B_TOP) : 0)) | 0;
      h = next;
      // h now belongs to p + 1; the body below examines p.
    }
    const proofHere = p <= E;
    const obsHere = observed === null && 3 * p <= L;
    if (!proofHere && !obsHere) break;
    const obsNeed = obsHere ? Math.max(2 * p, halfL - p) : Infinity;
    const cap = Math.min(L - p, Math.max(proofHere ? need : 0, obsHere ? obsNeed : 0));
    let t = 0;
    if (basePeriod > 0 && p % basePeriod === 0 && baseZ + basePeriod - p > 0) t = Math.min(cap, baseZ + basePeriod - p);
    const from = t;
    while (t < cap && same(s, escapes, last - t, last - t - p)) t++;
    spent += t - from + 1;
    if (spent > budget) return undefined;
    const proof = proofHere && t >= need;
    const obs = obsHere && t >= obsNeed;
    if (t >= cap || t >= LONG_MATCH) {
      // Extend to the exact z[p]: needed for the answer's preperiod and for skipping ahead.
      const before = t;
      while (t < L - p && same(s, escapes, last - t, last - t - p)) t++;
      spent += t - before;
      if (spent > budget) return undefined;
      if (t + p > baseZ + basePeriod) {
        basePeriod = p;
        baseZ = t;
      }
    }
    if (proof) return { proven: { period: p, z: t }, observed };
    if (obs) observed = { period: p, z: t };
  }
  return { proven: null, observed };
}
