import { sparseShape } from '../games/registry.js';
import { leastUnseen, type RareList, type SparseShape } from '../kernels/sparse.js';
import { classTable, type SparseMask, VALUE_LIMIT } from '../kernels/sparse-mask.js';
import { type NarrowValues, WindowedValues } from '../kernels/values.js';
import { type PlaceWindow, wholeWindow } from '../kernels/wasm/sparse-wasm.js';
import type { Rules } from '../rules/types.js';
import { sparseKernelChoice } from '../wasm/sparse-module.js';
import { SparseArena } from './sparse-arena.js';
import { ComputeError } from '../errors.js';

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
  /** The largest heap a kernel call may see (FRAME_LIMIT; tests make it small). */
  readonly frame?: number;
}

/**
 * The WebAssembly kernels count heaps in int32: a call sees no heap past this. A windowed run
 * goes on to 2^32 heaps all the same, its chunks past it run in a frame (SparseWindow.ready).
 */
export const FRAME_LIMIT = 2 ** 31 - 1;

/**
 * A window made ready for a chunk: where the place's table keeps which heaps, in the kernel's
 * frame, and the frame's shift. The kernel sees tail heap n as n - shift; the head and the rare
 * heaps stay where they are.
 */
export interface ReadyWindow {
  readonly place: WindowPlace;
  readonly shift: number;
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
  /** Chunks the kernel ran in a frame (past the frame's limit: 2^31 heaps). */
  framed = 0;
  /** Chunks whose late rare heaps read their partners from the band. */
  banded = 0;
  /** The heaps the band holds. */
  private bandHeld = { from: 0, to: 0 };
  /** The largest heap a move takes away or splits off: how far back step 1 and one-heap moves read. */
  private readonly span: number;

  private constructor(
    readonly g: WindowedValues,
    /** The band: the partners of the late rare heaps, copied in for a chunk (ready, bandFor). */
    private band: NarrowValues,
    public arena: SparseArena,
    private readonly shape: SparseShape,
    private readonly slots: number,
    private readonly frame: number,
  ) {
    this.span = Math.max(0, ...shape.whole, ...shape.one, ...shape.two);
  }

  /** A window of `sizes` for a run of up to `limit` heaps, or null when no arena can be made. */
  static create(shape: SparseShape, sizes: WindowSizes, limit: number, slots: number): SparseWindow | null {
    // The band has the room of the first tail: slots head + tail on.
    const slotsAll = sizes.head + 2 * sizes.tail;
    const arena = SparseArena.create(shape, slotsAll, slotsAll, slots);
    if (arena === null) return null;
    const [head, tail, band] = split(arena, sizes.head, sizes.tail, sizes.tail);
    const g = new WindowedValues(head, tail, sizes.head, limit);
    return new SparseWindow(g, band, arena, shape, slots, sizes.frame ?? FRAME_LIMIT);
  }

  /** The table's slots in the arena. */
  get capacity(): number {
    return this.g.head.length + this.g.tail.length;
  }

  /**
   * Whether the tail, half of it behind a chunk, is too short for the partners of the rare heaps
   * up to lastRare (ready then needs the band, or grows it).
   */
  crowded(lastRare: number): boolean {
    return lastRare + this.span + 2 * SLACK > this.g.tail.length / 2;
  }

  /** The longest chunk: a quarter of the tail, so that a slide keeps the chunk before. */
  get maxChunk(): number {
    return Math.max(1, Math.floor(this.g.tail.length / 4));
  }

  /**
   * Make the window hold the chunk [lo, hi) (hi - lo at most maxChunk), given the last rare
   * heap: the tail slides forward when the chunk would pass its end, and grows when the rare
   * heaps' partners would fall before it. Values before the tail must be in the store. Past
   * the frame's limit the kernel sees the chunk's heaps moved back (shiftFor).
   */
  ready(lo: number, hi: number, rare: RareList): ReadyWindow {
    const g = this.g;
    const head = g.head.length;
    const lastRare = rare.count > 0 ? rare.pos[rare.count - 1]! : 0;
    const need = lastRare + this.span + SLACK;
    const whole = { place: wholeWindow(head), shift: 0 };
    if (g.tailFrom === head && hi <= g.tailEnd) return whole;
    let from = g.tailFrom;
    if (hi > g.tailEnd) from = Math.max(from, g.tailStartNear(lo - g.tail.length / 2));
    const fits = hi <= from + g.tail.length;
    const band = fits && lo - from < need ? this.bandFor(lo, hi, from, rare) : null;
    if (!fits || (lo - from < need && band === null)) {
      let tail = g.tail.length;
      while (tail / 2 < need + (hi - lo) + SLACK) tail *= 2;
      this.grow(tail, lo);
      from = g.tailFrom;
      if (from === head) return whole;
    } else g.moveTail(from, lo);
    const shift = this.shiftFor(lo, hi, lastRare, from);
    if (band === null) {
      // A rare heap found in this chunk has partners before the tail: the run stops after it.
      const reach = Math.max(0, lo - this.span - from - SLACK);
      return { place: { ...wholeWindow(head), tailFrom: from - shift, reach }, shift };
    }
    // The band holds the partners [bandFrom, bandTo) of the rare heaps from band.rare on, at the
    // slots past the tail: their RQ is moved by bandFrom - tailEnd (sparse-wasm.ts putRare). Any
    // rare heap found in this chunk lies past the last one and stops the run.
    this.fillBand(band.from, band.to);
    this.banded++;
    const bandOffset = band.from - (from + g.tail.length);
    return {
      place: { head, tailFrom: from - shift, reach: lastRare, bandRare: band.rare, bandOffset },
      shift,
    };
  }

  /**
   * The band for the chunk [lo, hi) with the tail from `tailFrom`, when the rare heaps' partners
   * reach before the tail: the rare heaps past those whose partners the tail holds (from `rare`
   * on) read theirs from a copy of heaps [from, to), every partner of theirs for the chunk's
   * sums. Null (the tail grows instead) when those do not fit the band, or when a band partner
   * could be a heap of the chunk itself (a rare heap shorter than the chunk).
   */
  private bandFor(
    lo: number,
    hi: number,
    tailFrom: number,
    rare: RareList,
  ): { readonly rare: number; readonly from: number; readonly to: number } | null {
    const served = lo - tailFrom - this.span - SLACK;
    let i = rare.count;
    while (i > 0 && rare.pos[i - 1]! > served) i--;
    if (i === rare.count) return null;
    const first = rare.pos[i]!;
    const last = rare.pos[rare.count - 1]!;
    if (first <= hi - lo + this.span + SLACK) return null;
    const from = Math.max(0, lo - this.span - last - SLACK);
    const to = hi - first + SLACK;
    return to - from <= this.band.length ? { rare: first, from, to } : null;
  }

  /**
   * The frame of a chunk [lo, hi) whose heaps pass the frame's limit, with the tail from
   * `tailFrom`: its heaps and the tail moved back by an even shift to start at `floor`, every
   * other heap a kernel compares with them (the rare heaps, the head, the reach, the moves)
   * left where it is. The kernel's values are the same
   * (docs/sparse.md "Past 2^31 heaps"): it reads the tail at differences of heaps (the partner
   * s - r, the second part s - a), and each comparison it makes of a chunk heap with one of
   * those others, or with half of it, comes out the same for every heap from `floor` on.
   */
  private shiftFor(lo: number, hi: number, lastRare: number, tailFrom: number): number {
    if (hi <= this.frame) return 0;
    const floor = Math.max(
      Math.ceil(this.frame / 2),
      // The tail starts past the head (so the kernel knows the table is windowed), and a rare heap
      // found in the chunk lies past the reach (below lo - tailFrom), as it does unmoved.
      lo - tailFrom + this.g.head.length + SLACK,
      // Half a sum (parts that must differ, the rare heaps split off at half a block) past every rare heap.
      2 * (lastRare + SLACK) + this.span + 1,
      // Half a sum past the head, so a scan stops at the window's reach, as it does unmoved.
      2 * this.g.head.length + this.span + SLACK,
      // A gang's blocks need the sums below twice its frozen bound, which is at least the gang's lo.
      this.maxChunk + SLACK,
    );
    const over = lo - floor;
    const shift = over > 0 ? over - (over % 2) : 0;
    if (hi - shift > this.frame)
      throw new ComputeError(
        `heaps [${lo}, ${hi}) cannot be framed below ${this.frame}: the rare heaps reach ${lastRare}`,
      );
    if (shift > 0) this.framed++;
    return shift;
  }

  /**
   * Make the band hold heaps [from, to): what it held of them already moves to the front, the
   * rest is read (from the store, mostly). Chunk after chunk the band slides forward by a chunk.
   */
  private fillBand(from: number, to: number): void {
    const held = this.bandHeld;
    let at = from;
    if (from >= held.from && from < held.to) {
      at = Math.min(held.to, to);
      this.band.shift(from - held.from, at - from);
    }
    if (to > at) this.band.set(this.g.slice(at, to), at - from);
    this.bandHeld = { from, to };
  }

  /** A new arena with a tail of `tail` heaps ending its known values at lo: the old tail and the store fill it. */
  private grow(tail: number, lo: number): void {
    const g = this.g;
    const headLength = g.head.length;
    const slotsAll = headLength + tail + this.band.length;
    const arena = SparseArena.create(this.shape, slotsAll, slotsAll, this.slots);
    if (arena === null) throw new Error(`no WebAssembly memory for a sparse window of ${headLength + tail} heaps`);
    const [head, longer, band] = split(arena, headLength, tail, this.band.length);
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
    this.band = band;
    this.bandHeld = { from: 0, to: 0 };
    this.arena = arena;
    this.grown++;
  }

  /**
   * g(n) of the heap whose scan the kernel could not finish inside the window, from the window
   * and the store, by the kernel's own method (docs/sparse.md): step 1 marks the one-heap moves
   * and every pair with a rare part (`rare` under `mask`, the rare heaps of g[1, n)), which gives
   * c, the least value of the class they make that is not an option; then the values of the
   * other class below c that are not marked are wanted, and the pairs are scanned a block at a
   * time from the smallest part up, until each wanted value is seen (g = c) or the pairs run
   * out (g = the least one never seen). Grundy's game near 7 * 10^8 has heaps whose value 259
   * first shows at a part past 2^21: the scan then stops as soon as it does, where reading every
   * pair took seconds a heap.
   */
  fullValue(n: number, rare: RareList, mask: SparseMask): number {
    const g = this.g;
    const cls = classTable(mask.bits);
    const marked = new Uint8Array(VALUE_LIMIT + 1);
    const { whole, one, two, distinct } = this.shape;
    for (const d of whole) if (d === n) marked[0] = 1;
    for (const r of one) if (n > r) marked[g.at(n - r)] = 1;
    for (const d of two) {
      const s = n - d;
      for (let j = 0; j < rare.count && rare.pos[j]! < s; j++) {
        const r = rare.pos[j]!;
        if (distinct && 2 * r === s) continue;
        marked[rare.val[j]! ^ g.at(s - r)] = 1;
      }
    }
    // The class of the values step 1 gives at n (assembly/sparse/heap.ts run: `common`).
    const common = 1 ^ (mask.parity & (n - (two[0] ?? 0)) & 1);
    let c = 0;
    while (c < VALUE_LIMIT && (cls[c] !== common || marked[c] === 1)) c++;
    const want = new Uint8Array(VALUE_LIMIT + 1);
    const wanted = new Int32Array(c);
    let total = 0;
    for (let x = 0; x < c; x++) {
      if (cls[x] === common || marked[x] === 1) continue;
      want[x] = 1;
      wanted[total++] = x;
    }
    let left = total;
    this.misses++;
    const BLOCK = 1 << 20;
    // A plain array: two is an Int32Array, whose map would wrap the sums past 2^31.
    const sums = Array.from(two, (d) => n - d).filter((s) => s >= 2);
    const amax = (s: number): number => Math.floor((distinct ? s - 1 : s) / 2);
    const most = Math.max(0, ...sums.map(amax));
    for (let a0 = 1; left > 0 && a0 <= most; a0 += BLOCK) {
      for (const s of sums) {
        const a1 = Math.min(amax(s) + 1, a0 + BLOCK);
        if (a1 <= a0) continue;
        const low = g.slice(a0, a1);
        // high[i] = g(s - a1 + 1 + i): the pair (a, s - a) reads high[a1 - 1 - a].
        const high = g.slice(s - a1 + 1, s - a0 + 1);
        for (let a = a0; a < a1; a++) {
          const x = low[a - a0]! ^ high[a1 - 1 - a]!;
          if (want[x] === 1) {
            want[x] = 0;
            left--;
          }
        }
      }
    }
    return leastUnseen(wanted, total, want, left, c);
  }
}

/** An arena's table as a head of `head` values, a tail of `tail` right after it, and a band after that. */
function split(
  arena: SparseArena,
  head: number,
  tail: number,
  band: number,
): [NarrowValues, NarrowValues, NarrowValues] {
  const all = arena.values(head + tail + band);
  return [all.part(0, head), all.part(head, head + tail), all.part(head + tail)];
}
