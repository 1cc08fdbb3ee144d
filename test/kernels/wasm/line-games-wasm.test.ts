import { describe, expect, it } from 'vitest';
import { lineGameUpper } from '../../../src/board/line-games.js';
import { boardChecksum, expandUpper } from '../../../src/board/table.js';
import { lineGameUpperWasm, WASM_LINE_MAX } from '../../../src/kernels/wasm/line-games-wasm.js';
import { boardWasmModule } from '../../../src/wasm/board-module.js';

/**
 * The WebAssembly SIMD line-game kernel (assembly/board.ts) against the JavaScript one and an
 * independent naive twin. Required, not skipped: Node 20 has SIMD, and a run without
 * dist/wasm/board.wasm (npm run asbuild) must fail.
 */
function wasm(): WebAssembly.Module {
  const module = boardWasmModule();
  if (module === null) throw new Error('the WebAssembly board kernel is off (GRUNDY_BOARD_KERNEL=js or no SIMD)');
  return module;
}

/** Wythoff (diagonal) or two-heap nim by the mex over every option, in index order: no bitsets. */
function naiveUpper(n: number, diagonal: boolean): number[] {
  const g = new Int32Array(n * n);
  const out: number[] = [];
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) {
      const seen = new Set<number>();
      for (let k = 1; k <= x; k++) seen.add(g[(x - k) * n + y]!);
      for (let k = 1; k <= y; k++) seen.add(g[x * n + y - k]!);
      if (diagonal) for (let k = 1; k <= Math.min(x, y); k++) seen.add(g[(x - k) * n + y - k]!);
      let v = 0;
      while (seen.has(v)) v++;
      g[x * n + y] = v;
    }
  }
  for (let x = 0; x < n; x++) for (let y = x; y < n; y++) out.push(g[x * n + y]!);
  return out;
}

describe('line games by the WebAssembly SIMD kernel', () => {
  it('equal the naive twin for every side up to 64, Wythoff and the rook', () => {
    const module = wasm();
    for (let n = 1; n <= 64; n++) {
      for (const diagonal of [true, false]) {
        expect(Array.from(lineGameUpperWasm(module, n, diagonal)), `n ${n} ${diagonal}`).toEqual(
          naiveUpper(n, diagonal),
        );
      }
    }
  });

  it('equal the JavaScript kernel on odd sizes past several 512-bit blocks, into a shared output', () => {
    const module = wasm();
    for (const n of [171, 200, 333, 513, 700]) {
      for (const diagonal of [true, false]) {
        const output = new SharedArrayBuffer(((n * (n + 1)) / 2) * 2);
        const w = lineGameUpperWasm(module, n, diagonal, output);
        expect(w.buffer).toBe(output);
        const js = lineGameUpper(n, diagonal);
        expect(w.length).toBe(js.length);
        let diff = -1;
        for (let i = 0; i < js.length && diff < 0; i++) if (w[i] !== js[i]) diff = i;
        expect(diff, `n ${n} ${diagonal}: first difference`).toBe(-1);
      }
    }
  });

  it('give the C reference checksum at 2048', () => {
    // From the project's C reference (anchors/wythoff.c, gcc -O3): `wythoff wythoff 2048` prints
    // checksum=2617042888027593 (recorded in bench/suites/board.ts).
    const n = 2048;
    expect(boardChecksum({ n, values: expandUpper(lineGameUpperWasm(wasm(), n, true), n) })).toBe(2617042888027593n);
  });

  it('refuses sides whose values would not fit 16 bits', () => {
    expect(() => lineGameUpperWasm(wasm(), WASM_LINE_MAX + 1, true)).toThrow(/takes 1 <= n/);
  });
});
