import { plainValues, type Values, type Width } from '../kernels/values.js';

/**
 * Chunks are stored as the little-endian bytes of their typed array. Every platform Node
 * supports here is little-endian; we refuse to run elsewhere rather than store foreign bytes.
 */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function encodeChunk(values: Values): Buffer {
  if (!LITTLE_ENDIAN) throw new Error('grundy-engine stores little-endian chunks; this platform is big-endian');
  // Copy: the values may live in a SharedArrayBuffer that workers keep writing beyond the chunk.
  return Buffer.from(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
}

export function decodeChunk(data: Uint8Array, width: Width, count: number): Values {
  const bytes = width / 8;
  if (data.byteLength !== count * bytes) {
    throw new Error(`chunk holds ${data.byteLength} bytes, expected ${count} values of ${width} bits`);
  }
  const out = plainValues(width, count);
  // Copy into a fresh, aligned buffer: SQLite's blob may sit at any byte offset.
  new Uint8Array(out.buffer).set(data);
  return out;
}
