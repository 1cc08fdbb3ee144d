import { describe, expect, it } from 'vitest';
import { parseRules, sparseShape } from '../../../src/games/registry.js';
import { grundyKernel } from '../../../src/kernels/grundy.js';
import { collectRare, RareList } from '../../../src/kernels/sparse.js';
import { classTable, type SparseMask } from '../../../src/kernels/sparse-mask.js';
import { plainValues } from '../../../src/kernels/values.js';
import { WasmSparseKernel } from '../../../src/kernels/wasm/sparse-wasm.js';
import { sparseWasmModule } from '../../../src/wasm/sparse-module.js';

const module = sparseWasmModule();
if (module === null) throw new Error('the WebAssembly sparse kernel is off (GRUNDY_SPARSE_KERNEL=js or no SIMD)');

/**
 * A WebAssembly instance copies into its memory only the rare heaps appended to a list since its
 * last call with that list. A list that changed otherwise (emptied and refilled under another
 * mask) must be copied whole, or the kernel reads the old mask's rare heaps.
 */
describe('the rare list a WebAssembly instance holds', () => {
  it('follows one list through appends, and through a refill under another mask', () => {
    const shape = sparseShape(parseRules('grundy'))!;
    const N = 4000;
    const expected = plainValues(16, N);
    grundyKernel().run(expected, 0, N, 0);
    const kernel = new WasmSparseKernel(shape, module);
    const g = plainValues(16, N) as Uint16Array;
    const rare = new RareList();
    const first: SparseMask = { bits: 1, parity: 0 };
    kernel.setMask(first);
    let max = 0;
    for (let lo = 0; lo < 2000; lo += 250) max = Math.max(max, kernel.run(g, lo, lo + 250, max, rare).maxValue);
    const second: SparseMask = { bits: 0x5a, parity: 0 };
    rare.truncate(0);
    collectRare(g, 0, 2000, second, classTable(second.bits), rare);
    kernel.setMask(second);
    for (let lo = 2000; lo < N; lo += 500) max = Math.max(max, kernel.run(g, lo, lo + 500, max, rare).maxValue);
    expect([...g]).toEqual([...expected]);
    const fresh = new RareList();
    collectRare(g, 0, N, second, classTable(second.bits), fresh);
    expect(rare.positions()).toEqual(fresh.positions());
  });
});
