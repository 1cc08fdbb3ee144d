import type { Quotient } from './quotient-types.js';
import { TokenQueue } from './token-queue.js';

/**
 * The check that makes a candidate quotient the quotient (docs/misere-quotients.md, "How it is
 * computed", 3). Given Q, its P-portion and the heap map, every sum G of heaps 1..n must obey the
 * rule: Φ(G) in P exactly when G has a move and no option of G has its class in P. Then, by
 * induction over G, Φ(G) in P says G's misère outcome. Two halves:
 *
 * - no P-position has a P option: for every class r, heap h and option class t of h,
 *   not both r·φ(h) and r·t in P (finite: every r is some sum's class);
 * - every other sum with a move has a P option: searched over the states (class, set of option
 *   classes) that sums reach, keeping for each class only the states whose option classes
 *   contain no other kept state's.
 *
 * Both halves are searched by tokens, so a failure returned is a sum of fewest tokens that breaks
 * the rule. Every sum with fewer tokens obeys it and so is predicted rightly, its options too:
 * the failure itself is predicted wrongly, and its outcome is the opposite of Φ's.
 */

/** A sum of fewest tokens that breaks the rule; its real outcome is not `predictedP`. */
export interface Failure {
  /** The heaps of the sum, in increasing order. */
  readonly word: readonly number[];
  readonly predictedP: boolean;
}

export interface VerifyLimits {
  /** Give up ('too-many-states') after queueing this many states of sums. */
  readonly maxStates: number;
  /** Give up ('out-of-time') after this performance.now() time. */
  readonly deadline?: number;
}

export type VerifyResult = Failure | 'too-many-states' | 'out-of-time' | null;

/** Heaps with the same class and option classes move alike; the least heap stands for them. */
export interface HeapKind {
  readonly heap: number;
  readonly w: number;
  /** The distinct classes of its options, increasing. */
  readonly options: readonly number[];
}

/** The kinds of the heaps 1..q.heaps that have moves, least heap first. */
export function heapKinds(q: Quotient, opts: readonly (readonly (readonly number[])[])[]): HeapKind[] {
  const m = q.order;
  const kinds = new Map<string, HeapKind>();
  for (let h = 1; h <= q.heaps; h++) {
    const list = opts[h] ?? [];
    if (list.length === 0) continue;
    const ts = new Set<number>();
    for (const o of list) {
      let x = 0;
      for (const part of o) x = q.mult[x * m + q.phi[part]!]!;
      ts.add(x);
    }
    const options = [...ts].sort((a, b) => a - b);
    const key = `${q.phi[h]}:${options.join(',')}`;
    if (!kinds.has(key)) kinds.set(key, { heap: h, w: q.phi[h]!, options });
  }
  return [...kinds.values()];
}

/** For each class, a sum of fewest tokens in it (as a chain: the class before and the heap added). */
export interface LeastSums {
  /** Tokens of the least sum; Infinity for a class no sum reaches. */
  readonly tokens: Float64Array;
  readonly parent: Int32Array;
  readonly heap: Int32Array;
  /** The classes in the order found (by tokens). */
  readonly order: readonly number[];
}

export function leastSums(q: Quotient, kinds: readonly HeapKind[]): LeastSums {
  const m = q.order;
  const tokens = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
  const parent = new Int32Array(m).fill(-1);
  const heap = new Int32Array(m);
  const done = new Uint8Array(m);
  const order: number[] = [];
  const queue = new TokenQueue();
  tokens[0] = 0;
  queue.push(0, 0);
  while (queue.size > 0) {
    const { tokens: t, item: x } = queue.pop();
    if (done[x]) continue;
    done[x] = 1;
    order.push(x);
    for (const k of kinds) {
      const y = q.mult[x * m + k.w]!;
      if (t + k.heap < tokens[y]!) {
        tokens[y] = t + k.heap;
        parent[y] = x;
        heap[y] = k.heap;
        queue.push(t + k.heap, y);
      }
    }
  }
  return { tokens, parent, heap, order };
}

export function sumOf(least: LeastSums, x: number): number[] {
  const out: number[] = [];
  for (let y = x; least.parent[y]! >= 0; y = least.parent[y]!) out.push(least.heap[y]!);
  return out.sort((a, b) => a - b);
}

export function verifyQuotient(
  q: Quotient,
  opts: readonly (readonly (readonly number[])[])[],
  limits: VerifyLimits,
): VerifyResult {
  const m = q.order;
  if (q.isP[0] === 1) return { word: [], predictedP: true };
  const kinds = heapKinds(q, opts);
  const least = leastSums(q, kinds);
  const isP = (x: number): boolean => q.isP[x] === 1;

  // First half: a P-position with a P option, of fewest tokens.
  let best: { tokens: number; failure: Failure } | null = null;
  for (const r of least.order) {
    for (const k of kinds) {
      const tokens = least.tokens[r]! + k.heap;
      if (best && tokens >= best.tokens) continue;
      if (!isP(q.mult[r * m + k.w]!)) continue;
      if (k.options.some((t) => isP(q.mult[r * m + t]!))) {
        best = { tokens, failure: { word: [...sumOf(least, r), k.heap].sort((a, b) => a - b), predictedP: true } };
      }
    }
  }

  // Second half: a sum with a move, outside P, none of whose options is in P.
  const words = (m + 31) >>> 5;
  const pBits = new Uint32Array(words);
  for (let x = 0; x < m; x++) if (isP(x)) pBits[x >>> 5]! |= 1 << (x & 31);
  const optionBits = kinds.map((k) => k.options);
  const xs: number[] = [0];
  const sets: (Uint32Array | null)[] = [new Uint32Array(words)];
  const parents: number[] = [-1];
  const heaps: number[] = [0];
  const kept = new Map<number, KeptSet[]>();
  const queue = new TokenQueue();
  queue.push(0, 0);
  let pops = 0;
  while (queue.size > 0) {
    const { tokens, item: s } = queue.pop();
    if (best && tokens >= best.tokens) break;
    if ((++pops & 1023) === 0 && limits.deadline !== undefined && performance.now() > limits.deadline) {
      return 'out-of-time';
    }
    const x = xs[s]!;
    const set = sets[s]!;
    sets[s] = null; // only kept sets stay in memory
    // The empty sum has no move and no options: it is no bound on the sums of its class.
    const empty = parents[s]! < 0;
    if (!empty && !keep(kept, x, set)) continue;
    if (!empty && !isP(x) && !meets(set, pBits)) {
      const word: number[] = [];
      for (let i = s; parents[i]! >= 0; i = parents[i]!) word.push(heaps[i]!);
      best = { tokens, failure: { word: word.sort((a, b) => a - b), predictedP: false } };
      break;
    }
    kinds.forEach((k, j) => {
      const y = q.mult[x * m + k.w]!;
      const next = new Uint32Array(words);
      forEachBit(set, (t) => {
        const u = q.mult[t * m + k.w]!;
        next[u >>> 5]! |= 1 << (u & 31);
      });
      for (const t of optionBits[j]!) {
        const u = q.mult[x * m + t]!;
        next[u >>> 5]! |= 1 << (u & 31);
      }
      if (subsumed(kept.get(y), next)) return;
      xs.push(y);
      sets.push(next);
      parents.push(s);
      heaps.push(k.heap);
      queue.push(tokens + k.heap, xs.length - 1);
    });
    if (xs.length > limits.maxStates) return 'too-many-states';
  }
  return best?.failure ?? null;
}

/** A kept set of option classes, with its highest word that has a bit: a quick test of containment. */
interface KeptSet {
  readonly bits: Uint32Array;
  readonly top: number;
}

function keptSet(bits: Uint32Array): KeptSet {
  let top = bits.length - 1;
  while (top >= 0 && bits[top] === 0) top--;
  return { bits, top };
}

/** Whether a kept state of the same class has option classes within `set`: it breaks the rule first, if at all. */
function subsumed(list: readonly KeptSet[] | undefined, set: Uint32Array): boolean {
  if (!list) return false;
  for (const k of list) {
    if (k.top >= 0 && (k.bits[k.top]! & ~set[k.top]!) !== 0) continue;
    if (subset(k.bits, set)) return true;
  }
  return false;
}

/** Keep `set` for class x unless subsumed; drop the kept sets that contain it. */
function keep(kept: Map<number, KeptSet[]>, x: number, set: Uint32Array): boolean {
  const list = kept.get(x);
  if (!list) {
    kept.set(x, [keptSet(set)]);
    return true;
  }
  if (subsumed(list, set)) return false;
  const rest = list.filter((k) => !subset(set, k.bits));
  rest.push(keptSet(set));
  kept.set(x, rest);
  return true;
}

function forEachBit(a: Uint32Array, f: (i: number) => void): void {
  for (let i = 0; i < a.length; i++) {
    let w = a[i]!;
    while (w !== 0) {
      const low = w & -w;
      f((i << 5) + 31 - Math.clz32(low));
      w ^= low;
    }
  }
}

function meets(a: Uint32Array, b: Uint32Array): boolean {
  for (let i = 0; i < a.length; i++) if ((a[i]! & b[i]!) !== 0) return true;
  return false;
}

function subset(a: Uint32Array, b: Uint32Array): boolean {
  for (let i = 0; i < a.length; i++) if ((a[i]! & ~b[i]!) !== 0) return false;
  return true;
}

/**
 * A lower bound on the order of the real quotient from a candidate whose least failure has
 * `failureTokens` tokens: every sum with fewer tokens is predicted rightly, so two classes whose
 * least sums W, W' are told apart by a sum Z (W + Z and W' + Z both below the failure, their
 * predictions different) are different classes of the real quotient too. Counts, for a few
 * thresholds t, the classes with least sums of at most t tokens that sums of fewer than
 * failureTokens - t tokens tell apart.
 */
export function certifiedLowerBound(
  q: Quotient,
  opts: readonly (readonly (readonly number[])[])[],
  failureTokens: number,
): number {
  const m = q.order;
  const least = leastSums(q, heapKinds(q, opts));
  const byTokens = least.order.filter((x) => least.tokens[x]! < failureTokens);
  const thresholds = [...new Set(byTokens.map((x) => least.tokens[x]!))];
  const step = Math.max(1, Math.floor(thresholds.length / 16));
  let best = 1;
  for (let i = 0; i < thresholds.length; i += step) {
    const t = thresholds[i]!;
    const classes = byTokens.filter((x) => least.tokens[x]! <= t);
    const tests = byTokens.filter((z) => least.tokens[z]! < failureTokens - t);
    if (classes.length <= best) continue;
    const seen = new Set<string>();
    for (const x of classes) {
      let key = '';
      for (const z of tests) key += q.isP[q.mult[x * m + z]!] === 1 ? '1' : '0';
      seen.add(key);
    }
    best = Math.max(best, seen.size);
  }
  return best;
}
