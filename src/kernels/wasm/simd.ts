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
