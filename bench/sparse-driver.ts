import { MAX_CHUNK, MIN_SPARSE_CHUNK, WORK_PER_CHUNK } from '../src/engine/budget.js';
import { collectRare, RareList, SparseKernel } from '../src/kernels/sparse.js';
import { WasmSparseKernel } from '../src/kernels/wasm/sparse-wasm.js';
import { sparseWasmModule } from '../src/wasm/sparse-module.js';
import { sparseShape } from '../src/games/registry.js';
import {
  bestMask,
  classTable,
  rareCountOf,
  sameMask,
  worthSwitching,
  type SparseMask,
} from '../src/kernels/sparse-mask.js';
import { ValueHistogram } from '../src/kernels/sparse-mask.js';
import { plainValues, regrow, widthFor, wider, type Values, type Width } from '../src/kernels/values.js';
import type { Rules } from '../src/rules/types.js';
import type { TimedContext } from './workload.js';

const SCAN_ESTIMATE = 2048;

/** What a plainSparseTable run ended with, for benchmark notes. */
export interface SparseTableStats {
  mask: SparseMask | null;
  /** Masks chosen, the first one included. */
  choices: number;
  rareHeaps: number;
  maxValue: number;
}

/**
 * g(0..n) by the sparse-space kernel (`kind`: the JavaScript one or the WebAssembly one) in this
 * thread (no pool): the same chunking and mask revision as the engine's SparseRunner, without the
 * store and the worker round trips.
 */
export function plainSparseTable(
  rules: Rules,
  n: number,
  ctx: TimedContext,
  stats?: SparseTableStats,
  kind: 'js' | 'wasm' = 'js',
): Values {
  const shape = sparseShape(rules);
  if (!shape) throw new Error(`sparse space does not apply to ${rules.key}`);
  const module = kind === 'wasm' ? sparseWasmModule() : null;
  if (kind === 'wasm' && !module) throw new Error('the WebAssembly sparse kernel does not run here (no SIMD?)');
  const kernel = module ? new WasmSparseKernel(shape, module) : new SparseKernel(shape);
  let width: Width = 8;
  let g: Values = plainValues(width, n);
  ctx.timed(() => {
    const hist = new ValueHistogram();
    let rare = new RareList();
    let mask: SparseMask | null = null;
    let next = 0;
    let maxValue = 0;
    while (next < n) {
      const perValue = rare.count * shape.two.length + SCAN_ESTIMATE;
      const len = Math.min(
        MAX_CHUNK,
        Math.max(MIN_SPARSE_CHUNK, Math.min(Math.floor(WORK_PER_CHUNK / perValue), next)),
      );
      const hi = Math.min(n, next + len);
      const choice = bestMask(hist, shape.parityAllowed);
      if (mask === null || (!sameMask(choice.mask, mask) && worthSwitching(rareCountOf(choice, mask), choice.rare))) {
        mask = choice.mask;
        kernel.setMask(mask);
        if (stats) stats.choices++;
        rare = new RareList();
        collectRare(g, 0, next, mask, classTable(mask.bits), rare);
      }
      const out = kernel.run(g, next, hi, maxValue, rare);
      hist.add(g, next, out.next);
      maxValue = Math.max(maxValue, out.maxValue);
      next = out.next;
      if (out.overflowValue !== undefined) {
        width = wider(width, widthFor(out.overflowValue));
        g = regrow(g, next, width, n, false);
      }
    }
    if (stats) Object.assign(stats, { mask, rareHeaps: rare.count, maxValue });
  });
  return g;
}
