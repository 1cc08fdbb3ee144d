import { collectRare, RareList, type SparseShape } from '../kernels/sparse.js';
import { sparseShape } from '../games/registry.js';
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
import type { Rules } from '../rules/types.js';
import type { SparseState } from '../store/sparse-state.js';
import type { GameRow } from '../store/store.js';
import { MAX_CHUNK, MIN_SPARSE_CHUNK, WORK_PER_CHUNK } from './budget.js';
import type { ChunkOutcome } from './protocol.js';
import type { WorkerPool } from './pool.js';
import type { ChunkRun, ChunkStrategy, StoredState, StrategyFacts } from './strategy.js';
import type { SparseGangOutcome, SparseGangTask, SparseReadyTask, SparseTask } from './sparse-protocol.js';
import { ComputeError } from '../errors.js';
import { SPARSE_GANG_KERNEL, sparseRowStride } from '../kernels/sparse-frozen.js';
import { WASM_SPARSE_GANG_KERNEL, wasmRowStride } from '../kernels/wasm/sparse-wasm.js';
import { rowWordsFor } from '../kernels/frozen/frozen-kernel.js';
import { abortGang, controlBytes, finishedAt, GANG, startGang } from '../gang/control.js';
import { runGangTasks, type GangSettled } from '../gang/launch.js';
import { SparsePathChooser, type SparsePath } from './sparse-path.js';
import { RowScratch } from './frozen-runner.js';
import { sparseKernelChoice } from '../wasm/sparse-module.js';
import { SparseArena } from './sparse-arena.js';
import {
  eachRun,
  NarrowValues,
  tableMax,
  tableSlice,
  typedTable,
  valueAt,
  WindowedValues,
  type Table,
  type Width,
} from '../kernels/values.js';
import { SparseWindow, WINDOW_FROM, WINDOW_SIZES, type WindowSizes } from './sparse-window.js';

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
 * Parallel sparse chunks (a gang of every pool thread, engine/sparse-gang.ts) from this heap on:
 * below it a chunk is too little work to pay for starting the gang.
 */
const MIN_PARALLEL_N = 1 << 15;
/**
 * Length of a gang's tile: about GANG_TILE_US of work, at least GANG_TILE heaps. A finish
 * must rescan a heap when a pair with a small rare heap and a heap of its window [F, n) (up to
 * members * tile long) marks the gather's guess for c, and rare heaps crowd the small sizes, so
 * that rate grows with the window (Grundy's game near 3e5: 1% of heaps at a window of 256, 3%
 * at 512), each rescan costing about one heap of the sequential kernel: hence short
 * tiles. But every tile is a hand-over (an Atomics wake-up and a cold start of the
 * finish), which cheap heaps do not pay for: octal:0.354 (~1 µs a heap) ran 34 s on two
 * workers with 256-heap tiles against 26 s on one. A gang's first tiles are sized by the chunks
 * before it; then the members size them by their own pace (gang/member.ts tileFor), as heaps
 * grow costlier along the gang. Grundy's game to 2 * 10^6 on two workers, the members' time
 * a heap over 2,000 / 1,600 / 1,300 / 1,000 µs tiles: 1.10 / 1.06 / 1.07 / 1.08 µs (fewer
 * rescans against more hand-overs and waits).
 */
const GANG_TILE = 256;
const GANG_TILE_MAX = 16384;
const GANG_TILE_US = 1600;
/**
 * A gang's first chunk holds this many times the work of a sequential one (times the members),
 * and sets how far the gang goes on (gangHorizon); the chunks it goes on with hold a sequential
 * one's wall time (times the members), as they cost no start. Before gangs went on, every
 * chunk was a gang's, each start and end a few ms in which a member idled: Grundy's game to
 * 2 * 10^6 on 2 workers, 4 against 8, five alternated pairs: 2.79-2.85 against 2.77-2.82 s.
 */
const GANG_CHUNK_FACTOR = 8;
/** A gang member's rows when they live in its arena place. */
const NO_ROWS = new SharedArrayBuffer(0);
/**
 * A gang runs on for this many chunks of its first chunk's length, at most MAX_GANG_SPAN heaps
 * (its rare list has room for every one: address space, taken only where written). Every gang
 * start and end costs a few ms in which a member idles: Grundy's game to 2 * 10^6 on two
 * workers started six gangs, one per chunk, and lost 40-60 ms between them.
 */
const GANG_SPAN = 64;
const MAX_GANG_SPAN = 1 << 23;

/** Where a gang started for the chunk [lo, hi) stops, in an arena table with room for `reserve` values. */
export function gangHorizon(lo: number, hi: number, reserve: number): number {
  return Math.max(hi, Math.min(reserve, lo + Math.min(MAX_GANG_SPAN, GANG_SPAN * (hi - lo))));
}

/** A gang that may still be running, and what of it the chunks have reported. */
interface LiveGang {
  readonly ctl: Int32Array;
  readonly lo: number;
  readonly members: number;
  /** The arena its members work in (null: the JavaScript kernel's SharedArrayBuffer). */
  readonly arena: SparseArena | null;
  readonly rarePos: Int32Array;
  readonly rareVal: Int32Array;
  /** Entries of the shared rare list already in the runner's. */
  taken: number;
  /** Heaps below this are in a chunk's outcome. */
  reported: number;
  /** When the last chunk's outcome was made (ms, performance.now). */
  reportedAt: number;
  /** The control block's counters as of the last chunk's outcome. */
  counted: { readonly rescans: number; readonly continued: number };
  /** Every member has returned. */
  readonly settled: Promise<GangSettled<SparseGangOutcome>>;
  /** The phase kernel its members run: the WebAssembly one in an arena. */
  readonly kernel: string;
}

/** Heaps per gang tile for heaps costing `usPerHeap` µs of thread time each (0: unknown). */
export function tileLength(usPerHeap: number): number {
  if (!(usPerHeap > 0)) return GANG_TILE;
  return Math.min(GANG_TILE_MAX, Math.max(GANG_TILE, Math.round(GANG_TILE_US / usPerHeap)));
}

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
   * Keep the table in a window of these sizes whatever the run's length (tests); by default a
   * run of more than WINDOW_FROM heaps keeps one of WINDOW_SIZES.
   */
  readonly window?: WindowSizes;
}

/** Parallel sparse chunks run, and how often the gather's guess fell short. */
export interface SparsePhaseStats {
  chunks: number;
  /** Gangs started: one goes on for many chunks (gangHorizon). */
  gangs: number;
  /** Heaps whose finish scanned every pair because the true c exceeded the gather's c_spec. */
  rescans: number;
  /** Heaps whose finish scanned the window's pairs after an exhausted frozen scan. */
  continued: number;
  /** Gangs stopped early because the values outgrew their rows (a new gang goes on). */
  regrows: number;
}

/**
 * The main-thread side of a sparse-space run (README: Sparse space): it owns the value histogram,
 * chooses and revises the mask before each chunk, keeps the rare list (rebuilt from the prefix
 * when the mask changes), sends both with each chunk to workers/sparse.worker.ts, and stores the
 * mask and rare list with every chunk in one transaction so that a resumed run picks them up.
 * Tables whose values outgrow 16 bits go back to the plain kernel.
 */
export class SparseRunner implements ChunkStrategy {
  private mask: SparseMask | null = null;
  private rare = new RareList();
  private readonly hist = new ValueHistogram();
  /** The histogram counts g[0, tallied). */
  private tallied = 0;
  /** The rare list and the histogram cover heaps [0, upto). */
  private upto = 0;
  private plain = false;
  private readonly rowScratch: RowScratch[] = [];
  private readonly controlScratch = new RowScratch();
  private readonly rarePosScratch = new RowScratch();
  private readonly rareValScratch = new RowScratch();
  /** Pool threads the last chunk kept busy. */
  lastWorkers = 1;
  /** Thread time per heap of the last chunk, in µs (0 before the first): sizes gang tiles. */
  private usPerHeap = 0;
  private readonly chooser = new SparsePathChooser();
  private decided: { lo: number; path: SparsePath; probe: boolean; goesOn: boolean } | null = null;
  readonly stats: SparsePhaseStats = { chunks: 0, gangs: 0, rescans: 0, continued: 0, regrows: 0 };
  /** Whether the pool's other threads were told to load the sparse worker (pool.warm). */
  private warmed = false;
  /** The ready tasks (warm) still running: a gang waits for them. */
  private readying: Promise<void> | null = null;
  /** The gang running on past the last chunk's end, if any (runParallel). */
  private live: LiveGang | null = null;
  /** The newest table made here: its WebAssembly kernels work on the values in place. */
  private arena: SparseArena | null = null;
  /** The run's windowed table, when it keeps one (engine/sparse-window.ts). */
  private window: SparseWindow | null = null;

  private constructor(
    private readonly rules: Rules,
    private readonly shape: SparseShape,
    private readonly threads: number,
    private readonly tuning: SparseTuning,
  ) {}

  /**
   * A runner for the families sparse space applies to, else null (the plain kernel runs).
   * `threads` is the pool's size: more than one enables parallel chunks.
   */
  static for(rules: Rules, threads = 1, tuning: SparseTuning = { parallel: 'auto' }): SparseRunner | null {
    const shape = sparseShape(rules);
    if (!shape) return null;
    // A bad GRUNDY_SPARSE_KERNEL stops the run here, before any worker starts.
    sparseKernelChoice();
    return new SparseRunner(rules, shape, threads, tuning);
  }

  /**
   * Values up to 16 bits go in an arena (engine/sparse-arena.ts) where the WebAssembly kernels
   * run: a narrow table from the start, so the values are never copied to widen them, and no
   * thread keeps a copy of its own. Wider tables, and the JavaScript kernels, use a
   * SharedArrayBuffer.
   */
  table(width: Width, capacity: number, limit: number, from?: Table, count = 0): Table | null {
    if (width === 32 || this.plain || sparseKernelChoice() !== 'wasm') return null;
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
  private arenaOf(g: Table): SparseArena | null {
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
    if (this.plain || this.threads < 2 || mode === 'off' || lo < (mode === 'force' ? 1 : MIN_PARALLEL_N))
      choice = { path: 'seq', probe: false };
    else if (this.continues(lo) && (mode === 'force' || this.chooser.keepsGang())) {
      this.chooser.carryOn();
      choice = { path: 'gang', probe: false, goesOn: true };
    } else if (mode === 'force') choice = { path: 'gang', probe: false };
    else choice = this.chooser.next();
    this.decided = { lo, goesOn: false, ...choice };
    return this.decided;
  }

  get currentMask(): SparseMask | null {
    return this.mask;
  }

  get rareCount(): number {
    return this.rare.count;
  }

  /** The mask as the octal-game literature writes it (0x1ee for Officers), and the rare heaps' count. */
  facts(): StrategyFacts | null {
    if (!this.mask) return null;
    const facts = {
      mask: `0x${this.mask.bits.toString(16)}${this.mask.parity ? '+parity' : ''}`,
      rare: this.rare.count,
    };
    const win = this.window;
    if (win === null) return facts;
    // Heaps kept (head + tail), heaps finished from the store, and tails made longer.
    return { ...facts, window: `${win.g.head.length}+${win.g.tail.length}`, misses: win.misses, grown: win.grown };
  }

  /** Pick up the stored mask and rare list for g[0, computed); extend them over anything newer. */
  resume(game: GameRow, g: Table, computed: number, stored: StoredState): void {
    this.tallyTo(g, computed);
    this.plain = game.width === 32;
    const state = this.plain ? undefined : stored.sparseState(game);
    if (state && (state.mask.parity === 0 || this.shape.parityAllowed)) {
      this.mask = state.mask;
      this.rare = RareList.of(state.rare, (n) => valueAt(g, n));
      this.rare.truncate(computed);
      this.upto = Math.min(state.upto, computed);
      this.collect(g, this.upto, computed);
    } else {
      this.mask = null;
      this.rare = new RareList();
    }
    this.upto = computed;
  }

  /** The end of the next chunk from lo, never past limit: sized by the sparse cost per heap. */
  chunkEnd(lo: number, limit: number): number {
    const perValue = this.rare.count * this.shape.two.length + SCAN_ESTIMATE;
    const { path, probe, goesOn } = this.pathAt(lo);
    // A fixed length (tests): gang chunks then hold three tiles of that length.
    if (this.tuning.chunk !== undefined)
      return Math.min(
        limit,
        lo + Math.max(1, this.tuning.chunk) * (path === 'gang' ? 3 : 1),
        lo + (this.window?.maxChunk ?? Infinity),
      );
    const factor = path === 'gang' && !probe ? this.threads * GANG_CHUNK_FACTOR : 1;
    const timed = this.usPerHeap > 0;
    const lengthOf = (f: number): number =>
      Math.floor(timed ? (CHUNK_US * f) / this.usPerHeap : (WORK_PER_CHUNK * f) / perValue);
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
    const end = limit - (lo + len) < len / 2 ? limit : lo + len;
    // The path is chosen a chunk at a time: a one-worker chunk stops where gangs may start.
    const gangFrom = this.tuning.parallel === 'auto' && this.threads > 1 && lo < MIN_PARALLEL_N;
    return Math.min(limit, end, gangFrom ? MIN_PARALLEL_N : Infinity);
  }

  async run(chunk: ChunkRun): Promise<ChunkOutcome> {
    const { pool, g, width, lo, hi, maxBefore, signal } = chunk;
    if (lo !== this.upto) throw new Error(`sparse state covers [0, ${this.upto}) but the chunk starts at ${lo}`);
    if (width === 32 || maxBefore >= VALUE_LIMIT) this.plain = true;
    // A gang running on past the last chunk takes this one too, with the mask it started with.
    if (!this.plain && this.pathAt(lo).path === 'gang' && this.continues(lo, g)) return this.runParallel(chunk);
    if (this.live) {
      const failed = await this.endGangAt(lo);
      if (failed) return failed;
    }
    if (this.plain) {
      return pool.run(
        {
          kind: 'range',
          rules: this.rules,
          buffer: typedTable(g).buffer as SharedArrayBuffer,
          width,
          lo,
          hi,
          maxBefore,
        },
        signal,
      );
    }
    this.reviseMask(g, lo);
    if (this.pathAt(lo).path === 'gang') return this.runParallel(chunk);
    if (this.window !== null && g === this.window.g) {
      const outcome = this.runWindowed(chunk, this.window);
      if (!this.warmed && this.threads > 1 && this.tuning.parallel !== 'off') this.warm(pool, this.window.arena, 0);
      this.warmed = true;
      return outcome;
    }
    this.lastWorkers = 1;
    const arena = this.arenaOf(g);
    const known = this.rare.count;
    const place = arena?.places(1, g.length, known + (hi - lo), 0)[0];
    const task: SparseTask = {
      kind: 'sparse',
      rules: this.rules,
      shape: this.shape,
      buffer: bufferOf(g),
      width,
      lo,
      hi,
      maxBefore,
      mask: this.mask!,
      rare: this.rare.pos.subarray(0, known),
      rareVal: this.rare.val.subarray(0, known),
      ...(arena && place ? { arena: { memory: arena.memory, id: arena.id, place } } : {}),
    };
    const running = pool.runOn('sparse', task, signal, `sparse chunk [${lo}, ${hi}) of ${this.rules.key}`);
    if (!this.warmed && this.threads > 1 && this.tuning.parallel !== 'off') this.warm(pool, arena, g.length);
    this.warmed = true;
    const outcome = await running;
    if (outcome.kind !== 'error' && outcome.next > lo) {
      // Timed on the worker: storing and checking the chunk before can hold up the outcome here.
      this.usPerHeap = (outcome.ms * 1000) / (outcome.next - lo);
      this.chooser.record('seq', outcome.next - lo, outcome.ms);
    }
    if (outcome.kind === 'error') return outcome;
    for (let i = 0; i < outcome.rare.length; i++) this.rare.push(outcome.rare[i]!, valueAt(g, outcome.rare[i]!));
    this.upto = outcome.next;
    const { rare: _found, ms: _ms, ...done } = outcome;
    return done;
  }

  /**
   * A chunk over a windowed table, on one worker: the window made ready for it (slid or grown),
   * then the kernel until it stops, which it does at a heap whose scan would leave the window
   * (computed here from the window and the store, engine/sparse-window.ts) and after a rare heap
   * whose partners would fall before the tail (the window is made ready again).
   */
  private async runWindowed(chunk: ChunkRun, win: SparseWindow): Promise<ChunkOutcome> {
    const { pool, width, lo, hi, signal } = chunk;
    this.lastWorkers = 1;
    let at = lo;
    let before = chunk.maxBefore;
    let chunkMax = 0;
    let ms = 0;
    let kernel = 'sparse+simd';
    while (at < hi) {
      const known = this.rare.count;
      const window = win.ready(at, hi, known > 0 ? this.rare.pos[known - 1]! : 0);
      this.arena = win.arena;
      const place = win.arena.places(1, win.capacity, known + (hi - at), 0, window)[0]!;
      const task: SparseTask = {
        kind: 'sparse',
        rules: this.rules,
        shape: this.shape,
        buffer: bufferOf(win.g),
        width,
        lo: at,
        hi,
        maxBefore: before,
        mask: this.mask!,
        rare: this.rare.pos.subarray(0, known),
        rareVal: this.rare.val.subarray(0, known),
        arena: { memory: win.arena.memory, id: win.arena.id, place },
      };
      const outcome = await pool.runOn('sparse', task, signal, `sparse chunk [${at}, ${hi}) of ${this.rules.key}`);
      // What the sub-runs before finished is final: the coordinator stores it before the error.
      if (outcome.kind === 'error') return at > lo ? { ...outcome, next: at, maxValue: chunkMax } : outcome;
      ms += outcome.ms;
      kernel = outcome.kernel;
      chunkMax = Math.max(chunkMax, outcome.maxValue);
      before = Math.max(before, outcome.maxValue);
      for (let i = 0; i < outcome.rare.length; i++) this.rare.push(outcome.rare[i]!, win.g.at(outcome.rare[i]!));
      at = outcome.next;
      this.upto = at;
      if (outcome.kind === 'overflow') return { ...outcome, maxValue: chunkMax };
      if (outcome.miss) {
        const v = this.finishMiss(win, at);
        if (v > 0xffff) return { kind: 'overflow', next: at, maxValue: chunkMax, value: v, kernel };
        chunkMax = Math.max(chunkMax, v);
        before = Math.max(before, v);
        at++;
        this.upto = at;
      }
    }
    this.usPerHeap = (ms * 1000) / (hi - lo);
    this.chooser.record('seq', hi - lo, ms);
    return { kind: 'done', next: hi, maxValue: chunkMax, kernel };
  }

  /**
   * g(n) of a heap the kernel left to the main thread (a miss), from every option: stored in
   * the window and the rare list (a value past 65535 is returned and stored nowhere).
   */
  private finishMiss(win: SparseWindow, n: number): number {
    const v = win.fullValue(n);
    if (v > 0xffff) return v;
    win.g.set([v], n);
    collectRare([v], n, n + 1, this.mask!, classTable(this.mask!.bits), this.rare, n);
    this.upto = n + 1;
    return v;
  }

  /**
   * The threads the gangs will need get ready while one worker runs the chunks below them: in an
   * arena, each sets up its instance over a member's place (members 1 and up: the first chunks
   * take member 0's); else they load this entry. Fire and forget: a failure shows up again, and
   * is reported, in the gang.
   */
  private warm(pool: WorkerPool, arena: SparseArena | null, capacity: number): void {
    if (!arena) {
      pool.warm('sparse', this.threads - 1);
      return;
    }
    // No room asked for rare heaps or rows: the places of the chunk running keep their addresses.
    const places = arena.places(this.threads, this.window?.capacity ?? capacity, 0, 0);
    const readying: Promise<unknown>[] = [];
    for (let member = 1; member < this.threads; member++) {
      const task: SparseReadyTask = {
        kind: 'sparse-ready',
        rules: this.rules,
        shape: this.shape,
        mask: this.mask!,
        arena: { memory: arena.memory, id: arena.id, place: places[member]! },
      };
      readying.push(pool.runOn('sparse', task, undefined, `sparse member ${member + 1} getting ready`).catch(() => {}));
    }
    // A member's slot may go to any thread, not the one that readied it: no gang starts while a
    // ready task still writes a slot's scratch. (One did, with three threads on two busy cores:
    // the member's scratch was reset under it, and its values were wrong.)
    const ready = Promise.all(readying).then(() => {
      if (this.readying === ready) this.readying = null;
    });
    this.readying = ready;
  }

  /**
   * A chunk [lo, hi) on a gang of every pool thread (engine/sparse-gang.ts): one task per
   * thread, tiles handed over through shared memory, the main thread only waiting. A gang goes
   * on past its first chunk to its horizon (gangHorizon): the chunks after it only wait for
   * FINISHED to pass their end, so the members never stop between chunks. The gang can stop
   * early (a value too wide for the table, rows too narrow for the values, a failed member):
   * every heap below the control block's FINISHED is final all the same, so the outcome says
   * how far it got and the coordinator stores that much.
   */
  private async runParallel(chunk: ChunkRun): Promise<ChunkOutcome> {
    const { lo, hi, signal } = chunk;
    // Only when they still run: an await here would post the tasks after the last chunk's commit.
    if (this.live === null && this.readying) await this.readying;
    const started = performance.now();
    const gang = this.live ?? this.startGang(chunk);
    // The chunk that started the gang stops its tasks when cancelled; a later one stops the members.
    const cancel = (): void => abortGang(gang.ctl);
    if (gang.lo !== lo) signal?.addEventListener('abort', cancel, { once: true });
    try {
      await finishedAt(gang.ctl, hi, gang.settled);
    } finally {
      signal?.removeEventListener('abort', cancel);
    }
    const ctl = gang.ctl;
    const next = Math.min(hi, Atomics.load(ctl, GANG.FINISHED));
    // Only the rare heaps below next: those past it belong to later chunks (or, past FINISHED,
    // to a member that died before publishing its tile).
    const found = Atomics.load(ctl, GANG.RARE_COUNT);
    let taken = gang.taken;
    for (; taken < found && gang.rarePos[taken]! < next; taken++)
      this.rare.push(gang.rarePos[taken]!, gang.rareVal[taken]!);
    gang.taken = taken;
    gang.reported = next;
    const counts = { rescans: Atomics.load(ctl, GANG.RESCANS), continued: Atomics.load(ctl, GANG.CONTINUED) };
    const rescanned = counts.rescans - gang.counted.rescans;
    if (next > lo) {
      const ms = performance.now() - Math.max(started, gang.reportedAt);
      // The first gang loads the gang's worker code in every thread: its time per heap (3-10x
      // the next ones') would size the next chunk and its tiles far too small.
      if (this.stats.chunks > 0) this.usPerHeap = (ms * 1000 * gang.members) / (next - lo);
      this.chooser.record('gang', next - lo, ms, rescanned);
    }
    gang.reportedAt = performance.now();
    this.stats.chunks++;
    this.stats.rescans += rescanned;
    this.stats.continued += counts.continued - gang.counted.continued;
    gang.counted = counts;
    this.upto = next;
    this.lastWorkers = gang.members;
    const chunkMax = tableMax(chunk.g, lo, next);
    const result = next < hi ? await gang.settled : null;
    if (result) {
      // The gang is over: what stopped it short of hi is this chunk's outcome.
      this.live = null;
      if (Atomics.load(ctl, GANG.REGROW) !== 0) this.stats.regrows++;
      if (result.fatal) throw result.fatal.error;
      if (signal?.aborted) throw new ComputeError(`the sparse gang chunk [${lo}, ${hi}) was cancelled`);
      if (result.failure)
        return { kind: 'error', message: result.failure.message, exitCode: result.failure.exitCode, next };
      const overflow = Atomics.load(ctl, GANG.OVERFLOW);
      if (overflow !== 0 && next === Atomics.load(ctl, GANG.FINISHED))
        return { kind: 'overflow', next, maxValue: chunkMax, value: overflow, kernel: gang.kernel };
      if (Atomics.load(ctl, GANG.MISS) !== 0 && next === Atomics.load(ctl, GANG.FINISHED) && this.window) {
        // A heap whose scan leaves the window: computed here, then the next chunk starts a gang after it.
        const v = this.finishMiss(this.window, next);
        if (v > 0xffff) return { kind: 'overflow', next, maxValue: chunkMax, value: v, kernel: gang.kernel };
        return { kind: 'done', next: next + 1, maxValue: Math.max(chunkMax, v), kernel: gang.kernel };
      }
      // A gang that went on from an earlier chunk may stop right at lo (its rows to regrow):
      // a new one takes the chunk.
      if (next === lo && gang.lo < lo) return this.runParallel(chunk);
      if (next === lo)
        throw new Error(`the sparse gang on [${lo}, ${hi}) of ${this.rules.key} stopped before its first tile`);
      return { kind: 'done', next, maxValue: chunkMax, kernel: gang.kernel };
    }
    return { kind: 'done', next, maxValue: chunkMax, kernel: gang.kernel };
  }

  /** Start a gang at the chunk's lo: its members run to its horizon unless stopped. */
  private startGang(chunk: ChunkRun): LiveGang {
    const { pool, g, width, lo, hi, maxBefore, signal } = chunk;
    const members = this.threads;
    const win = this.window !== null && g === this.window.g ? this.window : null;
    // A probe's gang goes on too, for as long as the chooser keeps it (pathAt); in a window, no
    // further than the tail holds (it does not move while the gang runs).
    const end = win
      ? Math.max(hi, Math.min(gangHorizon(lo, hi, Infinity), lo + win.maxChunk))
      : this.arena && this.arenaOf(g)
        ? gangHorizon(lo, hi, this.arena.reserve)
        : hi;
    const known = this.rare.count;
    const window = win?.ready(lo, end, known > 0 ? this.rare.pos[known - 1]! : 0);
    if (win) this.arena = win.arena;
    const arena = this.arenaOf(g);
    const tile = Math.max(1, this.tuning.chunk ?? tileLength(this.usPerHeap));
    // Room for the values to double within the chunk before the rows must grow.
    const rowWords = rowWordsFor(this.tuning.tightRows ? maxBefore : 2 * maxBefore + 1);
    // The control block and rare list are reused gang after gang (one gang at a time: a new one
    // starts once the last one's members have returned): a buffer sent to the workers is
    // freed only when every thread has collected it, and idle workers rarely do (new buffers
    // for every chunk had grown Grundy's game to 10^7 by 90 MB).
    const bytes = controlBytes(members);
    const control = this.controlScratch.get(bytes);
    const ctl = new Int32Array(control, 0, bytes / 4);
    startGang(ctl, lo, end, maxBefore, members);
    ctl[GANG.RARE_COUNT] = known;
    // Room for every heap of the gang to be rare: the members never reallocate the list. Pages
    // are taken only once written.
    const rarePos = this.rarePosScratch.get((known + (end - lo)) * 4);
    const rareVal = this.rareValScratch.get((known + (end - lo)) * 4);
    new Int32Array(rarePos).set(this.rare.pos.subarray(0, known));
    new Int32Array(rareVal).set(this.rare.val.subarray(0, known));
    const base = {
      kind: 'sparse-gang' as const,
      rules: this.rules,
      shape: this.shape,
      buffer: bufferOf(g),
      width,
      mask: this.mask!,
      control,
      rarePos,
      rareVal,
      rowWords,
      lo,
      hi: end,
      tile,
      // A fixed tile (tests) stays fixed; else tiles follow the heaps' cost along the gang.
      ...(this.tuning.chunk === undefined ? { timed: { ns: GANG_TILE_US * 1000, min: GANG_TILE } } : {}),
      members,
    };
    // In an arena the rows are in each member's place, whose table reaches the horizon (the
    // arena's table has room up to its reserve); the JavaScript kernel's rows are buffers.
    const rowBytes = tile * (arena ? wasmRowStride(rowWords) : sparseRowStride(rowWords)) * 4;
    const places = win
      ? win.arena.places(members, win.capacity, known + (end - lo), rowBytes, window)
      : arena?.places(members, Math.max(g.length, end), known + (end - lo), rowBytes);
    const tasks = [];
    for (let member = 0; member < members; member++) {
      const place = places?.[member];
      const task: SparseGangTask =
        arena && place
          ? { ...base, member, rows: NO_ROWS, arena: { memory: arena.memory, id: arena.id, place } }
          : { ...base, member, rows: (this.rowScratch[member] ??= new RowScratch()).get(rowBytes) };
      tasks.push({
        task,
        label: `sparse gang member ${member + 1}/${members} on [${lo}, ${end}) of ${this.rules.key}`,
      });
    }
    const gang: LiveGang = {
      ctl,
      lo,
      members,
      arena,
      rarePos: new Int32Array(rarePos),
      rareVal: new Int32Array(rareVal),
      taken: known,
      reported: lo,
      reportedAt: 0,
      counted: { rescans: 0, continued: 0 },
      settled: runGangTasks(pool, 'sparse', tasks, ctl, signal),
      // Known before any member reports: the chunks a gang goes on with end before its members do.
      kernel: arena ? WASM_SPARSE_GANG_KERNEL : SPARSE_GANG_KERNEL,
    };
    this.live = gang;
    this.stats.gangs++;
    return gang;
  }

  /** Does the live gang go on with the chunk at lo over g? */
  private continues(lo: number, g?: Table): boolean {
    const gang = this.live;
    if (gang === null || gang.reported !== lo) return false;
    if (g !== undefined && this.arenaOf(g) !== gang.arena) return false;
    // Stopped at lo (its horizon, or rows to regrow), it has nothing more to give.
    return Atomics.load(gang.ctl, GANG.STOP) > lo && Atomics.load(gang.ctl, GANG.ABORT) === 0;
  }

  /**
   * Stop the live gang (if it still runs) and wait until its members have returned: its
   * control block and rare list are the next gang's. A failure of its members is the outcome
   * of the chunk at lo, the first it did not report.
   */
  private async endGangAt(lo: number): Promise<ChunkOutcome | null> {
    const gang = this.live;
    if (gang === null) return null;
    this.live = null;
    // Members that have returned do not look again: stopping them is only for those still running.
    abortGang(gang.ctl);
    const result = await gang.settled;
    if (result.fatal) throw result.fatal.error;
    if (result.failure)
      return { kind: 'error', message: result.failure.message, exitCode: result.failure.exitCode, next: lo };
    return null;
  }

  /** Stop a gang still running (the run is over): the pool's threads are free after. */
  async close(): Promise<void> {
    const gang = this.live;
    this.live = null;
    if (gang === null) return;
    abortGang(gang.ctl);
    await gang.settled;
  }

  /** The mask and rare list to store with the chunk that ends at hi; null once they no longer apply. */
  stateAt(hi: number): SparseState | null {
    if (this.plain || this.mask === null) return null;
    return { mask: this.mask, upto: hi, rare: this.rare.positions() };
  }

  /** Switch to the mask with the fewest rare heaps so far when it is clearly better. */
  private reviseMask(g: Table, lo: number): void {
    this.tallyTo(g, lo);
    const choice = bestMask(this.hist, this.shape.parityAllowed);
    if (
      this.mask !== null &&
      (sameMask(choice.mask, this.mask) || !worthSwitching(rareCountOf(choice, this.mask), choice.rare))
    )
      return;
    this.mask = choice.mask;
    this.rare = new RareList();
    this.collect(g, 0, lo);
  }

  /**
   * Count g[tallied, hi) in the value histogram the mask is chosen from. Only a mask revision
   * reads it, and none happens while a gang goes on: counted then, at every chunk, its heaps
   * took the main thread 12 ms of Grundy's game to 2 * 10^6, and a member's core with it.
   */
  private tallyTo(g: Table, hi: number): void {
    if (hi > this.tallied) eachRun(g, this.tallied, hi, (values, a, b, base) => this.hist.add(values, a, b, base));
    this.tallied = Math.max(this.tallied, hi);
  }

  /** Append the rare heaps of g[lo, hi) under the mask to the rare list. */
  private collect(g: Table, lo: number, hi: number): void {
    const mask = this.mask!;
    const cls = classTable(mask.bits);
    eachRun(g, lo, hi, (values, a, b, base) => collectRare(values, a, b, mask, cls, this.rare, base));
  }
}

/** The buffer a task names for its table (unused by a task that runs in an arena). */
function bufferOf(g: Table): SharedArrayBuffer {
  if (g instanceof WindowedValues) return g.head.bytes.buffer as SharedArrayBuffer;
  return (g instanceof NarrowValues ? g.bytes.buffer : g.buffer) as SharedArrayBuffer;
}
