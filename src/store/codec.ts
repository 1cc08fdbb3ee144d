import { type NarrowValues, plainValues, type Values, type Width } from '../kernels/values.js';

/**
 * Chunks are stored as the little-endian bytes of their typed array. Every platform Node
 * supports here is little-endian; we refuse to run elsewhere rather than store foreign bytes.
 */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The chunk's bytes for a statement to bind right away (a view of `values`). */
export function encodeChunk(values: Values): Buffer {
  if (!LITTLE_ENDIAN) throw new Error('grundy-engine stores little-endian chunks; this platform is big-endian');
  // A view, not a copy: SQLite copies a blob when the statement binds it, and the caller binds it
  // at once. (Copying first cost the main thread as much again: typed copies out of a
  // SharedArrayBuffer go a byte at a time.)
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

/** The typed arrays stored whole beside the chunks: value counts (float64), rare heaps (uint32). */
type Numbers = Float64Array | Uint32Array;

/** Numbers as little-endian bytes, for a statement to bind right away (a view). */
export function encodeNumbers(numbers: Numbers): Buffer {
  if (!LITTLE_ENDIAN) throw new Error('grundy-engine stores little-endian data; this platform is big-endian');
  return Buffer.from(numbers.buffer, numbers.byteOffset, numbers.byteLength);
}

/**
 * A stored blob of numbers of type `of`, copied into an aligned buffer (SQLite's blob may sit at
 * any byte offset). `damaged` starts the error when its length is not a whole number of them.
 */
export function decodeNumbers<T extends Numbers>(
  blob: Uint8Array,
  of: { new (length: number): T; readonly BYTES_PER_ELEMENT: number },
  damaged: string,
): T {
  if (blob.byteLength % of.BYTES_PER_ELEMENT !== 0) throw new Error(`${damaged} (${blob.byteLength} bytes)`);
  const numbers = new of(blob.byteLength / of.BYTES_PER_ELEMENT);
  new Uint8Array(numbers.buffer).set(blob);
  return numbers;
}

/** The byte of a narrow chunk that says "the value is in the escapes". */
const ESCAPE = 0xff;

/**
 * A 16-bit chunk as bytes with escapes when that is smaller: a byte a value, min(v, 255), then
 * each value from 255 on as a little-endian Uint16, in order. Officers' values pass 255 at one
 * heap in twelve, so its chunks take 1.17 bytes a value rather than 2. Only ever shorter than
 * 2 bytes a value, which is how decodeChunk tells the two apart; null when it would not be.
 */
export function encodeNarrow(values: Uint16Array): Buffer | null {
  const count = values.length;
  let escaped = 0;
  for (let i = 0; i < count; i++) if (values[i]! >= ESCAPE) escaped++;
  if (count + 2 * escaped >= 2 * count) return null;
  const out = Buffer.allocUnsafe(count + 2 * escaped);
  // The bytes min(v, 255) in one clamping copy; then the escapes, in order.
  new Uint8ClampedArray(out.buffer, out.byteOffset, count).set(values);
  let at = count;
  for (let i = 0; i < count; i++) {
    const v = values[i]!;
    if (v >= ESCAPE) {
      out[at] = v & 0xff;
      out[at + 1] = v >>> 8;
      at += 2;
    }
  }
  return out;
}

/**
 * encodeNarrow of a narrow table's part whose escape byte is the store's: its bytes as they are,
 * then its escaped values in order, with no 16-bit copy in between (Officers' chunks widened
 * and narrowed back cost the main thread more than the rest of their store but SQLite).
 */
export function encodeNarrowPart(part: NarrowValues): Buffer | null {
  if (part.escapeByte !== ESCAPE) return encodeNarrow(part.slice(0, part.length));
  const { bytes, words } = part;
  const count = part.length;
  const escaped = part.escapes(0, count);
  if (count + 2 * escaped >= 2 * count) return null;
  const out = Buffer.allocUnsafe(count + 2 * escaped);
  out.set(bytes);
  let at = count;
  for (let i = 0; i < count; i++) {
    if (bytes[i] === ESCAPE) {
      const v = words[i]!;
      out[at] = v & 0xff;
      out[at + 1] = v >>> 8;
      at += 2;
    }
  }
  return out;
}

function decodeNarrow(data: Uint8Array, count: number): Uint16Array {
  const out = new Uint16Array(count);
  const bytes = data.subarray(0, count);
  out.set(bytes);
  const escapes = new DataView(data.buffer, data.byteOffset + count, data.byteLength - count);
  let at = 0;
  for (let i = bytes.indexOf(ESCAPE); i !== -1; i = bytes.indexOf(ESCAPE, i + 1)) {
    if (at + 2 > escapes.byteLength) throw new Error(`a narrow chunk of ${count} values ends inside its escapes`);
    out[i] = escapes.getUint16(at, true);
    at += 2;
  }
  if (at !== escapes.byteLength)
    throw new Error(`a narrow chunk of ${count} values has ${escapes.byteLength - at} bytes past its escapes`);
  return out;
}

export function decodeChunk(data: Uint8Array, width: Width, count: number): Values {
  if (width === 16 && data.byteLength < 2 * count) return decodeNarrow(data, count);
  const bytes = width / 8;
  if (data.byteLength !== count * bytes) {
    throw new Error(`chunk holds ${data.byteLength} bytes, expected ${count} values of ${width} bits`);
  }
  const out = plainValues(width, count);
  // Copy into a fresh, aligned buffer: SQLite's blob may sit at any byte offset.
  new Uint8Array(out.buffer).set(data);
  return out;
}

/** Bits a stored value takes in packed board blocks: 2 or 4 for small values, else none (the width). */
export type PackBits = 2 | 4;

/** The packing for values up to maxValue, or null when bytes are as small as it gets. */
export function packBitsFor(maxValue: number): PackBits | null {
  return maxValue < 4 ? 2 : maxValue < 16 ? 4 : null;
}

/**
 * Values below 2^bits packed 8 / bits to a byte into out[at..], value i in bits (i mod per) * bits
 * of byte i / per, the last byte padded with zeros; returns the bytes written. Small-valued
 * tables (the king's and the knight's boards hold values up to 3 and 4) store and load 2 to 4
 * times fewer bytes.
 */
export function packInto(values: Values, bits: PackBits, out: Uint8Array, at: number): number {
  const count = values.length;
  const per = 8 / bits;
  const whole = Math.floor(count / per);
  if (bits === 4) {
    for (let j = 0; j < whole; j++) out[at + j] = values[2 * j]! | (values[2 * j + 1]! << 4);
  } else {
    for (let j = 0; j < whole; j++) {
      const i = 4 * j;
      out[at + j] = values[i]! | (values[i + 1]! << 2) | (values[i + 2]! << 4) | (values[i + 3]! << 6);
    }
  }
  if (whole * per === count) return whole;
  let last = 0;
  for (let i = whole * per; i < count; i++) last |= values[i]! << ((i % per) * bits);
  out[at + whole] = last;
  return whole + 1;
}

/** The first `count` values of a packed row into out[at..]; the inverse of packInto. */
export function unpackValues(data: Uint8Array, bits: PackBits, count: number, out: Uint8Array, at: number): void {
  const per = 8 / bits;
  const mask = (1 << bits) - 1;
  let i = 0;
  // Whole bytes, then the tail.
  if (bits === 4) {
    for (; i + 2 <= count; i += 2) {
      const byte = data[i >>> 1]!;
      out[at++] = byte & 15;
      out[at++] = byte >>> 4;
    }
  } else {
    for (; i + 4 <= count; i += 4) {
      const byte = data[i >>> 2]!;
      out[at++] = byte & 3;
      out[at++] = (byte >>> 2) & 3;
      out[at++] = (byte >>> 4) & 3;
      out[at++] = byte >>> 6;
    }
  }
  for (; i < count; i++) out[at++] = (data[(i / per) | 0]! >>> ((i % per) * bits)) & mask;
}
