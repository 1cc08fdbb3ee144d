import { sparseShape } from '../games/registry.js';
import type { SparseShape } from '../kernels/sparse.js';
import { VALUE_LIMIT, type SparseMask } from '../kernels/sparse-mask.js';
import {
  tableBuffer,
  tableSlice,
  typedTable,
  valueAt,
  WindowedValues,
  type Table,
  type Width,
} from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import type { SparseState } from '../store/sparse-state.js';
import type { GameRow } from '../store/store.js';
import { sparseKernelChoice } from '../wasm/sparse-module.js';
import { MAX_CHUNK, MIN_SPARSE_CHUNK, WORK_PER_CHUNK } from './budget.js';
import type { ChunkOutcome } from './protocol.js';
import { SparseArena } from './sparse-arena.js';
import {
  GANG_CHUNK_FACTOR,
  SparseGangs,
  sparseGangChoice,
  type SparseGangHost,
  type SparsePhaseStats,
} from './sparse-gangs.js';
import { SparsePathChooser, type SparsePath } from './sparse-path.js';
import type { SparseTask } from './sparse-protocol.js';
import { SparseSpace } from './sparse-space.js';
import { type ReadyWindow, SparseWindow, WINDOW_FROM, WINDOW_SIZES, type WindowSizes } from './sparse-window.js';
import type { ChunkRun, ChunkStrategy, StoredState, StrategyFacts } from './strategy.js';
import { runChunk } from './module-watch.js';

export type { SparsePhaseStats } from './sparse-gangs.js';

/** A rough step-2 scan length per heap, for sizing chunks before any is timed (Grundy's game: ~1-3 thousand). */
const SCAN_ESTIMATE = 2048;
/**
 * A sequential chunk's wall time once the cost per heap is measured (gang chunks hold
 * threads * GANG_CHUNK_FACTOR times its work). Each chunk pays a round trip and a commit, a
 * few ms: sized by the estimate above, octal:0.354's cheap heaps (~0.35 µs) made 1,550 chunks
 * of 13,000 heaps and spent 3.5 s of 11.6 on them. A crash still loses at most this much work.
 */
const CHUNK_US = 100_000;
/**
 * Parallel sparse chunks (a gang of every pool thread, engine/sparse-gangs.ts) from this heap on:
 * below it a chunk is too little work to pay for starting the gang.
 */
const MIN_PARALLEL_N = 1 << 15;
/**
 * A run's last one-worker chunk stops this share of its length short of the end: the last
 * chunk's store comes after its workers end, while an earlier one is stored as the next runs.
 * octal:0.167's last chunk of a million heaps took 18 ms to store on an idle pool; a quarter
 * chunk runs long enough to cover that store.
 */
const TAIL_SHARE = 4;
/**
 * A one-worker chunk after this many heaps not yet counted for the mask (SparseSpace.tally)
 * counts them once it is sent, and its revision goes by the heaps before them: counted first,
 * octal:0.167's chunks of 0.1 s kept the worker waiting 0.5-1.5 ms each (6 ms in a slow spell),
 * while a mask a chunk later costs nothing like it. Shorter runs count first, as gangs and
 * crowded windows do: their masks are the table's best.
 */
const LATE_TALLY = 1 << 16;
/** Knobs of sparse runs; only tests and benchmarks change them. */
export interface SparseTuning {
  /**
   * 'auto' (the default): once the pool has > 1 thread and n >= MIN_PARALLEL_N, gang or one
   * worker, whichever is measured faster (engine/sparse-path.ts); 'off': one worker per chunk;
   * 'force': a gang for every chunk from n = 1 (tests).
   */
  readonly parallel: 'auto' | 'off' | 'force';
  /** Fixed chunk length (odd lengths in tests); default sized by work. */
  readonly chunk?: number;
  /**
   * Size a gang's rows for the values before its chunk only (default: room for them to
   * double), so that every new power of two stops the gang: tests reach the regrow path.
   */
  readonly tightRows?: boolean;
  /**
   * Gangs of two members over the WebAssembly arena, for a game with one split sum: by default a
   * pipe once a tile gang's rescans call for one (engine/sparse-gangs.ts PIPE_RESCANS); true, a
   * pipe from the first gang; false, never (tests of each).
   */
  readonly pipe?: boolean;
  /**
   * Keep the table in a window of these sizes whatever the run's length (tests); by default a
   * run of more than WINDOW_FROM heaps keeps one of WINDOW_SIZES.
   */
  readonly window?: WindowSizes;
}

/**
 * The sparse-space strategy (docs/sparse.md): before each chunk it revises the mask
 * (SparseSpace), then runs the chunk on one worker or as a gang (SparseGangs), whichever the
 * chooser measures faster, in an arena (engine/sparse-arena.ts) or a window of one
 * (engine/sparse-window.ts). The mask and rare list are stored with every chunk in one
 * transaction, so that a resumed run picks them up. Tables whose values outgrow 16 bits go back
 * to the plain kernel.
 */
export class SparseRunner implements ChunkStrategy, SparseGangHost {
  readonly space: SparseSpace;
  private readonly gangs: SparseGangs;
  private plainOnly = false;
  /** Pool threads the last chunk kept busy. */
  lastWorkers = 1;
  /** Thread time per heap of the last chunk, in µs (0 before the first): sizes chunks and gang tiles. */
  usPerHeap = 0;
  readonly chooser = new SparsePathChooser();
  private decided: { lo: number; path: SparsePath; probe: boolean; goesOn: boolean } | null = null;
  /** Whether the pool's other threads were told to get ready for gangs (SparseGangs.warm). */
  private warmed = false;
  /** The newest table made here: its WebAssembly kernels work on the values in place. */
  arena: SparseArena | null = null;
  /** The run's windowed table, when it keeps one (engine/sparse-window.ts). */
  window: SparseWindow | null = null;

  private constructor(
    readonly rules: Rules,
    readonly shape: SparseShape,
    readonly threads: number,
    readonly tuning: SparseTuning,
    readonly stats: SparsePhaseStats,
  ) {
    this.space = new SparseSpace(shape);
    this.gangs = new SparseGangs(this);
  }

  /**
   * A runner for the families sparse space applies to, else null (the plain kernel runs).
   * `threads` is the pool's size: more than one enables parallel chunks. `stats` counts its gangs.
   */
  static for(
    rules: Rules,
    threads = 1,
    tuning: SparseTuning = { parallel: 'auto' },
    stats: SparsePhaseStats = emptySparseStats(),
  ): SparseRunner | null {
    const shape = sparseShape(rules);
    if (!shape) return null;
    // A bad GRUNDY_SPARSE_KERNEL or GRUNDY_SPARSE_GANG stops the run here, before any worker starts.
    sparseKernelChoice();
    const pipe = tuning.pipe ?? sparseGangChoice();
    return new SparseRunner(rules, shape, threads, pipe === undefined ? tuning : { ...tuning, pipe }, stats);
  }

  /**
   * Values up to 16 bits go in an arena (engine/sparse-arena.ts) where the WebAssembly kernels
   * run: a narrow table from the start, so the values are never copied to widen them, and no
   * thread keeps a copy of its own. Wider tables, and the JavaScript kernels, use a
   * SharedArrayBuffer. A table past WINDOW_FROM heaps is a window of one.
   */
  table(width: Width, capacity: number, limit: number, from?: Table, count = 0): Table | null {
    if (width === 32 || this.plainOnly || sparseKernelChoice() !== 'wasm') return null;
    if (this.window !== null && from === this.window.g) return from;
    // By the table asked for, not the limit: --until-proven asks for twice what it has, and
    // checks periodicity, which reads the table whole, until it is proven or the limit is reached.
    const sizes = this.tuning.window ?? (capacity > WINDOW_FROM ? WINDOW_SIZES : null);
    if (sizes !== null && from === undefined) {
      this.window = SparseWindow.create(this.shape, sizes, limit, Math.max(1, this.threads));
      if (this.window !== null) {
        this.arena = this.window.arena;
        return this.window.g;
      }
    }
    // A longer table for the same run grows in place: the values are already there.
    if (this.arena !== null && from !== undefined && this.arena.holds(from) && capacity <= this.arena.reserve)
      return this.arena.values(capacity);
    this.arena = SparseArena.create(this.shape, capacity, Math.max(capacity, limit), Math.max(1, this.threads));
    if (this.arena === null) return null;
    const g = this.arena.values(capacity);
    if (from) g.set(tableSlice(from, 0, count));
    return g;
  }

  /** The arena that holds g, if g is one's. */
  arenaOf(g: Table): SparseArena | null {
    if (g instanceof WindowedValues) return g === this.window?.g ? this.window.arena : null;
    return this.arena?.holds(g) ? this.arena : null;
  }

  /** Sparse space takes every chunk: past 16-bit values it hands them to the plain kernel. */
  takes(): boolean {
    return true;
  }

  /**
   * How the chunk starting at lo runs: on one worker, or as a gang (a probe gang runs a
   * sequential-length chunk). 'auto' asks the measuring chooser (engine/sparse-path.ts); the
   * answer is kept for lo, so chunkEnd and run agree.
   */
  private pathAt(lo: number): { path: SparsePath; probe: boolean; goesOn: boolean } {
    if (this.decided?.lo === lo) return this.decided;
    const mode = this.tuning.parallel;
    let choice: { path: SparsePath; probe: boolean; goesOn?: boolean };
    if (this.plainOnly || this.threads < 2 || mode === 'off' || lo < (mode === 'force' ? 1 : MIN_PARALLEL_N))
      choice = { path: 'seq', probe: false };
    else if (this.gangs.continues(lo) && (mode === 'force' || this.chooser.keepsGang())) {
      this.chooser.carryOn();
      choice = { path: 'gang', probe: false, goesOn: true };
    } else if (mode === 'force') choice = { path: 'gang', probe: false };
    // A run resumed past MIN_PARALLEL_N times one worker first: the gang's trials are measured
    // against its figure, and a chunk on the split sums' words vetoes them (octal:0.167 resumed
    // at 2^17 had run its tile gang's trial, 3x one worker's time, before any one-worker chunk).
    else if (this.usPerHeap === 0) choice = { path: 'seq', probe: false };
    else choice = this.chooser.next();
    this.decided = { lo, goesOn: false, ...choice };
    return this.decided;
  }

  get currentMask(): SparseMask | null {
    return this.space.mask;
  }

  get rareCount(): number {
    return this.space.rare.count;
  }

  /**
   * The mask and the rare heaps' count; in a window, the heaps kept, those finished from the
   * store, the tails made longer, and the chunks run in a frame (past 2^31 heaps).
   */
  facts(): StrategyFacts | null {
    const facts = this.space.facts();
    const win = this.window;
    if (facts === null || win === null) return facts;
    return {
      ...facts,
      window: `${win.g.head.length}+${win.g.tail.length}`,
      misses: win.misses,
      grown: win.grown,
      banded: win.banded,
      framed: win.framed,
    };
  }

  /** Pick up the stored mask and rare list for g[0, computed); extend them over anything newer. */
  resume(game: GameRow, g: Table, computed: number, stored: StoredState): void {
    this.plainOnly = game.width === 32;
    this.space.resume(game, g, computed, this.plainOnly ? null : stored);
  }

  /** The mask and rare list to store with the chunk that ends at hi; null once they no longer apply. */
  stateAt(hi: number): SparseState | null {
    return this.plainOnly ? null : this.space.stateAt(hi);
  }

  /** The end of the next chunk from lo, never past limit: sized by the sparse cost per heap. */
  chunkEnd(lo: number, limit: number, last = false): number {
    const perValue = this.space.rare.count * this.shape.two.length + SCAN_ESTIMATE;
    const { path, probe, goesOn } = this.pathAt(lo);
    // A fixed length (tests): gang chunks then hold three tiles of that length.
    if (this.tuning.chunk !== undefined)
      return Math.min(
        limit,
        lo + Math.max(1, this.tuning.chunk) * (path === 'gang' ? 3 : 1),
        lo + (this.window?.maxChunk ?? Infinity),
      );
    const factor = path === 'gang' && !probe ? this.threads * GANG_CHUNK_FACTOR : 1;
    // A gang's probe lasts no longer than a one-worker chunk, by the gang's own last figure: sized
    // by one worker's, octal:0.167's probes (a gang 2.3x slower) each cost 135 ms of a 1.1 s run.
    const usPerHeap = probe && path === 'gang' ? Math.max(this.usPerHeap, this.chooser.figures.gang) : this.usPerHeap;
    const timed = usPerHeap > 0;
    const lengthOf = (f: number): number =>
      Math.floor(timed ? (CHUNK_US * f) / usPerHeap : (WORK_PER_CHUNK * f) / perValue);
    let len = lengthOf(factor);
    // A chunk a running gang goes on with only says what to store: halving towards the limit,
    // down to a one-worker chunk's wall time, so that the last one, stored after the members
    // have ended, is short. Each chunk stored costs the main thread a commit, and a member its core.
    if (goesOn) len = Math.max(lengthOf(this.threads), Math.min(len, Math.ceil((limit - lo) / 2)));
    // While the mask is young, revise it often: chunks grow with the prefix.
    len = Math.min(MAX_CHUNK, Math.max(MIN_SPARSE_CHUNK, Math.min(len, lo)));
    if (this.window !== null) len = Math.min(len, this.window.maxChunk);
    // Less than half a chunk left before the limit (a periodicity check point, or the table's
    // end) joins this chunk: a chunk of its own would pay a round trip and a commit for little.
    // A run's last one-worker chunk leaves a short one after it (TAIL_SHARE).
    let end = limit - (lo + len) < len / 2 ? limit : lo + len;
    const tail = Math.floor(len / TAIL_SHARE);
    if (last && end === limit && path === 'seq' && tail >= MIN_SPARSE_CHUNK && limit - lo > 2 * tail) end -= tail;
    // The path is chosen a chunk at a time: a one-worker chunk stops where gangs may start.
    const gangFrom = this.tuning.parallel === 'auto' && this.threads > 1 && lo < MIN_PARALLEL_N;
    return Math.min(limit, end, gangFrom ? MIN_PARALLEL_N : Infinity);
  }

  async run(chunk: ChunkRun): Promise<ChunkOutcome> {
    const { pool, g, width, lo, hi, maxBefore, signal } = chunk;
    const upto = this.space.upto;
    if (lo !== upto) throw new Error(`sparse state covers [0, ${upto}) but the chunk starts at ${lo}`);
    if (width === 32 || maxBefore >= VALUE_LIMIT) this.plainOnly = true;
    // A gang running on past the last chunk takes this one too, with the mask it started with.
    if (!this.plainOnly && this.pathAt(lo).path === 'gang' && this.gangs.continues(lo, g)) return this.gangs.run(chunk);
    if (this.gangs.running) {
      const failed = await this.gangs.endAt(lo);
      if (failed) return failed;
    }
    if (this.plainOnly) {
      const buffer = typedTable(g).buffer as SharedArrayBuffer;
      return runChunk(pool, { kind: 'range', rules: this.rules, buffer, width, lo, hi, maxBefore }, signal);
    }
    // A window whose tail is too short for the rare heaps' partners takes a mask that ends them sooner.
    const win = this.window !== null && g === this.window.g ? this.window : null;
    const crowded = win?.crowded(this.space.lastRare) ?? false;
    const seq = this.pathAt(lo).path === 'seq';
    if (!seq || crowded || lo - this.space.tallied < LATE_TALLY) this.space.tally(g, lo);
    this.space.revise(g, lo, crowded);
    if (!seq) return this.gangs.run(chunk);
    return this.runSequential(chunk);
  }

  /**
   * A chunk on one worker: the kernel until it stops. Over a window (made ready for the chunk
   * first) it stops at a heap whose scan would leave the window, computed here from the window
   * and the store (a miss), and after a rare heap whose partners would fall before the tail (the
   * window is made ready again); a whole table runs the chunk in one task.
   */
  private async runSequential(chunk: ChunkRun): Promise<ChunkOutcome> {
    const { pool, g, width, lo, hi, signal } = chunk;
    this.lastWorkers = 1;
    const win = this.window !== null && g === this.window.g ? this.window : null;
    let at = lo;
    let before = chunk.maxBefore;
    let chunkMax = 0;
    let ms = 0;
    let planes = 0;
    let kernel = '';
    while (at < hi) {
      const ready = win ? this.readyWindow(win, at, hi) : undefined;
      // The kernel sees the chunk's heaps moved back by the window's frame (0 below 2^31).
      const shift = ready?.shift ?? 0;
      const arena = this.arenaOf(g);
      const rare = this.space.rare;
      const known = rare.count;
      const capacity = win ? win.capacity : g.length;
      const place = arena?.places(1, capacity, known + (hi - at), 0, ready?.place)[0];
      const task: SparseTask = {
        kind: 'sparse',
        rules: this.rules,
        shape: this.shape,
        buffer: tableBuffer(g),
        width,
        lo: at - shift,
        hi: hi - shift,
        maxBefore: before,
        mask: this.space.mask!,
        rare: rare.pos.subarray(0, known),
        rareVal: rare.val.subarray(0, known),
        ...(arena && place ? { arena: { memory: arena.memory, id: arena.id, place } } : {}),
      };
      const running = pool.runOn('sparse', task, signal, `sparse chunk [${at}, ${hi}) of ${this.rules.key}`);
      // The heaps before this task, counted while it runs when there were many (LATE_TALLY).
      this.space.tally(g, at);
      // The other threads get ready for the gangs while this one computes.
      if (!this.warmed && this.threads > 1 && this.tuning.parallel !== 'off') this.gangs.warm(pool, arena, capacity);
      this.warmed = true;
      const outcome = await running;
      // What the tasks before finished is final: the coordinator stores it before the error.
      if (outcome.kind === 'error') {
        if (at > lo) return { ...outcome, next: at, maxValue: chunkMax };
        return outcome.next === undefined ? outcome : { ...outcome, next: outcome.next + shift };
      }
      ms += outcome.ms;
      planes += outcome.planes ?? 0;
      kernel = outcome.kernel;
      chunkMax = Math.max(chunkMax, outcome.maxValue);
      before = Math.max(before, outcome.maxValue);
      for (let i = 0; i < outcome.rare.length; i++) {
        const r = outcome.rare[i]! + shift;
        rare.push(r, valueAt(g, r));
      }
      at = outcome.next + shift;
      this.space.upto = at;
      if (outcome.kind === 'overflow') {
        this.timed(lo, at, ms, planes);
        return { kind: 'overflow', next: at, maxValue: chunkMax, value: outcome.value, kernel };
      }
      if (outcome.miss && win) {
        const v = this.finishMiss(win, at);
        if (v > 0xffff) return { kind: 'overflow', next: at, maxValue: chunkMax, value: v, kernel };
        chunkMax = Math.max(chunkMax, v);
        before = Math.max(before, v);
        at++;
      } else if (at < hi && !win) throw new Error(`the sparse kernel stopped at ${at} of [${lo}, ${hi}) for no reason`);
    }
    this.timed(lo, hi, ms, planes);
    return { kind: 'done', next: hi, maxValue: chunkMax, kernel };
  }

  /**
   * One worker computed [lo, next) in `ms` of its thread's time (`planes` of its heaps on the
   * split sums' words): timed on the worker, since storing and checking the chunk before can
   * hold up the outcome here.
   */
  private timed(lo: number, next: number, ms: number, planes: number): void {
    if (next <= lo) return;
    this.usPerHeap = (ms * 1000) / (next - lo);
    this.chooser.record('seq', next - lo, ms);
    this.chooser.planes(next - lo, planes);
    this.gangs.recheckVeto();
  }

  /** The window made ready for [lo, end) (SparseWindow.ready): the place's window, the arena the window's. */
  readyWindow(win: SparseWindow, lo: number, end: number): ReadyWindow {
    const ready = win.ready(lo, end, this.space.rare);
    this.arena = win.arena;
    return ready;
  }

  /**
   * g(n) of a heap the kernel left to the main thread (a miss), from every option: stored in
   * the window and the rare list (a value past 65535 is returned and stored nowhere).
   */
  finishMiss(win: SparseWindow, n: number): number {
    const v = win.fullValue(n, this.space.rare, this.space.mask!);
    if (v > 0xffff) return v;
    win.g.set([v], n);
    this.space.add(n, v);
    return v;
  }

  /** Stop a gang still running (the run is over): the pool's threads are free after. */
  close(): Promise<void> {
    return this.gangs.close();
  }
}

/** Counters of a run's sparse gangs, all zero. */
export function emptySparseStats(): SparsePhaseStats {
  return { chunks: 0, gangs: 0, rescans: 0, continued: 0, regrows: 0 };
}
