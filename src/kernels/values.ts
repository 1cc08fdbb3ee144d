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
export function regrow(source: Values, count: number, width: Width, length: number, shared = true): Values {
  const target = shared ? sharedValues(width, length) : plainValues(width, length);
  target.set(source.subarray(0, count));
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
