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
import type { SparseOutcome, SparseTask } from './sparse-protocol.js';

/** Work per sparse chunk, in option visits: as the planner's target for plain chunks. */
const TARGET_OPS_PER_CHUNK = 3e7;
const MIN_CHUNK = 256;
const MAX_CHUNK = 1 << 20;
/** A rough step-2 scan length per heap, for sizing chunks (Grundy's game: ~1-3 thousand). */
const SCAN_ESTIMATE = 2048;

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

  private constructor(
    private readonly rules: Rules,
    private readonly shape: SparseShape,
    private readonly store: Store,
  ) {}

  /** A runner for the families sparse space applies to, else null (the plain kernel runs). */
  static for(rules: Rules, store: Store): SparseRunner | null {
    const shape = sparseShape(rules);
    return shape ? new SparseRunner(rules, shape, store) : null;
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
    let len = Math.floor(TARGET_OPS_PER_CHUNK / perValue);
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

  /** Append a finished chunk and the sparse state that goes with it, in one transaction. */
  append(game: GameRow, lo: number, values: Values, chunkMax: number): GameRow {
    return this.store.db.transaction(() => {
      const row = this.store.appendChunk(game, lo, values, chunkMax);
      if (this.plain || this.mask === null) deleteSparseState(this.store, row);
      else saveSparseState(this.store, row, { mask: this.mask, upto: lo + values.length, rare: this.rare.positions() });
      return row;
    })();
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
