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
import type { ChunkRun, ChunkStrategy, StoredState } from './strategy.js';
import type { SparseGangTask, SparseReadyTask, SparseTask } from './sparse-protocol.js';
import { sparseRowStride } from '../kernels/sparse-frozen.js';
import { wasmRowStride } from '../kernels/wasm/sparse-wasm.js';
import { rowWordsFor } from '../kernels/frozen/frozen-kernel.js';
import { controlBytes, GANG, startGang } from '../gang/control.js';
import { runGangTasks } from '../gang/launch.js';
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
  type Table,
  type Width,
} from '../kernels/values.js';

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
 * workers with 256-heap tiles against 26 s on one.
 */
const GANG_TILE = 256;
const GANG_TILE_MAX = 16384;
const GANG_TILE_US = 2000;
/**
 * A gang's chunk holds this many times the work of a sequential one (times the members): fewer
 * starts, ends and commits, each a few ms in which a member idles or the commit takes its core.
 * Grundy's game to 2 * 10^6 on 2 workers, 4 against 8, five alternated pairs: 2.79-2.85 against
 * 2.77-2.82 s. A gang chunk is then about 0.8 s of wall time on two workers, what a crash loses.
 */
const GANG_CHUNK_FACTOR = 8;
/** A gang member's rows when they live in its arena place. */
const NO_ROWS = new SharedArrayBuffer(0);

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
}

/** Parallel sparse chunks run, and how often the gather's guess fell short. */
export interface SparsePhaseStats {
  chunks: number;
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
  private decided: { lo: number; path: SparsePath; probe: boolean } | null = null;
  readonly stats: SparsePhaseStats = { chunks: 0, rescans: 0, continued: 0, regrows: 0 };
  /** Whether the pool's other threads were told to load the sparse worker (pool.warm). */
  private warmed = false;
  /** The ready tasks (warm) still running: a gang waits for them. */
  private readying: Promise<void> | null = null;
  /** The newest table made here: its WebAssembly kernels work on the values in place. */
  private arena: SparseArena | null = null;

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
  private pathAt(lo: number): { path: SparsePath; probe: boolean } {
    if (this.decided?.lo === lo) return this.decided;
    const mode = this.tuning.parallel;
    let choice: { path: SparsePath; probe: boolean };
    if (this.plain || this.threads < 2 || mode === 'off' || lo < (mode === 'force' ? 1 : MIN_PARALLEL_N))
      choice = { path: 'seq', probe: false };
    else if (mode === 'force') choice = { path: 'gang', probe: false };
    else choice = this.chooser.next();
    this.decided = { lo, ...choice };
    return this.decided;
  }

  get currentMask(): SparseMask | null {
    return this.mask;
  }

  get rareCount(): number {
    return this.rare.count;
  }

  /** Pick up the stored mask and rare list for g[0, computed); extend them over anything newer. */
  resume(game: GameRow, g: Table, computed: number, stored: StoredState): void {
    this.tally(g, 0, computed);
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
    const { path, probe } = this.pathAt(lo);
    // A fixed length (tests): gang chunks then hold three tiles of that length.
    if (this.tuning.chunk !== undefined)
      return Math.min(limit, lo + Math.max(1, this.tuning.chunk) * (path === 'gang' ? 3 : 1));
    const factor = path === 'gang' && !probe ? this.threads * GANG_CHUNK_FACTOR : 1;
    const timed = this.usPerHeap > 0;
    let len = Math.floor(timed ? (CHUNK_US * factor) / this.usPerHeap : (WORK_PER_CHUNK * factor) / perValue);
    // While the mask is young, revise it often: chunks grow with the prefix.
    len = Math.min(MAX_CHUNK, Math.max(MIN_SPARSE_CHUNK, Math.min(len, lo)));
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
    this.tally(g, lo, outcome.next);
    this.upto = outcome.next;
    const { rare: _found, ms: _ms, ...done } = outcome;
    return done;
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
    const places = arena.places(this.threads, capacity, 0, 0);
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
   * thread, tiles handed over through shared memory, the main thread only waiting. The
   * gang can stop early (a value too wide for the table, rows too narrow for the values, a
   * failed member): every heap below the control block's FINISHED is final all the same, so
   * the outcome says how far it got and the coordinator stores that much.
   */
  private async runParallel(chunk: ChunkRun): Promise<ChunkOutcome> {
    const { pool, g, width, lo, hi, maxBefore, signal } = chunk;
    // Only when they still run: an await here would post the tasks after the last chunk's commit.
    if (this.readying) await this.readying;
    const members = this.threads;
    const tile = Math.max(1, this.tuning.chunk ?? tileLength(this.usPerHeap));
    // Room for the values to double within the chunk before the rows must grow.
    const rowWords = rowWordsFor(this.tuning.tightRows ? maxBefore : 2 * maxBefore + 1);
    // The control block and rare list are reused chunk after chunk: a buffer sent to the
    // workers is freed only when every thread has collected it, and idle workers rarely do
    // (new buffers for every chunk had grown Grundy's game to 10^7 by 90 MB).
    const bytes = controlBytes(members);
    const control = this.controlScratch.get(bytes);
    const ctl = new Int32Array(control, 0, bytes / 4);
    startGang(ctl, lo, hi, maxBefore, members);
    const known = this.rare.count;
    ctl[GANG.RARE_COUNT] = known;
    // Room for every heap of the chunk to be rare: the members never reallocate the list.
    const rarePos = this.rarePosScratch.get((known + (hi - lo)) * 4);
    const rareVal = this.rareValScratch.get((known + (hi - lo)) * 4);
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
      hi,
      tile,
      members,
    };
    // In an arena the rows are in each member's place; the JavaScript kernel's are buffers.
    const arena = this.arenaOf(g);
    const rowBytes = tile * (arena ? wasmRowStride(rowWords) : sparseRowStride(rowWords)) * 4;
    const places = arena?.places(members, g.length, known + (hi - lo), rowBytes);
    const gang = [];
    for (let member = 0; member < members; member++) {
      const place = places?.[member];
      const task: SparseGangTask =
        arena && place
          ? { ...base, member, rows: NO_ROWS, arena: { memory: arena.memory, id: arena.id, place } }
          : { ...base, member, rows: (this.rowScratch[member] ??= new RowScratch()).get(rowBytes) };
      gang.push({ task, label: `sparse gang member ${member + 1}/${members} on [${lo}, ${hi}) of ${this.rules.key}` });
    }
    const started = performance.now();
    const { settled, failure, fatal } = await runGangTasks(pool, 'sparse', gang, ctl, signal);
    const next = Atomics.load(ctl, GANG.FINISHED);
    if (next > lo) {
      const ms = performance.now() - started;
      // The first gang loads the gang's worker code in every thread: its time per heap (3-10x
      // the next ones') would size the next chunk and its tiles far too small.
      if (this.stats.chunks > 0) this.usPerHeap = (ms * 1000 * members) / (next - lo);
      this.chooser.record('gang', next - lo, ms, Atomics.load(ctl, GANG.RESCANS));
    }
    const found = Atomics.load(ctl, GANG.RARE_COUNT);
    const pos = new Int32Array(rarePos);
    const val = new Int32Array(rareVal);
    // Only the rare heaps below next: a member that died after publishing a tile's leaves them past it.
    for (let i = known; i < found && pos[i]! < next; i++) this.rare.push(pos[i]!, val[i]!);
    this.tally(g, lo, next);
    this.upto = next;
    this.stats.chunks++;
    this.stats.rescans += Atomics.load(ctl, GANG.RESCANS);
    this.stats.continued += Atomics.load(ctl, GANG.CONTINUED);
    this.stats.regrows += Atomics.load(ctl, GANG.REGROW);
    this.lastWorkers = members;
    const chunkMax = tableMax(g, lo, next);
    if (fatal) throw fatal.error;
    if (failure) return { kind: 'error', message: failure.message, exitCode: failure.exitCode, next };
    if (next === lo)
      throw new Error(`the sparse gang on [${lo}, ${hi}) of ${this.rules.key} stopped before its first tile`);
    const member = settled.find((r) => r.status === 'fulfilled' && r.value.kind === 'member-done');
    const kernel =
      member?.status === 'fulfilled' && member.value.kind === 'member-done'
        ? member.value.kernel
        : 'sparse+frozen-prefix';
    const overflow = Atomics.load(ctl, GANG.OVERFLOW);
    if (overflow !== 0) return { kind: 'overflow', next, maxValue: chunkMax, value: overflow, kernel };
    return { kind: 'done', next, maxValue: chunkMax, kernel };
  }

  /** The mask and rare list to store with the chunk that ends at hi; null once they no longer apply. */
  stateAt(hi: number): SparseState | null {
    if (this.plain || this.mask === null) return null;
    return { mask: this.mask, upto: hi, rare: this.rare.positions() };
  }

  /** Switch to the mask with the fewest rare heaps so far when it is clearly better. */
  private reviseMask(g: Table, lo: number): void {
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

  /** Count g[lo, hi) in the value histogram the mask is chosen from. */
  private tally(g: Table, lo: number, hi: number): void {
    eachRun(g, lo, hi, (values, a, b, base) => this.hist.add(values, a, b, base));
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
  return (g instanceof NarrowValues ? g.bytes.buffer : g.buffer) as SharedArrayBuffer;
}
