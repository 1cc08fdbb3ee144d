import { ComputeError } from '../errors.js';
/** Grundy values live in the narrowest typed array that holds them; width grows 8 -> 16 -> 32. */
export type Values = Uint8Array | Uint16Array | Uint32Array;
export type Width = 8 | 16 | 32;

export const WIDTHS: readonly Width[] = [8, 16, 32];

export function capacityOf(width: Width): number {
  return width === 8 ? 0xff : width === 16 ? 0xffff : 0xffffffff;
}

export function widthOf(values: Values): Width {
  return values instanceof Uint8Array ? 8 : values instanceof Uint16Array ? 16 : 32;
}

/** The narrowest width that holds value v. */
export function widthFor(v: number): Width {
  return v <= 0xff ? 8 : v <= 0xffff ? 16 : 32;
}

export function wider(a: Width, b: Width): Width {
  return a >= b ? a : b;
}

export function valuesOver(buffer: ArrayBufferLike, width: Width, length?: number): Values {
  if (width === 8) return new Uint8Array(buffer, 0, length);
  if (width === 16) return new Uint16Array(buffer, 0, length);
  return new Uint32Array(buffer, 0, length);
}

/** A zeroed value array of the given width over a SharedArrayBuffer, readable by workers in place. */
export function sharedValues(width: Width, length: number): Values {
  const buffer = new SharedArrayBuffer(Math.max(1, length) * (width / 8));
  return valuesOver(buffer, width, length);
}

export function plainValues(width: Width, length: number): Values {
  return width === 8 ? new Uint8Array(length) : width === 16 ? new Uint16Array(length) : new Uint32Array(length);
}

/**
 * Copy the first `count` values of `source` into a new array of `width` and `length`: over a
 * SharedArrayBuffer for tables that workers read, a plain one for single-thread use.
 */
export function regrow(source: Table, count: number, width: Width, length: number, shared = true): Values {
  if (source instanceof WindowedValues)
    throw new ComputeError(
      `a value passed 65535 in a windowed run, whose tables hold 16-bit values: run with --to ${WINDOW_NOTE}`,
    );
  const target = shared ? sharedValues(width, length) : plainValues(width, length);
  target.set(tableSlice(source, 0, count));
  return target;
}

export function maxOf(values: Values, lo = 0, hi = values.length): number {
  let m = 0;
  for (let i = lo; i < hi; i++) {
    const v = values[i]!;
    if (v > m) m = v;
  }
  return m;
}

/**
 * A table of bytes with the values from `escapeByte` on kept aside: bytes[n] = min(g(n),
 * escapeByte), and words[n] = g(n) wherever bytes[n] is escapeByte (nothing else of `words` is
 * read or written, so its pages stay untouched). Sparse space keeps its tables so
 * (engine/sparse-arena.ts): Grundy's game has 9,984 values of 255 or more among its first 10^8,
 * and a byte a value is a third of the Uint16 table and byte copy the SIMD scans read before.
 */
export class NarrowValues {
  constructor(
    readonly bytes: Uint8Array,
    readonly words: Uint16Array,
    readonly escapeByte = 0xff,
    /**
     * g(n) & 255 for every n, when the sparse kernels' scan reads them (engine/sparse-arena.ts):
     * past 255 it tests the low bytes instead of rebuilding escaped values (assembly/sparse/scan.ts).
     */
    readonly lows: Uint8Array | null = null,
  ) {}

  /** The table's values [lo, hi) as a table of their own: views of every part. */
  part(lo: number, hi = this.length): NarrowValues {
    return new NarrowValues(
      this.bytes.subarray(lo, hi),
      this.words.subarray(lo, hi),
      this.escapeByte,
      this.lows?.subarray(lo, hi) ?? null,
    );
  }

  /** Copy `from`'s values to the start of this table (the same escape byte). */
  copyFrom(from: NarrowValues): void {
    this.bytes.set(from.bytes);
    this.words.set(from.words);
    if (this.lows !== null) {
      if (from.lows !== null) this.lows.set(from.lows);
      else for (let n = 0; n < from.length; n++) this.lows[n] = from.at(n) & 0xff;
    }
  }

  /** Move the values [from, from + count) to the start (Array.copyWithin of every part). */
  shift(from: number, count: number): void {
    this.bytes.copyWithin(0, from, from + count);
    this.words.copyWithin(0, from, from + count);
    this.lows?.copyWithin(0, from, from + count);
  }

  get length(): number {
    return this.bytes.length;
  }

  at(n: number): number {
    const b = this.bytes[n]!;
    return b !== this.escapeByte ? b : this.words[n]!;
  }

  /** The largest of g[lo, hi) (0 when empty): the bytes', or past the escape byte the escaped values'. */
  max(lo: number, hi: number): number {
    const { bytes, words, escapeByte: esc } = this;
    // One pass: the bytes' largest, then the escaped values', took three times as long for
    // Officers (one value in twelve escaped); an indexOf call an escape took longer still.
    let top = 0;
    for (let i = lo; i < hi; i++) {
      const b = bytes[i]!;
      const v = b !== esc ? b : words[i]!;
      if (v > top) top = v;
    }
    return top;
  }

  /** How many of g[lo, hi) are escaped (at least the escape byte). */
  escapes(lo: number, hi: number): number {
    const { bytes, escapeByte: esc } = this;
    let count = 0;
    for (let i = lo; i < hi; i++) count += bytes[i] === esc ? 1 : 0;
    return count;
  }

  /**
   * Each escaped heap n in [lo, hi) with its value, in order, until `fn` returns false: whether
   * it never did. The bytes are searched (indexOf), not read one by one.
   */
  eachEscaped(lo: number, hi: number, fn: (n: number, v: number) => boolean | undefined): boolean {
    const part = this.bytes.subarray(lo, Math.max(lo, hi));
    for (let i = part.indexOf(this.escapeByte); i !== -1; i = part.indexOf(this.escapeByte, i + 1))
      if (fn(lo + i, this.words[lo + i]!) === false) return false;
    return true;
  }

  /** g[lo, hi) as a new Uint16Array: the bytes widened, then the escaped ones replaced. */
  slice(lo: number, hi: number): Uint16Array {
    const out = new Uint16Array(Math.max(0, hi - lo));
    out.set(this.bytes.subarray(lo, Math.max(lo, hi)));
    this.eachEscaped(lo, hi, (n, v) => {
      out[n - lo] = v;
      return true;
    });
    return out;
  }

  /** Write `values` from heap `at` on (each below 2^16). */
  set(values: ArrayLike<number>, at = 0): void {
    const { bytes, words, escapeByte: esc, lows } = this;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (v < esc) bytes[at + i] = v;
      else {
        bytes[at + i] = esc;
        words[at + i] = v;
      }
    }
    if (lows !== null) for (let i = 0; i < values.length; i++) lows[at + i] = values[i]! & 0xff;
  }
}

/** What the windowed-table refusal suggests. */
const WINDOW_NOTE = 'at most 2^27, whose table is kept whole';

/**
 * A table too long to keep whole (sparse space, engine/sparse-window.ts): the head g[0,
 * head.length) and the tail g[tailFrom, tailFrom + tail.length) in memory, narrow both; any
 * other value is read from the store through `source` (the values before the tail are stored
 * before it moves past them). While tailFrom = head.length the two are one table.
 */
export class WindowedValues {
  /** Reads stored values outside the window (set by whoever holds the store). */
  source: ((lo: number, hi: number) => Values) | null = null;

  constructor(
    public head: NarrowValues,
    public tail: NarrowValues,
    public tailFrom: number,
    /** The heaps the run may compute: the table's length as the coordinator sees it. */
    readonly length: number,
  ) {}

  get escapeByte(): number {
    return this.head.escapeByte;
  }

  /** The first heap past the tail. */
  get tailEnd(): number {
    return this.tailFrom + this.tail.length;
  }

  /** Whether g[lo, hi) is all in the tail. */
  inTail(lo: number, hi: number): boolean {
    return lo >= this.tailFrom && hi <= this.tailEnd;
  }

  at(n: number): number {
    if (n < this.head.length) return this.head.at(n);
    if (n >= this.tailFrom && n < this.tailEnd) return this.tail.at(n - this.tailFrom);
    return this.slice(n, n + 1)[0]!;
  }

  /** g[lo, hi) as a new Uint16Array, from the head, the store and the tail in turn. */
  slice(lo: number, hi: number): Uint16Array {
    const out = new Uint16Array(Math.max(0, hi - lo));
    let n = lo;
    while (n < hi) {
      let to: number;
      if (n < this.head.length) {
        to = Math.min(hi, this.head.length);
        out.set(this.head.slice(n, to), n - lo);
      } else if (n >= this.tailFrom && n < this.tailEnd) {
        to = Math.min(hi, this.tailEnd);
        out.set(this.tail.slice(n - this.tailFrom, to - this.tailFrom), n - lo);
      } else {
        to = n < this.tailFrom ? Math.min(hi, this.tailFrom) : hi;
        if (this.source === null) throw new Error(`g[${n}, ${to}) lies outside a windowed table with no store`);
        out.set(this.source(n, to), n - lo);
      }
      n = to;
    }
    return out;
  }

  /** Write `values` from heap `at` on where the window holds them (the rest is the store's). */
  set(values: ArrayLike<number>, at = 0): void {
    const end = at + values.length;
    const part = (lo: number, hi: number, into: NarrowValues, base: number): void => {
      if (hi <= lo) return;
      const from = lo - at;
      const piece = ArrayBuffer.isView(values)
        ? (values as Values).subarray(from, from + hi - lo)
        : Array.from({ length: hi - lo }, (_, i) => values[from + i]!);
      into.set(piece, lo - base);
    };
    part(at, Math.min(end, this.head.length), this.head, 0);
    part(Math.max(at, this.tailFrom, this.head.length), Math.min(end, this.tailEnd), this.tail, this.tailFrom);
  }

  /** Where a tail placed to start near heap `at` starts: a multiple of 64 past the head, never before it. */
  tailStartNear(at: number): number {
    const head = this.head.length;
    return head + Math.max(0, Math.floor((at - head) / 64) * 64);
  }

  /**
   * Move the tail to start at `from` (>= tailFrom, a multiple of 64 past the head): the values
   * [from, keep) it holds move to its front. Call with no kernel running.
   */
  moveTail(from: number, keep: number): void {
    if (from === this.tailFrom) return;
    const shift = from - this.tailFrom;
    const count = Math.max(0, keep - from);
    this.tail.shift(shift, count);
    this.tailFrom = from;
  }
}

/** The engine's table of a game: a typed array, sparse space's narrow table, or a windowed one. */
export type Table = Values | NarrowValues | WindowedValues;

/** A narrow table, windowed or whole. */
export function isNarrow(g: Table): g is NarrowValues | WindowedValues {
  return g instanceof NarrowValues || g instanceof WindowedValues;
}

/** The width the values of a table are stored at: a narrow table holds Uint16 values. */
export function tableWidth(g: Table): Width {
  return isNarrow(g) ? 16 : widthOf(g);
}

/** g[lo, hi) as a typed array: a view of a typed table, a copy of a narrow one. */
export function tableSlice(g: Table, lo: number, hi: number): Values {
  return isNarrow(g) ? g.slice(lo, hi) : g.subarray(lo, hi);
}

/** A chunk's values as the store takes them: a typed array, or a narrow table's part. */
export type ChunkValues = Values | NarrowValues;

/**
 * g[lo, hi) for the store, given its largest value, never widened on the main thread only for
 * the store to narrow it back: below a narrow table's escape byte, the bytes themselves (a
 * view; the store copies it); past it, the narrow table's part (views of its bytes and escaped
 * values), which the store encodes as it is (store/codec.ts).
 */
export function chunkValues(g: Table, lo: number, hi: number, max: number): ChunkValues {
  if (g instanceof WindowedValues && g.inTail(lo, hi))
    return chunkValues(g.tail, lo - g.tailFrom, hi - g.tailFrom, max);
  if (!(g instanceof NarrowValues)) return tableSlice(g, lo, hi);
  return max < g.escapeByte ? g.bytes.subarray(lo, hi) : g.part(lo, hi);
}

/** The largest of g[lo, hi) (0 when empty). */
export function tableMax(g: Table, lo: number, hi: number): number {
  if (g instanceof WindowedValues)
    return g.inTail(lo, hi) ? g.tail.max(lo - g.tailFrom, hi - g.tailFrom) : maxOf(g.slice(lo, hi));
  return g instanceof NarrowValues ? g.max(lo, hi) : maxOf(g, lo, hi);
}

/** The typed array a strategy that does not run sparse space reads and writes. */
export function typedTable(g: Table): Values {
  if (isNarrow(g)) throw new Error('a narrow sparse table reached a kernel that reads typed arrays');
  return g;
}

/** Heaps a block when a narrow table is read in typed blocks (eachRun). */
const RUN_BLOCK = 1 << 16;

/**
 * fn over g[lo, hi) in typed runs: a typed table once, whole (base 0); a narrow one decoded a
 * block at a time, fn reading heap h at values[h - base].
 */
export function eachRun(
  g: Table,
  lo: number,
  hi: number,
  fn: (values: ArrayLike<number>, lo: number, hi: number, base: number) => void,
): void {
  if (!isNarrow(g)) {
    fn(g, lo, hi, 0);
    return;
  }
  for (let a = lo; a < hi; a += RUN_BLOCK) {
    const b = Math.min(hi, a + RUN_BLOCK);
    fn(g.slice(a, b), a, b, a);
  }
}

/** The buffer a task names for its table (unused by a task that runs in a sparse arena). */
export function tableBuffer(g: Table): SharedArrayBuffer {
  if (g instanceof WindowedValues) return g.head.bytes.buffer as SharedArrayBuffer;
  return (g instanceof NarrowValues ? g.bytes.buffer : g.buffer) as SharedArrayBuffer;
}

/** g(n) of any table. */
export function valueAt(g: Table, n: number): number {
  return isNarrow(g) ? g.at(n) : g[n]!;
}

/**
 * The ranges of g[0, computed) a resumed run reads from the store: all of it, or for a windowed
 * table the head and the tail, placed to end at `computed` (with room for as much again).
 */
export function resumeRanges(g: Table, computed: number): (readonly [number, number])[] {
  if (!(g instanceof WindowedValues)) return [[0, computed]];
  if (computed > g.tailEnd) g.tailFrom = Math.max(g.tailFrom, g.tailStartNear(computed - g.tail.length / 2));
  return [
    [0, Math.min(g.head.length, computed)],
    [g.tailFrom, Math.max(g.tailFrom, computed)],
  ];
}
