/**
 * The state a worker is expanding, as text in a SharedArrayBuffer: when moves() hangs or kills
 * its thread, the main thread still reads which state it was. A length word, then UTF-8 bytes
 * (cut at the buffer's size: a message needs the start of a state, not all of it).
 */
const BYTES = 1024;

export function currentStateBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(4 + BYTES);
}

const encoder = new TextEncoder();

export function writeCurrentState(buffer: SharedArrayBuffer, text: string): void {
  const bytes = new Uint8Array(buffer, 4);
  const { written } = encoder.encodeInto(text.length > BYTES ? text.slice(0, BYTES) : text, bytes);
  Atomics.store(new Int32Array(buffer, 0, 1), 0, written);
}

export function readCurrentState(buffer: SharedArrayBuffer): string {
  const length = Atomics.load(new Int32Array(buffer, 0, 1), 0);
  // Copied out of shared memory: TextDecoder does not read SharedArrayBuffer views.
  return new TextDecoder().decode(new Uint8Array(buffer, 4, length).slice());
}
