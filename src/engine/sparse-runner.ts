import { collectRare, RareList, sparseShape, type SparseShape } from '../kernels/sparse.js';
import {
  bestMask,
  classTable,
  rareCountOf,
  sameMask,
  VALUE_LIMIT,
  ValueHistogram,
  worthSwitching,
  type SparseMask,
} from '../kernels/sparse-mask.js';
import type { Values, Width } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import { deleteSparseState, loadSparseState, saveSparseState } from '../store/sparse-state.js';
import type { GameRow, Store } from '../store/store.js';
import type { WorkerPool } from './pool.js';
import type { ChunkOutcome } from './protocol.js';
import type {
  SparseFinishOutcome,
  SparseFinishTask,
  SparseGatherOutcome,
  SparseGatherTask,
  SparseOutcome,
  SparseTask,
} from './sparse-protocol.js';
import { sparseRowStride } from '../kernels/sparse-split.js';
import { rowWordsFor } from '../kernels/split/split-kernel.js';
import { RowScratch } from './split-runner.js';

/** Work per sparse chunk, in option visits: as the planner's target for plain chunks. */
const TARGET_OPS_PER_CHUNK = 3e7;
const MIN_CHUNK = 256;
const MAX_CHUNK = 1 << 20;
/** A rough step-2 scan length per heap, for sizing chunks (Grundy's game: ~1-3 thousand). */
const SCAN_ESTIMATE = 2048;
/**
 * Parallel sparse chunks (gather on every worker, ordered finish) from this heap on: below it a
 * chunk is too little work to pay for the extra round trip of the finish.
 */
const MIN_PARALLEL_N = 1 << 15;
/** Whether 'auto' runs parallel chunks (see README "Parallel sparse space" for the measurements). */
const PARALLEL_BY_DEFAULT = false;
/** Gather slices per worker, so that a worker slowed by a busy machine is not waited on. */
const SLICES_PER_WORKER = 1;
/**
 * Length of a parallel chunk. The finish must rescan a heap when a pair with a small rare heap
 * and an in-chunk heap marks the gather's guess for c, and rare heaps crowd the small sizes, so
 * that rate grows with the chunk (Grundy's game near 2e5: ~2% of heaps at 500, ~4% at 1000,
 * ~8% at 2000, each rescan costing about two heaps of the sequential kernel).
 */
const PARALLEL_CHUNK = 1024;

/** Knobs of sparse runs; only tests and benchmarks change them. */
export interface SparseTuning {
  /**
   * 'auto': the default (PARALLEL_BY_DEFAULT); 'on': parallel chunks when the pool has > 1
   * thread and n >= MIN_PARALLEL_N; 'off': one worker per chunk; 'force': parallel from n = 1.
   */
  readonly parallel: 'auto' | 'on' | 'off' | 'force';
  /** Fixed chunk length (odd lengths in tests); default sized by work. */
  readonly chunk?: number;
}

/** Wall time of the phases of parallel sparse chunks, and how often the gather's guess fell short. */
export interface SparsePhaseStats {
  chunks: number;
  gatherMs: number;
  finishMs: number;
  /** Heaps whose finish scanned every pair because the true c exceeded the gather's c_spec. */
  rescans: number;
  /** Heaps whose finish scanned the in-chunk pairs after an exhausted frozen scan. */
  continued: number;
}

/**
 * The main-thread side of a sparse-space run (THEORY.md section 4): it owns the value histogram,
 * chooses and revises the mask before each chunk, keeps the rare list (rebuilt from the prefix
 * when the mask changes), sends both with each chunk to workers/sparse.worker.ts, and stores the
 * mask and rare list with every chunk in one transaction so that a resumed run picks them up.
 * Tables whose values outgrow 16 bits go back to the plain kernel.
 */
export class SparseRunner {
  private mask: SparseMask | null = null;
  private rare = new RareList();
  private readonly hist = new ValueHistogram();
  /** The rare list and the histogram cover heaps [0, upto). */
  private upto = 0;
  private plain = false;
  private readonly scratch = new RowScratch();
  /** Pool threads the last chunk kept busy. */
  lastWorkers = 1;
  readonly stats: SparsePhaseStats = { chunks: 0, gatherMs: 0, finishMs: 0, rescans: 0, continued: 0 };

  private constructor(
    private readonly rules: Rules,
    private readonly shape: SparseShape,
    private readonly store: Store,
    private readonly threads: number,
    private readonly tuning: SparseTuning,
  ) {}

  /**
   * A runner for the families sparse space applies to, else null (the plain kernel runs).
   * `threads` is the pool's size: more than one enables parallel chunks.
   */
  static for(rules: Rules, store: Store, threads = 1, tuning: SparseTuning = { parallel: 'auto' }): SparseRunner | null {
    const shape = sparseShape(rules);
    return shape ? new SparseRunner(rules, shape, store, threads, tuning) : null;
  }

  /** Whether the chunk starting at lo runs as a parallel gather plus ordered finish. */
  private parallelAt(lo: number): boolean {
    const mode = this.tuning.parallel === 'auto' ? (PARALLEL_BY_DEFAULT ? 'on' : 'off') : this.tuning.parallel;
    if (this.plain || this.threads < 2 || mode === 'off') return false;
    return mode === 'force' ? lo > 0 : lo >= MIN_PARALLEL_N;
  }

  get currentMask(): SparseMask | null {
    return this.mask;
  }

  get rareCount(): number {
    return this.rare.count;
  }

  /** Pick up the stored mask and rare list for g[0, computed); extend them over anything newer. */
  resume(game: GameRow, g: Values, computed: number): void {
    this.hist.add(g, 0, computed);
    this.plain = game.width === 32;
    const state = this.plain ? undefined : loadSparseState(this.store, game);
    if (state && (state.mask.parity === 0 || this.shape.parityAllowed)) {
      this.mask = state.mask;
      this.rare = RareList.from(state.rare, g);
      this.rare.truncate(computed);
      this.upto = Math.min(state.upto, computed);
      collectRare(g, this.upto, computed, this.mask, classTable(this.mask.bits), this.rare);
    } else {
      this.mask = null;
      this.rare = new RareList();
    }
    this.upto = computed;
  }

  /** The end of the next chunk from lo, never past limit: sized by the sparse cost per heap. */
  chunkEnd(lo: number, limit: number): number {
    const perValue = this.rare.count * this.shape.two.length + SCAN_ESTIMATE;
    const parallel = this.parallelAt(lo);
    // A fixed length (tests): parallel chunks then hold three sub-chunks of that length.
    if (this.tuning.chunk !== undefined) return Math.min(limit, lo + Math.max(1, this.tuning.chunk) * (parallel ? 3 : 1));
    let len = Math.floor((TARGET_OPS_PER_CHUNK * (parallel ? this.threads : 1)) / perValue);
    // While the mask is young, revise it often: chunks grow with the prefix.
    len = Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, Math.min(len, lo)));
    return Math.min(limit, lo + len);
  }

  async run(pool: WorkerPool, g: Values, width: Width, lo: number, hi: number, maxBefore: number, signal?: AbortSignal): Promise<ChunkOutcome> {
    if (lo !== this.upto) throw new Error(`sparse state covers [0, ${this.upto}) but the chunk starts at ${lo}`);
    if (width === 32 || maxBefore >= VALUE_LIMIT) this.plain = true;
    if (this.plain) {
      return pool.run({ kind: 'range', rules: this.rules, buffer: g.buffer as SharedArrayBuffer, width, lo, hi, maxBefore }, signal);
    }
    this.reviseMask(g, lo);
    if (this.parallelAt(lo)) return this.runParallel(pool, g, width, lo, hi, maxBefore, signal);
    this.lastWorkers = 1;
    const task: SparseTask = {
      kind: 'sparse',
      rules: this.rules,
      buffer: g.buffer as SharedArrayBuffer,
      width,
      lo,
      hi,
      maxBefore,
      mask: this.mask!,
      rare: this.rare.pos.subarray(0, this.rare.count),
    };
    const outcome = await pool.runOn<SparseTask, SparseOutcome>('sparse', task, signal, `sparse chunk [${lo}, ${hi}) of ${this.rules.key}`);
    if (outcome.kind === 'error') return outcome;
    for (let i = 0; i < outcome.rare.length; i++) this.rare.push(outcome.rare[i]!, g[outcome.rare[i]!]!);
    this.hist.add(g, lo, outcome.next);
    this.upto = outcome.next;
    const { rare: _found, ...chunk } = outcome;
    return chunk;
  }

  /**
   * A chunk [lo, hi) as parallel sub-chunks of PARALLEL_CHUNK heaps: each one a gather over
   * slices on every worker from the frozen prefix, then one ordered finish task
   * (kernels/sparse-split.ts). Sub-chunks stay short so the finish rarely rescans; the chunk
   * stays long so the main thread commits (chunk, mask and rare list) no more often than for
   * sequential chunks. The main thread only schedules.
   */
  private async runParallel(pool: WorkerPool, g: Values, width: Width, lo: number, hi: number, maxBefore: number, signal?: AbortSignal): Promise<ChunkOutcome> {
    const step = this.tuning.chunk ?? PARALLEL_CHUNK;
    let max = maxBefore;
    let chunkMax = 0;
    let a = lo;
    let kernel = '';
    this.lastWorkers = 1;
    while (a < hi) {
      const b = Math.min(hi, a + step);
      const outcome = await this.runSubChunk(pool, g, width, a, b, max, signal);
      if (outcome.kind === 'error') {
        // Sub-chunks before this one are final: report them so the coordinator stores them.
        return a > lo ? { ...outcome, next: a, maxValue: chunkMax } : outcome;
      }
      kernel = outcome.kernel;
      chunkMax = Math.max(chunkMax, outcome.maxValue);
      max = Math.max(max, outcome.maxValue);
      a = outcome.next;
      if (outcome.kind === 'overflow') return { ...outcome, maxValue: chunkMax };
    }
    return { kind: 'done', next: hi, maxValue: chunkMax, kernel };
  }

  private async runSubChunk(pool: WorkerPool, g: Values, width: Width, lo: number, hi: number, maxBefore: number, signal?: AbortSignal): Promise<ChunkOutcome> {
    const t0 = performance.now();
    const rowWords = rowWordsFor(maxBefore);
    const rows = this.scratch.get((hi - lo) * sparseRowStride(rowWords) * 4);
    const base = {
      rules: this.rules,
      buffer: g.buffer as SharedArrayBuffer,
      width,
      mask: this.mask!,
      rare: this.rare.pos.subarray(0, this.rare.count),
      rows,
      rowWords,
      a: lo,
      maxBefore,
    };
    const count = Math.max(1, Math.min(this.threads * SLICES_PER_WORKER, hi - lo));
    const gathers: Promise<SparseGatherOutcome>[] = [];
    for (let i = 0; i < count; i++) {
      const from = lo + Math.floor(((hi - lo) * i) / count);
      const to = lo + Math.floor(((hi - lo) * (i + 1)) / count);
      if (to <= from) continue;
      const task: SparseGatherTask = { ...base, kind: 'sparse-gather', lo: from, hi: to };
      gathers.push(pool.runOn<SparseGatherTask, SparseGatherOutcome>('sparse-split', task, signal, `sparse gather [${from}, ${to}) of ${this.rules.key}`));
    }
    const gathered = await Promise.all(gathers);
    this.lastWorkers = Math.max(this.lastWorkers, Math.min(this.threads, gathers.length));
    for (const outcome of gathered) if (outcome.kind === 'error') return outcome;
    const t1 = performance.now();
    const finish: SparseFinishTask = { ...base, kind: 'sparse-finish', b: hi };
    const outcome = await pool.runOn<SparseFinishTask, SparseFinishOutcome>('sparse-split', finish, signal, `sparse finish [${lo}, ${hi}) of ${this.rules.key}`);
    this.stats.chunks++;
    this.stats.gatherMs += t1 - t0;
    this.stats.finishMs += performance.now() - t1;
    if (outcome.kind === 'error') return outcome;
    this.stats.rescans += outcome.rescans;
    this.stats.continued += outcome.continued;
    for (let i = 0; i < outcome.rare.length; i++) this.rare.push(outcome.rare[i]!, g[outcome.rare[i]!]!);
    this.hist.add(g, lo, outcome.next);
    this.upto = outcome.next;
    const { rare: _found, rescans: _r, continued: _c, ...chunk } = outcome;
    return chunk;
  }

  /**
   * Append a finished chunk and the sparse state that goes with it, in one transaction. It must
   * begin IMMEDIATE: a deferred transaction reads first and then upgrades to a write lock, and
   * SQLite answers such an upgrade with SQLITE_BUSY at once (no busy timeout) while another
   * compute on the same store holds the lock.
   */
  append(game: GameRow, lo: number, values: Values, chunkMax: number): GameRow {
    return this.store.db
      .transaction(() => {
        const row = this.store.appendChunk(game, lo, values, chunkMax);
        if (this.plain || this.mask === null) deleteSparseState(this.store, row);
        else saveSparseState(this.store, row, { mask: this.mask, upto: lo + values.length, rare: this.rare.positions() });
        return row;
      })
      .immediate();
  }

  /** Switch to the mask with the fewest rare heaps so far when it is clearly better. */
  private reviseMask(g: Values, lo: number): void {
    const choice = bestMask(this.hist, this.shape.parityAllowed);
    if (this.mask !== null && (sameMask(choice.mask, this.mask) || !worthSwitching(rareCountOf(choice, this.mask), choice.rare))) return;
    this.mask = choice.mask;
    this.rare = new RareList();
    collectRare(g, 0, lo, this.mask, classTable(this.mask.bits), this.rare);
  }
}
