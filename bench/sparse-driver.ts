import { MAX_CHUNK, MIN_SPARSE_CHUNK, WORK_PER_CHUNK } from '../src/engine/budget.js';
import { collectRare, RareList, SparseKernel, type SparseShape } from '../src/kernels/sparse.js';
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

/** A sparse kernel that runs a range of heaps: the JavaScript one or the WebAssembly one. */
type RangeKernel = SparseKernel | WasmSparseKernel;

/**
 * A table computed in this thread (no pool) by the chunking and mask revision of the engine's
 * SparseRunner, without the store and the worker round trips: `advance` runs it on.
 */
export class SparseTableRun<K extends RangeKernel = RangeKernel> {
  g: Values;
  rare = new RareList();
  mask: SparseMask | null = null;
  /** Masks chosen, the first one included. */
  choices = 0;
  next = 0;
  maxValue = 0;
  private width: Width = 8;
  private readonly hist = new ValueHistogram();

  constructor(
    private readonly shape: SparseShape,
    readonly kernel: K,
    private readonly n: number,
  ) {
    this.g = plainValues(this.width, n);
  }

  /** g(0..to), to <= n. */
  advance(to: number): void {
    const { shape, kernel } = this;
    while (this.next < to) {
      const next = this.next;
      const perValue = this.rare.count * shape.two.length + SCAN_ESTIMATE;
      const len = Math.min(
        MAX_CHUNK,
        Math.max(MIN_SPARSE_CHUNK, Math.min(Math.floor(WORK_PER_CHUNK / perValue), next)),
      );
      const hi = Math.min(to, next + len);
      const choice = bestMask(this.hist, shape.parityAllowed);
      const mask = this.mask;
      if (mask === null || (!sameMask(choice.mask, mask) && worthSwitching(rareCountOf(choice, mask), choice.rare))) {
        this.mask = choice.mask;
        kernel.setMask(choice.mask);
        this.choices++;
        this.rare = new RareList();
        collectRare(this.g, 0, next, choice.mask, classTable(choice.mask.bits), this.rare);
      }
      const out = kernel.run(this.g, next, hi, this.maxValue, this.rare);
      this.hist.add(this.g, next, out.next);
      this.maxValue = Math.max(this.maxValue, out.maxValue);
      this.next = out.next;
      if (out.overflowValue !== undefined) {
        this.width = wider(this.width, widthFor(out.overflowValue));
        this.g = regrow(this.g, this.next, this.width, this.n, false);
      }
    }
  }
}

/** The sparse shape of `rules`, or an error for a game sparse space does not apply to. */
export function sparseShapeOf(rules: Rules): SparseShape {
  const shape = sparseShape(rules);
  if (!shape) throw new Error(`sparse space does not apply to ${rules.key}`);
  return shape;
}

/**
 * g(0..n) by the sparse-space kernel (`kind`: the JavaScript one or the WebAssembly one) in this
 * thread: a SparseTableRun to n, timed.
 */
export function plainSparseTable(
  rules: Rules,
  n: number,
  ctx: TimedContext,
  stats?: SparseTableStats,
  kind: 'js' | 'wasm' = 'js',
): Values {
  const shape = sparseShapeOf(rules);
  const module = kind === 'wasm' ? sparseWasmModule() : null;
  if (kind === 'wasm' && !module) throw new Error('the WebAssembly sparse kernel does not run here (no SIMD?)');
  const run = new SparseTableRun(shape, module ? new WasmSparseKernel(shape, module) : new SparseKernel(shape), n);
  ctx.timed(() => run.advance(n));
  if (stats)
    Object.assign(stats, { mask: run.mask, choices: run.choices, rareHeaps: run.rare.count, maxValue: run.maxValue });
  return run.g;
}
