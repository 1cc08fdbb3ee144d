import { describe, expect, it } from 'vitest';
import { SparseArena } from '../../src/engine/sparse-arena.js';
import { SparseRunner } from '../../src/engine/sparse-runner.js';
import { parseRules, sparseShape } from '../../src/games/registry.js';
import { grundyKernel } from '../../src/kernels/grundy.js';
import { collectRare, RareList, SparseKernel } from '../../src/kernels/sparse.js';
import { classTable, type SparseMask } from '../../src/kernels/sparse-mask.js';
import { plainValues } from '../../src/kernels/values.js';
import { WasmSparseKernel } from '../../src/kernels/wasm/sparse-wasm.js';
import { sparseWasmModule } from '../../src/wasm/sparse-module.js';

const module = sparseWasmModule();
if (module === null) throw new Error('the WebAssembly sparse kernel is off (GRUNDY_SPARSE_KERNEL=js or no SIMD)');

/**
 * The engine's arena in one thread: two instances over one shared memory take turns on the same
 * slot (as pool threads do for one-worker chunks) and on two slots, under changing masks, and
 * compute in place what the JavaScript kernel computes over a table of its own.
 */
describe('sparse arena', () => {
  it('instances taking turns on shared slots give the JavaScript kernel values, in the table in place', () => {
    const rules = parseRules('grundy');
    const shape = sparseShape(rules)!;
    const N = 6000;
    const arena = SparseArena.create(shape, N, N, 2)!;
    const g = arena.values(N);
    const a = new WasmSparseKernel(shape, module, arena.memory);
    const b = new WasmSparseKernel(shape, module, arena.memory);
    const js = new SparseKernel(shape);
    const ref = plainValues(16, N);
    const masks: SparseMask[] = [
      { bits: 1, parity: 0 },
      { bits: 0, parity: 0 },
      { bits: 0x5a5a, parity: 0 },
    ];
    let rare = new RareList();
    let jsRare = new RareList();
    let next = 0;
    let max = 0;
    const owners = new Map<number, WasmSparseKernel>();
    for (let k = 0; next < N; k++) {
      const mask = masks[Math.floor(k / 3) % masks.length]!;
      if (k % 3 === 0) {
        // A new mask means a new rare list, as the runner rebuilds it.
        rare = new RareList();
        jsRare = new RareList();
        collectRare(g, 0, next, mask, classTable(mask.bits), rare);
        collectRare(ref, 0, next, mask, classTable(mask.bits), jsRare);
        js.setMask(mask);
      }
      const kernel = k % 2 === 0 ? a : b;
      const hi = Math.min(N, next + (k % 2 === 0 ? 131 : 1201));
      const place = arena.places(2, N, rare.count + (hi - next), 0, next, max)[k % 5 === 4 ? 1 : 0]!;
      kernel.mem.bind(place, mask);
      // The slot's owner word names the instance that bound it last: a's after a, b's after b.
      const owner = new Int32Array(arena.memory.buffer)[place.slotAt >> 2]!;
      expect(owner).not.toBe(0);
      expect(owners.get(owner) ?? kernel).toBe(kernel);
      owners.set(owner, kernel);
      const other = kernel === a ? b : a;
      expect([...owners].filter(([, k]) => k === other).map(([w]) => w)).not.toContain(owner);
      const out = kernel.run(g, next, hi, max, rare);
      const jsOut = js.run(ref, next, hi, max, jsRare);
      expect(out.next).toBe(hi);
      expect(jsOut.next).toBe(hi);
      arena.ran(next, out.next, max);
      next = out.next;
      max = Math.max(max, out.maxValue);
    }
    expect([...g]).toEqual([...ref]);
    const plain = plainValues(16, N);
    grundyKernel().run(plain, 0, N, 0);
    expect([...g]).toEqual([...plain]);
  });

  it('a longer table for the same run grows in place; a wider one leaves the arena', () => {
    const runner = SparseRunner.for(parseRules('grundy'), 2)!;
    const g1 = runner.table(8, 1000, 1_000_000)!;
    expect(g1).toBeInstanceOf(Uint16Array);
    for (let n = 0; n < 1000; n++) g1[n] = n % 300;
    const g2 = runner.table(16, 4000, 1_000_000, g1, 1000)!;
    expect(g2.length).toBe(4000);
    expect(g2.byteOffset).toBe(g1.byteOffset);
    expect(g2.buffer.byteLength).toBe(g1.buffer.byteLength);
    g2[0] = 7;
    expect(g1[0]).toBe(7);
    expect([...g2.subarray(1, 1000)]).toEqual([...g1.subarray(1, 1000)]);
    expect(runner.table(32, 4000, 1_000_000, g2, 1000)).toBeNull();
    // A table from elsewhere (a resumed run's first) is copied into a new arena.
    const plain = Uint16Array.from({ length: 10 }, (_, n) => n + 1);
    const g3 = runner.table(16, 50, 100, plain, 10)!;
    expect(g3.buffer).not.toBe(g2.buffer);
    expect([...g3.subarray(0, 10)]).toEqual([...plain]);
  });
});
