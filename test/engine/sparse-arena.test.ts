import { describe, expect, it } from 'vitest';
import { SparseArena } from '../../src/engine/sparse-arena.js';
import { SparseRunner } from '../../src/engine/sparse-runner.js';
import { parseRules, sparseShape } from '../../src/games/registry.js';
import { grundyKernel } from '../../src/kernels/grundy.js';
import { collectRare, RareList, SparseKernel } from '../../src/kernels/sparse.js';
import { classTable, type SparseMask } from '../../src/kernels/sparse-mask.js';
import { NarrowValues, plainValues } from '../../src/kernels/values.js';
import { WasmSparseKernel } from '../../src/kernels/wasm/sparse-wasm.js';
import { sparseWasmModule } from '../../src/wasm/sparse-module.js';

const module = sparseWasmModule();
if (module === null) throw new Error('the WebAssembly sparse kernel is off (GRUNDY_SPARSE_KERNEL=js or no SIMD)');

/**
 * The engine's arena in one thread: two instances over one shared memory take turns on the same
 * slot (as pool threads do for one-worker chunks) and on two slots, under changing masks, and
 * compute in place what the JavaScript kernel computes over a table of its own. The instances
 * escape from 7 on (255 in a run), so that most values of the narrow table are read from its
 * Uint16 part.
 */
describe('sparse arena', () => {
  it('instances taking turns on shared slots give the JavaScript kernel values, in the table in place', () => {
    const rules = parseRules('grundy');
    const shape = sparseShape(rules)!;
    const N = 6000;
    const arena = SparseArena.create(shape, N, N, 2)!;
    const table = arena.values(N);
    const g = new NarrowValues(table.bytes, table.words, 7);
    const a = new WasmSparseKernel(shape, module, arena.memory, { escape: 7 });
    const b = new WasmSparseKernel(shape, module, arena.memory, { escape: 7 });
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
        collectRare(g.slice(0, next), 0, next, mask, classTable(mask.bits), rare);
        collectRare(ref, 0, next, mask, classTable(mask.bits), jsRare);
        js.setMask(mask);
      }
      const kernel = k % 2 === 0 ? a : b;
      const hi = Math.min(N, next + (k % 2 === 0 ? 131 : 1201));
      const place = arena.places(2, N, rare.count + (hi - next), 0)[k % 5 === 4 ? 1 : 0]!;
      kernel.mem.bind(place, mask);
      // The slot's owner word names the instance that bound it last: a's after a, b's after b.
      const owner = new Int32Array(arena.memory.buffer)[place.slotAt >> 2]!;
      expect(owner).not.toBe(0);
      expect(owners.get(owner) ?? kernel).toBe(kernel);
      owners.set(owner, kernel);
      const other = kernel === a ? b : a;
      expect([...owners].filter(([, k]) => k === other).map(([w]) => w)).not.toContain(owner);
      const out = kernel.run(g.words, next, hi, max, rare);
      const jsOut = js.run(ref, next, hi, max, jsRare);
      expect(out.next).toBe(hi);
      expect(jsOut.next).toBe(hi);
      next = out.next;
      max = Math.max(max, out.maxValue);
    }
    expect([...g.slice(0, N)]).toEqual([...ref]);
    const plain = plainValues(16, N);
    grundyKernel().run(plain, 0, N, 0);
    expect([...g.slice(0, N)]).toEqual([...plain]);
    // Only escaped heaps have their Uint16 entry written.
    for (let n = 0; n < N; n++) expect(g.words[n]).toBe(g.bytes[n] === 7 ? plain[n] : 0);
  });

  it('a longer table for the same run grows in place; a wider one leaves the arena', () => {
    const runner = SparseRunner.for(parseRules('grundy'), 2)!;
    const g1 = runner.table(8, 1000, 1_000_000)!;
    if (!(g1 instanceof NarrowValues)) throw new Error('an arena table is narrow');
    g1.set(Uint16Array.from({ length: 1000 }, (_, n) => (n * 7) % 300));
    expect(g1.at(999)).toBe((999 * 7) % 300);
    const g2 = runner.table(16, 4000, 1_000_000, g1, 1000)!;
    if (!(g2 instanceof NarrowValues)) throw new Error('an arena table is narrow');
    expect(g2.length).toBe(4000);
    expect(g2.bytes.byteOffset).toBe(g1.bytes.byteOffset);
    expect(g2.words.byteOffset).toBe(g1.words.byteOffset);
    g2.set([700], 0);
    expect(g1.at(0)).toBe(700);
    expect([...g2.slice(1, 1000)]).toEqual([...g1.slice(1, 1000)]);
    expect(runner.table(32, 4000, 1_000_000, g2, 1000)).toBeNull();
    // A table from elsewhere (a resumed run's first) is copied into a new arena.
    const plain = Uint16Array.from({ length: 10 }, (_, n) => 250 + n);
    const g3 = runner.table(16, 50, 100, plain, 10)!;
    if (!(g3 instanceof NarrowValues)) throw new Error('an arena table is narrow');
    expect(g3.bytes.buffer).not.toBe(g2.bytes.buffer);
    expect([...g3.slice(0, 10)]).toEqual([...plain]);
  });
});
