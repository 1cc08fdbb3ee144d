import { sparseShape } from '../games/registry.js';
import type { SparseShape } from '../kernels/sparse.js';
import { VALUE_LIMIT } from '../kernels/sparse-mask.js';
import { type NarrowValues, WindowedValues } from '../kernels/values.js';
import { WHOLE, type PlaceWindow } from '../kernels/wasm/sparse-wasm.js';
import type { Rules } from '../rules/types.js';
import { sparseKernelChoice } from '../wasm/sparse-module.js';
import { SparseArena } from './sparse-arena.js';

/**
 * Runs whose table would pass this many heaps keep a window of it (docs/sparse.md "Sparse space
 * in a window"): below it the whole table costs at most ~400 MB and the gang can run.
 */
/** The part of a run's kernel name that says its table was kept in a window (periodicity unchecked). */
export const WINDOW_KERNEL = 'window';

export const WINDOW_FROM = 1 << 27;

/**
 * Does a run of `to` heaps keep its table in a window (a `--to` run of a sparse-space game past
 * WINDOW_FROM, on the WebAssembly kernels)? Then its memory does not grow with `to`, and the
 * table's size is no reason to refuse it.
 */
export function keepsWindow(rules: Rules, to: number, untilProven: boolean): boolean {
  return !untilProven && to > WINDOW_FROM && sparseShape(rules) !== null && sparseKernelChoice() === 'wasm';
}

/** A window's sizes in heaps: the head g[0, head) and the tail's room (tests make them small). */
export interface WindowSizes {
  readonly head: number;
  readonly tail: number;
}

/**
 * Step 2's scans rarely go past a few thousand pairs (Officers to 2^22: 2,750 on average, 177
 * heaps past 2^14, the deepest 431,340), so a head of 2^21 heaps and a tail of as much again
 * behind the chunk leave the store to a handful of heaps.
 */
export const WINDOW_SIZES: WindowSizes = { head: 1 << 21, tail: 1 << 22 };

/** What a windowed place says of the window. */
export type WindowPlace = PlaceWindow;

/** Heaps a pair read reaches past what it uses (the widest SIMD load), and then some. */
const SLACK = 128;

/**
 * A sparse run's windowed table and the arena it lives in. Before a chunk, `ready` slides the
 * tail forward (or, when the rare heaps reach further back than it holds, makes a longer one),
 * so that the tail holds every partner step 1 and the one-heap moves read for the chunk's heaps:
 * then every read of the kernel lies in the window, and a scan that would leave it stops at that
 * heap (a miss), which `fullValue` computes from the window and the store.
 */
export class SparseWindow {
  /** Heaps whose value was computed here, outside the kernel. */
  misses = 0;
  /** Times the tail was made longer. */
  grown = 0;
  /** The largest heap a move takes away or splits off: how far back step 1 and one-heap moves read. */
  private readonly span: number;

  private constructor(
    readonly g: WindowedValues,
    public arena: SparseArena,
    private readonly shape: SparseShape,
    private readonly slots: number,
  ) {
    this.span = Math.max(0, ...shape.whole, ...shape.one, ...shape.two);
  }

  /** A window of `sizes` for a run of up to `limit` heaps, or null when no arena can be made. */
  static create(shape: SparseShape, sizes: WindowSizes, limit: number, slots: number): SparseWindow | null {
    const arena = SparseArena.create(shape, sizes.head + sizes.tail, sizes.head + sizes.tail, slots);
    if (arena === null) return null;
    const [head, tail] = split(arena, sizes.head, sizes.tail);
    return new SparseWindow(new WindowedValues(head, tail, sizes.head, limit), arena, shape, slots);
  }

  /** The table's slots in the arena. */
  get capacity(): number {
    return this.g.head.length + this.g.tail.length;
  }

  /** The longest chunk: a quarter of the tail, so that a slide keeps the chunk before. */
  get maxChunk(): number {
    return Math.max(1, Math.floor(this.g.tail.length / 4));
  }

  /**
   * Make the window hold the chunk [lo, hi) (hi - lo at most maxChunk), given the last rare
   * heap: the tail slides forward when the chunk would pass its end, and grows when the rare
   * heaps' partners would fall before it. Values before the tail must be in the store.
   */
  ready(lo: number, hi: number, lastRare: number): WindowPlace {
    const g = this.g;
    const head = g.head.length;
    const need = lastRare + this.span + SLACK;
    if (g.tailFrom === head && hi <= g.tailEnd) return { head, tailFrom: head, reach: WHOLE };
    let from = g.tailFrom;
    if (hi > g.tailEnd) from = Math.max(from, g.tailStartNear(lo - g.tail.length / 2));
    if (lo - from < need || hi > from + g.tail.length) {
      let tail = g.tail.length;
      while (tail / 2 < need + (hi - lo) + SLACK) tail *= 2;
      this.grow(tail, lo);
      from = g.tailFrom;
      if (from === head) return { head, tailFrom: head, reach: WHOLE };
    } else g.moveTail(from, lo);
    // A rare heap found in this chunk has partners before the tail: the run stops after it.
    return { head, tailFrom: from, reach: Math.max(0, lo - this.span - from - SLACK) };
  }

  /** A new arena with a tail of `tail` heaps ending its known values at lo: the old tail and the store fill it. */
  private grow(tail: number, lo: number): void {
    const g = this.g;
    const headLength = g.head.length;
    const arena = SparseArena.create(this.shape, headLength + tail, headLength + tail, this.slots);
    if (arena === null) throw new Error(`no WebAssembly memory for a sparse window of ${headLength + tail} heaps`);
    const [head, longer] = split(arena, headLength, tail);
    head.copyFrom(g.head);
    const from = lo <= headLength + tail ? headLength : g.tailStartNear(lo - tail / 2);
    // g still reads the old window (and the store): filled before it takes the new one.
    for (let at = from; at < lo; at += 1 << 20) {
      const to = Math.min(lo, at + (1 << 20));
      longer.set(g.slice(at, to), at - from);
    }
    g.head = head;
    g.tail = longer;
    g.tailFrom = from;
    this.arena = arena;
    this.grown++;
  }

  /**
   * g(n) from every option, read from the window and the store: the heap whose scan the kernel
   * could not finish inside the window. The plain definition, a block of pairs at a time.
   */
  fullValue(n: number): number {
    const g = this.g;
    const seen = new Uint8Array(VALUE_LIMIT + 1);
    const { whole, one, two, distinct } = this.shape;
    for (const d of whole) if (d === n) seen[0] = 1;
    for (const r of one) if (n > r) seen[g.at(n - r)] = 1;
    const BLOCK = 1 << 20;
    for (const d of two) {
      const s = n - d;
      if (s < 2) continue;
      const amax = distinct ? (s - 1) >> 1 : s >> 1;
      for (let a0 = 1; a0 <= amax; a0 += BLOCK) {
        const a1 = Math.min(amax + 1, a0 + BLOCK);
        const low = g.slice(a0, a1);
        // high[i] = g(s - a1 + 1 + i): the pair (a, s - a) reads high[a1 - 1 - a].
        const high = g.slice(s - a1 + 1, s - a0 + 1);
        for (let a = a0; a < a1; a++) seen[low[a - a0]! ^ high[a1 - 1 - a]!] = 1;
      }
    }
    let v = 0;
    while (seen[v] === 1) v++;
    this.misses++;
    return v;
  }
}

/** An arena's table as a head of `head` values and a tail of `tail` right after it. */
function split(arena: SparseArena, head: number, tail: number): [NarrowValues, NarrowValues] {
  const all = arena.values(head + tail);
  return [all.part(0, head), all.part(head)];
}
