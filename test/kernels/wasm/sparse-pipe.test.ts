import { describe, expect, it } from 'vitest';
import { parseRules, sparseShape } from '../../../src/games/registry.js';
import { RareList, SparseKernel } from '../../../src/kernels/sparse.js';
import type { SparseMask } from '../../../src/kernels/sparse-mask.js';
import { plainValues } from '../../../src/kernels/values.js';
import { PIPE_BYTES } from '../../../src/kernels/wasm/sparse-pipe.js';
import { SparseMemory } from '../../../src/kernels/wasm/sparse-wasm.js';
import { sparseWasmModule } from '../../../src/wasm/sparse-module.js';
import { StepPipeKernel } from '../../helpers/pipe-step.js';

describe('the sparse pipe (assembly/sparse/pipe.ts), its two sides in turn', () => {
  it('lays out its control block and ring as the JavaScript side sizes them', () => {
    const shape = sparseShape(parseRules('octal:0.6'))!;
    expect(new SparseMemory(shape, sparseWasmModule()!).exports.pipeBytes()).toBe(PIPE_BYTES);
  });

  it('hands blocks over many times a run, whatever share of the bulk the closer takes, with run’s values', () => {
    const rules = parseRules('octal:0.161');
    const shape = sparseShape(rules)!;
    const N = 6000;
    const ref = plainValues(16, N);
    const mask: SparseMask = { bits: 0x1e, parity: 0 };
    const seq = new SparseKernel(shape);
    seq.setMask(mask);
    seq.run(ref, 0, N, 0, new RareList(4));
    for (const take of [0, 7, 1 << 20]) {
      const pipe = new StepPipeKernel(shape, sparseWasmModule()!, take, { front: 700 });
      pipe.setMask(mask);
      const g = plainValues(16, N);
      const out = pipe.run(g, 0, N, 0, new RareList(4));
      expect(out.next).toBe(N);
      expect([...g], `take ${take}`).toEqual([...ref]);
      // The closer stopped for the marker at least once a LAG of blocks (step mode: neither waits).
      expect(pipe.turns, `take ${take}`).toBeGreaterThan(N / 64);
    }
  });
});
