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
  ) {}

  get length(): number {
    return this.bytes.length;
  }

  at(n: number): number {
    const b = this.bytes[n]!;
    return b !== this.escapeByte ? b : this.words[n]!;
  }

  /** g[lo, hi) as a new Uint16Array: the bytes widened, then the escaped ones replaced. */
  slice(lo: number, hi: number): Uint16Array {
    const part = this.bytes.subarray(lo, Math.max(lo, hi));
    const out = new Uint16Array(part.length);
    out.set(part);
    for (let i = part.indexOf(this.escapeByte); i !== -1; i = part.indexOf(this.escapeByte, i + 1)) {
      out[i] = this.words[lo + i]!;
    }
    return out;
  }

  /** Write `values` from heap `at` on (each below 2^16). */
  set(values: ArrayLike<number>, at = 0): void {
    const { bytes, words, escapeByte: esc } = this;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (v < esc) bytes[at + i] = v;
      else {
        bytes[at + i] = esc;
        words[at + i] = v;
      }
    }
  }
}

/** The engine's table of a game: a typed array, or sparse space's narrow table. */
export type Table = Values | NarrowValues;

/** The width the values of a table are stored at: a narrow table holds Uint16 values. */
export function tableWidth(g: Table): Width {
  return g instanceof NarrowValues ? 16 : widthOf(g);
}

/** g[lo, hi) as a typed array: a view of a typed table, a copy of a narrow one. */
export function tableSlice(g: Table, lo: number, hi: number): Values {
  return g instanceof NarrowValues ? g.slice(lo, hi) : g.subarray(lo, hi);
}

/**
 * g[lo, hi) for the store, given its largest value: while that is below a narrow table's escape
 * byte, the bytes themselves (a view; the store copies it), so that a chunk is not widened to
 * 16 bits on the main thread only for the store to narrow it back to bytes.
 */
export function chunkValues(g: Table, lo: number, hi: number, max: number): Values {
  return g instanceof NarrowValues && max < g.escapeByte ? g.bytes.subarray(lo, hi) : tableSlice(g, lo, hi);
}

/** The largest of g[lo, hi) (0 when empty). */
export function tableMax(g: Table, lo: number, hi: number): number {
  if (!(g instanceof NarrowValues)) return maxOf(g, lo, hi);
  const m = maxOf(g.bytes, lo, hi);
  return m < g.escapeByte ? m : maxOf(g.slice(lo, hi));
}

/** The typed array a strategy that does not run sparse space reads and writes. */
export function typedTable(g: Table): Values {
  if (g instanceof NarrowValues) throw new Error('a narrow sparse table reached a kernel that reads typed arrays');
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
  if (!(g instanceof NarrowValues)) {
    fn(g, lo, hi, 0);
    return;
  }
  for (let a = lo; a < hi; a += RUN_BLOCK) {
    const b = Math.min(hi, a + RUN_BLOCK);
    fn(g.slice(a, b), a, b, a);
  }
}

/** g(n) of any table. */
export function valueAt(g: Table, n: number): number {
  return g instanceof NarrowValues ? g.at(n) : g[n]!;
}
