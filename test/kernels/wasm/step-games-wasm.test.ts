import { describe, expect, it } from 'vitest';
import { kingUpper, knightUpper } from '../../../src/board/step-games.js';
import type { PackedUpper } from '../../../src/board/table.js';
import { kingUpperWasm, knightUpperWasm } from '../../../src/kernels/wasm/step-games-wasm.js';
import { boardWasmModule } from '../../../src/wasm/board-module.js';

/**
 * The WebAssembly step-game kernels (assembly/board.ts: king, knight) against the JavaScript
 * ones, which test/board.test.ts checks against the naive mex. Required, not skipped.
 */
function wasm(): WebAssembly.Module {
  const module = boardWasmModule();
  if (module === null) throw new Error('the WebAssembly board kernel is off (GRUNDY_BOARD_KERNEL=js or no SIMD)');
  return module;
}

/** The packed triangle read back row by row, by hand (not by the store's codec). */
function unpacked(p: PackedUpper, n: number): number[] {
  const out: number[] = [];
  let byte = 0;
  const per = 8 / p.bits;
  for (let x = 0; x < n; x++) {
    for (let i = 0; i < n - x; i++)
      out.push((p.bytes[byte + Math.floor(i / per)]! >> ((i % per) * p.bits)) & ((1 << p.bits) - 1));
    byte += Math.ceil((n - x) / per);
  }
  expect(byte).toBe(p.bytes.length);
  return out;
}

const SIDES = [...Array.from({ length: 40 }, (_, i) => i + 1), 63, 64, 65, 100, 127, 129, 255, 300];

const KERNELS = [
  { game: 'king', bits: 2, js: kingUpper, wasm: kingUpperWasm },
  { game: 'knight', bits: 4, js: knightUpper, wasm: knightUpperWasm },
] as const;

describe('WebAssembly step-game kernels', () => {
  for (const k of KERNELS) {
    it(`${k.game}: the same triangle as the JavaScript kernel, ${k.bits} bits a value, and its largest value`, () => {
      for (const n of SIDES) {
        const js = Array.from(k.js(n));
        const packed = k.wasm(wasm(), n);
        expect(packed.bits).toBe(k.bits);
        expect(unpacked(packed, n), `n = ${n}`).toEqual(js);
        expect(packed.maxValue).toBe(Math.max(...js));
      }
    });
  }
});
