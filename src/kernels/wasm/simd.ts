import { setFlagsFromString } from 'node:v8';

/**
 * Whether this WebAssembly engine has SIMD (v128): a module of one function returning
 * `v128.const 0` validates only where it does. Checked once per thread before choosing
 * between the WebAssembly sparse kernels and the plain JavaScript ones.
 */
const SIMD_PROBE = new Uint8Array([
  0x00,
  0x61,
  0x73,
  0x6d,
  0x01,
  0x00,
  0x00,
  0x00,
  // type section: one type, () -> v128
  0x01,
  0x05,
  0x01,
  0x60,
  0x00,
  0x01,
  0x7b,
  // function section: one function of type 0
  0x03,
  0x02,
  0x01,
  0x00,
  // code section: one body of 20 bytes, no locals, v128.const 0 (16 bytes), end
  0x0a,
  0x16,
  0x01,
  0x14,
  0x00,
  0xfd,
  0x0c,
  ...new Array<number>(16).fill(0),
  0x0b,
]);

let cached: boolean | undefined;

export function simdSupported(): boolean {
  cached ??= WebAssembly.validate(SIMD_PROBE);
  return cached;
}

/**
 * A module of one function returning `i8x16.relaxed_swizzle` of two zero vectors: it validates
 * only where the engine has relaxed SIMD.
 */
const RELAXED_PROBE = new Uint8Array([
  ...SIMD_PROBE.subarray(0, 19),
  // code section: one body of 41 bytes, no locals, two v128.const 0, i8x16.relaxed_swizzle, end
  0x0a,
  0x2b,
  0x01,
  0x29,
  0x00,
  0xfd,
  0x0c,
  ...new Array<number>(16).fill(0),
  0xfd,
  0x0c,
  ...new Array<number>(16).fill(0),
  0xfd,
  0x80,
  0x02,
  0x0b,
]);

let relaxed: boolean | undefined;

/**
 * Whether this engine runs relaxed SIMD (one x86 instruction for a byte swizzle, where plain SIMD
 * takes two). Node 22 and later have it on. Node 20's V8 has it complete behind a flag, which is
 * set here, before any kernel compiles: V8 reads it when it validates a module, and the flag is
 * the process's, so worker threads see it too.
 */
export function relaxedSimdSupported(): boolean {
  if (relaxed !== undefined) return relaxed;
  relaxed = WebAssembly.validate(RELAXED_PROBE);
  if (!relaxed && simdSupported() && process.versions.node.split('.')[0] === '20') {
    setFlagsFromString('--experimental-wasm-relaxed-simd');
    relaxed = WebAssembly.validate(RELAXED_PROBE);
  }
  return relaxed;
}
