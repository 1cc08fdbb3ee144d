import type { RangeOutcome } from '../kernel.js';
import type { Values } from '../values.js';
import { nextStamp } from '../mex.js';

/**
 * The frozen-prefix seam (docs/parallel.md). Heaps are computed in two phases around a
 * frozen bound F (every value below F is final):
 *
 *  - gather (parallel): for each n of a tile [lo, hi) (F <= lo), mark in n's row the value of
 *    every option whose heaps are all < F. Those values are final, so tiles run on any worker,
 *    in any order, reading g straight from the shared table.
 *  - finish (ordered): for n = s, s+1, ..., e-1, once every value below s is final, add the
 *    options that touch [F, n) and take the mex of the row.
 *
 * The pool runtime gathers a chunk [F, hi) in tiles and finishes it whole (s = F); a gang
 * (src/gang/) gathers and finishes each tile [s, e) with F as low as members - 1 tiles back.
 * Rows are bitsets over values, rowWords Int32 words a heap, starting at the range's first
 * heap (lo for a gather, s for a finish); value v is bit (v & 31) of word v >>> 5. Every
 * gathered value is an XOR of values < 2^bits(max g[0..F)), so rowWords = rowWordsFor(that
 * max) holds them all; only finish can meet larger values, which it keeps aside (see RowMex).
 *
 * A family plugs in by implementing this interface (see kernels/frozen/index.ts). The sparse
 * gang kernel (kernels/sparse-frozen.ts) has the same two phases.
 */
export interface FrozenKernel {
  /** Which algorithm ran, reported by `grundy compute --json` as `kernel`. */
  readonly name: string;
  /**
   * Int32 words of row scratch per heap when the values gathered come from a prefix whose
   * largest value is maxValue: rowWordsFor(maxValue) for bitset rows, more for kernels whose
   * rows hold a byte per value (see frozenRowWords).
   */
  rowWords(maxValue: number): number;
  /**
   * Clear and fill the rows of n in [lo, hi) (F <= lo <= hi; row 0 is lo's) from options with
   * every heap < F. May return per-n data the finish needs (custom modules defer their ordered
   * option tuples this way); null when there is none.
   */
  gather(g: Values, F: number, lo: number, hi: number, rows: Int32Array, rowWords: number): Int32Array | null;
  /**
   * Compute g(n) for n in [s, e) in order (F <= s; row 0 is s's), given every row gathered with
   * the frozen bound F and every value below s final: add the options touching [F, n) and take
   * the mex. `deferred` holds the gather outputs of the tiles covering [s, e), in order. Stops
   * early (like a range kernel) when a value does not fit the width of g.
   */
  finish(
    g: Values,
    F: number,
    s: number,
    e: number,
    rows: Int32Array,
    rowWords: number,
    deferred: readonly (Int32Array | null)[],
  ): RangeOutcome;
}

/**
 * A gather that could not finish its tile (a custom module throwing at heap `next`): the rows
 * of [lo, next) are filled and `deferred` holds their data, so the finish can still compute
 * the values below `next` and the coordinator store them before the error surfaces.
 */
export class GatherFailure extends Error {
  constructor(
    message: string,
    readonly next: number,
    readonly exitCode: number,
    readonly deferred: Int32Array | null,
  ) {
    super(message);
    this.name = 'GatherFailure';
  }
}

/** How the in-chunk (ordered) work of a family grows with the chunk length C at heap n. */
export type OrderedShare = 'linear' | 'sqrt' | 'none';

/** Bits needed for the XOR of any values <= maxValue. */
export function valueBits(maxValue: number): number {
  return maxValue <= 0 ? 1 : 32 - Math.clz32(maxValue);
}

/** Words per row so that every XOR of values <= maxValue has its bit. */
export function rowWordsFor(maxValue: number): number {
  const bits = valueBits(maxValue);
  return bits <= 5 ? 1 : 2 ** (bits - 5);
}

/**
 * The mex of a row plus the in-chunk values that did not fit in it. Values beyond the row are
 * rare (only in-chunk options can produce them), so they live in a small stamped set.
 */
export class RowMex {
  private extra = new Int32Array(64);
  private stamp = 0;
  private hasExtra = false;

  /** Start the extra set of a new heap. */
  reset(): void {
    if (this.hasExtra) {
      this.stamp = nextStamp(this.extra, this.stamp);
      this.hasExtra = false;
    }
  }

  /** Mark value v for the current heap: in its row when it fits, else aside. */
  mark(rows: Int32Array, base: number, rowWords: number, v: number): void {
    const w = v >>> 5;
    if (w < rowWords) rows[base + w]! |= 1 << (v & 31);
    else this.markAside(v, rowWords);
  }

  /**
   * Mark a value beyond the row (v >= rowWords * 32). Hot loops test `v >>> 5 < rowWords`
   * themselves and call this only for the rare wide value.
   */
  markAside(v: number, rowWords: number): void {
    this.markAsideFrom(v, rowWords * 32);
  }

  /** markAside for rows holding rowValues values (byte rows hold 4 per word, bit rows 32). */
  markAsideFrom(v: number, rowValues: number): void {
    if (!this.hasExtra) {
      this.stamp = nextStamp(this.extra, this.stamp);
      this.hasExtra = true;
    }
    const i = v - rowValues;
    if (i >= this.extra.length) {
      let size = this.extra.length * 2;
      while (size <= i) size *= 2;
      const next = new Int32Array(size);
      next.set(this.extra);
      this.extra = next;
    }
    this.extra[i] = this.stamp;
  }

  mex(rows: Int32Array, base: number, rowWords: number): number {
    for (let w = 0; w < rowWords; w++) {
      const free = ~rows[base + w]!;
      if (free !== 0) return w * 32 + (31 - Math.clz32(free & -free));
    }
    return this.mexBeyond(rowWords * 32);
  }

  /** The least value >= rowValues (the values a row holds) not marked aside. */
  mexBeyond(rowValues: number): number {
    let i = 0;
    if (this.hasExtra) {
      const extra = this.extra;
      while (i < extra.length && extra[i] === this.stamp) i++;
    }
    return rowValues + i;
  }
}
