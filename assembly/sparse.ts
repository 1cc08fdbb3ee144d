// Sparse space (docs/sparse.md) as WebAssembly with SIMD: the algorithm of
// src/kernels/sparse.ts (SparseKernel), heap for heap, over one memory that the JavaScript side
// (src/kernels/wasm/sparse-wasm.ts) lays out and fills. Compiled by `npm run asbuild` into
// dist/wasm/sparse.wasm. The table is narrow (src/kernels/values.ts NarrowValues): a byte a
// value, min(g, ESC), and the values from ESC on in a Uint16 table written only there. The
// kernels take values below 2^16 only, and the caller passes the width's capacity as `cap`.
//
// Why WebAssembly: both inner loops are loads and stores that V8 bounds-checks and type-checks
// one by one. Step 2's scan (about 3000 pairs a heap for Grundy's game near 10^6) runs here 16
// pairs at a time while every value is below 512: two rows of bytes, one reversed, XOR-ed, and
// looked up in a 256-bit bitset of the wanted values with byte swizzles.
//
// The kernels live in assembly/sparse/: layout.ts, step1.ts, front.ts, scan.ts, heap.ts (run) and gang.ts.

export {
  setLayout,
  setShape,
  setEscape,
  setLows,
  setTables,
  setWindow,
  getMiss,
  setLanes,
  resetScratch,
  setMaskParity,
  setRareCount,
  getRareCount,
  getMax,
  getOverflow,
} from './sparse/layout';
export {
  setLaneLimits,
} from './sparse/scan';
export {
  run,
  getPlaneHeaps,
} from './sparse/heap';
export {
  setFront,
} from './sparse/front';
export {
  setPlaneLimit,
} from './sparse/planes';
export {
  pipeMarks,
  pipeFinish,
  pipeBytes,
} from './sparse/pipe';
export {
  getRescans,
  getContinued,
  gather,
  finish,
} from './sparse/gang';
