import { ComputeError } from '../errors.js';
import type { Periodicity } from '../period/detect.js';
import type { OptionsFunction } from '../kernels/kernel.js';
import { infiniteSetElements } from '../rules/infinite-sets.js';
import { digitsUpTo, takeBreakMoves } from '../rules/take-break.js';
import type { InfiniteSetName } from '../rules/types.js';

/**
 * What a move search reads: g of any heap it can answer (play/game-values.ts GameValues is one),
 * the table's length and the game's key for messages.
 */
export interface MoveValues {
  readonly key: string;
  /** Values stored in the loaded prefix. */
  readonly length: number;
  /** The proven period, if any: a search beyond the table uses it. */
  readonly cert: Periodicity | null;
  value(n: bigint): bigint;
  /** g(n) for n inside the loaded prefix. */
  valueInTable(n: number): number;
}

/** One move on one heap, in the game's own terms, with the heaps and values it leaves. */
export interface HeapMove {
  /** "remove 3", "remove 1 and split the rest into 3 + 6", "split into 2 and 5", "move to (1, 4)". */
  readonly move: string;
  /** Tokens taken away (0 for a pure split or a custom move). */
  readonly remove: bigint;
  /** The non-empty heaps left (empty when the move takes the whole heap). */
  readonly leaves: readonly bigint[];
  /** g of each heap left; their XOR is the value of the option. */
  readonly values: readonly bigint[];
}

/** Set by a search that answered a heap beyond the table from one period of representatives. */
export interface MoveSearchState {
  periodic: boolean;
  /** Set by a search that looked at part of the moves only (a huge heap): more may exist. */
  partial?: boolean;
}

/** Families without certificates: a known heap is inside the table, so a number. */
export function tableHeap(gv: MoveValues, n: bigint): number {
  if (n >= BigInt(gv.length)) throw new Error(`heap ${n} of ${gv.key} is beyond the loaded table`);
  return Number(n);
}

function tokens(k: bigint | number): string {
  return `${k} token${k === 1n || k === 1 ? '' : 's'}`;
}

export function* nimMoves(n: bigint, target: bigint): Iterable<HeapMove> {
  // Nim's options have every value below n exactly once.
  if (target < n) yield removeMove(n - target, target, target);
}

/** "remove s tokens, leaving m" (or the whole heap), with the value it leaves. */
export function removeMove(s: bigint, left: bigint, value: bigint): HeapMove {
  return left === 0n
    ? { move: `remove ${tokens(s)} (the whole heap)`, remove: s, leaves: [], values: [] }
    : { move: `remove ${tokens(s)}, leaving ${left}`, remove: s, leaves: [left], values: [value] };
}

export function* subtractionMoves(
  gv: MoveValues,
  n: bigint,
  target: bigint,
  set: ArrayLike<number>,
): Iterable<HeapMove> {
  for (let i = 0; i < set.length; i++) {
    const s = BigInt(set[i]!);
    if (s > n) break;
    const left = n - s;
    const v = left === 0n ? 0n : gv.value(left);
    if (v === target) yield removeMove(s, left, v);
  }
}

/** Elements of each infinite set, with the limit they cover; regrown geometrically (primes need a sieve). */
const elementCache = new Map<InfiniteSetName, { readonly elements: Int32Array; readonly coveredTo: number }>();

export function elementsUpTo(name: InfiniteSetName, limit: number): Int32Array {
  let cached = elementCache.get(name);
  if (!cached || cached.coveredTo < limit) {
    const to = Math.max(limit, 1024, Math.min(2 ** 31 - 1, 2 * (cached?.coveredTo ?? 0)));
    cached = { elements: infiniteSetElements(name, to), coveredTo: to };
    elementCache.set(name, cached);
  }
  const all = cached.elements;
  // Binary search for the count of elements <= limit.
  let lo = 0;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (all[mid]! <= limit) lo = mid + 1;
    else hi = mid;
  }
  return all.subarray(0, lo);
}

export function* allButMoves(
  gv: MoveValues,
  n: number,
  target: bigint,
  excluded: ReadonlySet<number>,
): Iterable<HeapMove> {
  if (target > BigInt(0xffffffff)) return;
  const t = Number(target);
  for (let s = 1; s <= n; s++) {
    if (excluded.has(s)) continue;
    const left = n - s;
    const v = left === 0 ? 0 : gv.valueInTable(left);
    if (v === t) yield removeMove(BigInt(s), BigInt(left), target);
  }
}

export function* grundySplitMoves(gv: MoveValues, n: number, target: bigint): Iterable<HeapMove> {
  for (let a = 1; 2 * a < n; a++) {
    const b = n - a;
    const va = gv.valueInTable(a);
    const vb = gv.valueInTable(b);
    if (BigInt(va ^ vb) === target) {
      yield {
        move: `split into ${a} and ${b}`,
        remove: 0n,
        leaves: [BigInt(a), BigInt(b)],
        values: [BigInt(va), BigInt(vb)],
      };
    }
  }
}

/**
 * For a heap m split into h parts with a proven period p from e (saltus 0): when m >= h(e + p),
 * any split can be turned into one whose h - 1 smallest parts are below e + p (replace each part
 * >= e by the least member of its residue class and give the difference to the largest part,
 * which stays >= e and keeps its residue). So searching the small parts over [1, e + p) finds a
 * move of every value that exists. Used beyond the table, and for a single move anywhere.
 */
function representativeBound(gv: MoveValues, m: bigint, parts: number, limit: number): bigint | null {
  const cert = gv.cert;
  if (cert?.saltus !== 0) return null;
  const span = BigInt(cert.preperiod + cert.period);
  if (m < BigInt(parts) * span) return null;
  if (m < BigInt(gv.length) && limit > 1) return null;
  return span;
}

export function* takeBreakMovesTo(
  gv: MoveValues,
  n: bigint,
  target: bigint,
  digits: readonly number[],
  limit: number,
  state: MoveSearchState,
  repeat?: number,
): Iterable<HeapMove> {
  // A repeating digit reaches every removal up to n: write it out that far (n is in the table).
  const moves = takeBreakMoves(repeat === undefined ? digits : digitsUpTo(digits, repeat, tableHeap(gv, n)));
  for (const i of moves.removeWhole) {
    if (BigInt(i) === n && target === 0n) yield { move: `remove all ${tokens(i)}`, remove: n, leaves: [], values: [] };
  }
  for (const i of moves.leaveOne) {
    const r = BigInt(i);
    if (n <= r) continue;
    const left = n - r;
    const v = gv.value(left);
    if (v === target) {
      yield { move: `remove ${tokens(i)}, leaving ${left}`, remove: r, leaves: [left], values: [v] };
    }
  }
  for (const i of moves.leaveTwo) {
    const r = BigInt(i);
    const m = n - r;
    if (m < 2n) continue;
    const bound = representativeBound(gv, m, 2, limit);
    if (bound !== null) state.periodic = true;
    const top = bound !== null ? bound - 1n : m / 2n;
    for (let a = 1n; a <= top; a++) {
      const b = m - a;
      const va = gv.value(a);
      const vb = gv.value(b);
      if ((va ^ vb) === target) {
        const what = i === 0 ? `split into ${a} + ${b}` : `remove ${tokens(i)} and split the rest into ${a} + ${b}`;
        yield { move: what, remove: r, leaves: [a, b], values: [va, vb] };
      }
    }
  }
  for (const i of moves.leaveThree) {
    const r = BigInt(i);
    const m = n - r;
    if (m < 3n) continue;
    const bound = representativeBound(gv, m, 3, limit);
    if (bound !== null) state.periodic = true;
    const topA = bound !== null ? bound - 1n : m / 3n;
    for (let a = 1n; a <= topA; a++) {
      const va = gv.value(a);
      const topB = bound !== null ? bound - 1n : (m - a) / 2n;
      for (let b = a; b <= topB; b++) {
        const c = m - a - b;
        if (c < b) break;
        const vb = gv.value(b);
        const vc = gv.value(c);
        if ((va ^ vb ^ vc) === target) {
          const what =
            i === 0
              ? `split into ${a} + ${b} + ${c}`
              : `remove ${tokens(i)} and split the rest into ${a} + ${b} + ${c}`;
          yield { move: what, remove: r, leaves: [a, b, c], values: [va, vb, vc] };
        }
      }
    }
  }
}

/** Lasker's Nim (4.3...): g(0) = 0, and for k >= 0 g(4k+1..4k+4) = 4k+1, 4k+2, 4k+4, 4k+3. */
export function laskerValue(n: bigint): bigint {
  const r = n % 4n;
  return r === 0n ? (n === 0n ? 0n : n - 1n) : r === 3n ? n + 1n : n;
}

/** The one heap of Lasker's Nim of value v (g is a bijection: it swaps 4k+3 and 4k+4). */
export function laskerHeapOf(v: bigint): bigint {
  return laskerValue(v);
}

/** Split searches of Lasker's Nim look at the first parts a < 2^20 of a larger heap only. */
const LASKER_SPLIT_SCAN = 1n << 20n;

/**
 * Moves of Lasker's Nim to value `target` from any heap, by the closed form. The removal is
 * unique (g is one-to-one); splits a + b are searched over a < 2^20 (then `state.partial`).
 * A winning move is always among them: a target below g(n) that no removal reaches is n itself
 * with n = 4k+3, and 1 + (n - 1) has value 1 xor (4k+2) = n.
 */
export function* laskerMoves(n: bigint, target: bigint, state: MoveSearchState): Iterable<HeapMove> {
  const left = laskerHeapOf(target);
  if (left < n) yield removeMove(n - left, left, target);
  const half = n / 2n;
  const top = half < LASKER_SPLIT_SCAN ? half : LASKER_SPLIT_SCAN - 1n;
  if (top < half) state.partial = true;
  for (let a = 1n; a <= top; a++) {
    const b = n - a;
    const va = laskerValue(a);
    const vb = laskerValue(b);
    if ((va ^ vb) === target) {
      yield { move: `split into ${a} + ${b}`, remove: 0n, leaves: [a, b], values: [va, vb] };
    }
  }
}

export function* moduleMoves(
  gv: MoveValues,
  n: number,
  target: bigint,
  options: OptionsFunction,
  path: string,
): Iterable<HeapMove> {
  let produced: unknown;
  try {
    produced = options(n);
  } catch (err) {
    throw new ComputeError(`${path}: options(${n}) threw: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (produced === null || typeof produced !== 'object' || !(Symbol.iterator in produced || 'length' in produced)) {
    throw new ComputeError(`${path}: options(${n}) did not return a list of heap tuples`);
  }
  const list =
    Symbol.iterator in produced ? (produced as Iterable<unknown>) : Array.from(produced as ArrayLike<unknown>);
  for (const tuple of list) {
    const heaps = typeof tuple === 'number' ? [tuple] : Array.isArray(tuple) ? (tuple as unknown[]) : null;
    if (heaps === null || !heaps.every((h) => typeof h === 'number' && Number.isInteger(h) && h >= 0 && h < n)) {
      throw new ComputeError(
        `${path}: options(${n}) yielded an invalid heap tuple (heaps must be integers in [0, ${n}))`,
      );
    }
    const nums = heaps as number[];
    const values = nums.map((h) => BigInt(gv.valueInTable(h)));
    const x = values.reduce((acc, v) => acc ^ v, 0n);
    if (x !== target) continue;
    const kept = nums.map((h, j) => ({ h, v: values[j]! })).filter((e) => e.h > 0);
    yield {
      move: `move to (${nums.join(', ')})`,
      remove: 0n,
      leaves: kept.map((e) => BigInt(e.h)),
      values: kept.map((e) => e.v),
    };
  }
}
