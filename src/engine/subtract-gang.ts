import { GrundyError } from '../errors.js';
import { lowerBound } from '../kernels/sparse.js';
import { capacityOf, typedTable, type Values } from '../kernels/values.js';
import { createSubtractMemory, valuesView, type ValueBytes } from '../kernels/wasm/subtract-blocked.js';
import type { SubtractionElements } from '../games/family.js';
import { heapFamily } from '../games/registry.js';
import type { Rules } from '../rules/types.js';
import { GANG_WORK_PER_MEMBER, MAX_CHUNK } from './budget.js';
import type { ChunkOutcome } from './protocol.js';
import type { SubtractGangTask } from './gang-protocol.js';
import type { ChunkRun, ChunkStrategy } from './strategy.js';
import { GANG, startGang } from '../kernels/gang-control.js';
import { gangEnd, runGangTasks } from '../gang/launch.js';

/** Knobs for tests and benchmarks; the defaults are the tuned values. */
export interface SubtractGangTuning {
  /** Heaps a tile (the unit a member gathers and finishes). */
  readonly tile?: number;
  /** Heaps a chunk (one gang run, stored as one chunk); default: about a second of work. */
  readonly chunk?: number;
  /** The gang starts at this heap; below it the plain kernel runs. */
  readonly minN?: number;
  /** Row width limit: a value of vmax - 1 or more hands the game to the JavaScript frozen-prefix kernel. */
  readonly vmax?: number;
  /** Keep the gang's table in bytes while every value fits one (default true). */
  readonly narrow?: boolean;
}

/**
 * Heaps a tile: its rows (192 * (max + 2) bytes, 72 KiB at 10^7) stay in L2. At 10^7 on 2
 * workers, one run each: 64 heaps 5.70 s (at 5e6), 128: 12.43 s, 192: 12.37 s and 10.88 s,
 * 256: 11.94 s; larger tiles also lengthen the ordered part (options inside two tiles).
 */
const TILE = 192;
const VMAX = 4096;
/** Below this the plain kernel is as fast and the gang's task round trips would dominate. */
const MIN_N = 1 << 14;
/** Values take up to 2 bytes in the gang's memory; elements and values must fit 4 GiB. */
const MAX_CAPACITY = 1.5e9;

let nextMemoryId = 1;

/**
 * Runs chunks of an infinite subtraction game on a gang of every pool thread, in one shared
 * WebAssembly memory (kernels/wasm/subtract-blocked.ts). The memory holds its own copy of the
 * table: values below a chunk are copied in once (on the first chunk or after a resume), each
 * chunk's values are copied out to the engine's table when the gang returns. The copy is Uint8
 * while every value fits a byte: the first value past 255 stops the gang at its heap (as a value
 * too wide for the rows does), the copy is made again as Uint16, and the next chunk goes on.
 */
export class SubtractGangRunner implements ChunkStrategy {
  private memory: WebAssembly.Memory | null = null;
  private memoryId = 0;
  /** Heaps the memory can hold, and how many of its values equal the engine's table. */
  private capacity = 0;
  private synced = 0;
  /** The elements up to `counted`, for chunk lengths. */
  private countList: Int32Array = new Int32Array(0);
  private counted = -1;
  private gOffset = 0;
  private stride = 0;
  private scratch = 0;
  private bytes: ValueBytes = 2;
  /** Set once a value outgrew VMAX: the rest of the run is the frozen-prefix kernel's. */
  private tooWide = false;
  lastWorkers = 0;
  readonly tile: number;
  readonly vmax: number;
  readonly minN: number;

  private constructor(
    private readonly rules: Rules,
    private readonly set: SubtractionElements,
    private readonly threads: number,
    private readonly tuning: SubtractGangTuning,
  ) {
    this.tile = Math.max(1, tuning.tile ?? TILE);
    this.vmax = Math.max(16, Math.ceil((tuning.vmax ?? VMAX) / 16) * 16);
    this.minN = tuning.minN ?? MIN_N;
  }

  /** A runner for infinite subtraction sets, null for other rules. */
  static for(rules: Rules, threads: number, tuning: SubtractGangTuning = {}): SubtractGangRunner | null {
    const elements = heapFamily(rules)?.subtraction?.(rules);
    return elements ? new SubtractGangRunner(rules, elements, threads, tuning) : null;
  }

  get kernel(): string {
    return `wasm-gang:subtract-${this.set.label}`;
  }

  /** Does the gang take the chunk starting at n? */
  takes(n: number, _limit: number, maxValue: number, capacity: number): boolean {
    return !this.tooWide && n >= this.minN && maxValue < this.vmax - 1 && capacity <= MAX_CAPACITY;
  }

  /** The end of the chunk starting at lo: about WORK_PER_MEMBER option visits per member. */
  chunkEnd(lo: number, limit: number): number {
    let len = this.tuning.chunk;
    if (len === undefined) {
      const options = Math.max(1, this.elementsUpTo(lo));
      len = Math.min(
        MAX_CHUNK,
        Math.max(4 * this.threads * this.tile, Math.floor((GANG_WORK_PER_MEMBER * this.threads) / options)),
      );
      len = Math.ceil(len / this.tile) * this.tile;
    }
    return Math.min(limit, lo + Math.max(1, len));
  }

  /**
   * Compute [lo, hi) of `g` (every value below lo final, max maxBefore). The outcome says how
   * far it got: a failed member, a value too wide for `width` (overflow) or for the rows
   * (the runner steps aside) all stop early with every heap below `next` final.
   */
  async run(chunk: ChunkRun): Promise<ChunkOutcome> {
    const { pool, width, lo, hi, maxBefore, signal } = chunk;
    const g = typedTable(chunk.g);
    const memory = this.prepare(g, lo, maxBefore);
    const ctl = new Int32Array(memory.buffer, 0, this.scratch / 4);
    const members = Math.max(1, Math.min(this.threads, Math.ceil((hi - lo) / this.tile)));
    startGang(ctl, lo, hi, maxBefore, members);
    const bytes = this.bytes;
    const base = {
      kind: 'subtract-gang' as const,
      memory,
      memoryId: this.memoryId,
      members,
      lo,
      hi,
      tile: this.tile,
      vmax: this.vmax,
      bytes,
      scratch: this.scratch,
      stride: this.stride,
    };
    const gang = Array.from({ length: members }, (_, member) => ({
      task: { ...base, member } satisfies SubtractGangTask,
      label: `subtraction gang member ${member + 1}/${members} on [${lo}, ${hi}) of ${this.rules.key}`,
    }));
    const result = await runGangTasks(pool, 'gang', gang, ctl, signal);
    this.lastWorkers = members;
    const finished = Atomics.load(ctl, GANG.FINISHED);
    // Copy out what is final; a value past the table's width ends the chunk there (overflow).
    const values = this.view();
    const cap = capacityOf(width);
    let next = lo;
    let chunkMax = 0;
    let overflow = 0;
    for (; next < finished; next++) {
      const v = values[next]!;
      if (v > cap) {
        overflow = v;
        break;
      }
      g[next] = v;
      if (v > chunkMax) chunkMax = v;
    }
    this.synced = next;
    const end = gangEnd(ctl, result);
    if ('kind' in end) return { ...end, next };
    if (overflow !== 0) return { kind: 'overflow', next, maxValue: chunkMax, value: overflow, kernel: this.kernel };
    const stoppedBy = end.overflow;
    if (stoppedBy !== 0 && bytes === 1 && stoppedBy < this.vmax - 1) this.widen();
    else if (stoppedBy !== 0) this.tooWide = true;
    else if (next < hi)
      throw new Error(`the subtraction gang on [${lo}, ${hi}) of ${this.rules.key} stopped at ${next}`);
    return { kind: 'done', next, maxValue: chunkMax, kernel: this.kernel };
  }

  /** |S ∩ [1, n]|: the options of heap n. */
  private elementsUpTo(n: number): number {
    if (n > this.counted) {
      this.counted = Math.max(n, 2 * this.counted);
      this.countList = this.set.elements(this.counted);
    }
    return lowerBound(this.countList, this.countList.length, n + 1);
  }

  /** The memory's table, in its current width. */
  private view(): Uint8Array | Uint16Array {
    return valuesView(this.memory!.buffer, this.gOffset, this.capacity, this.bytes);
  }

  /** From a byte table to Uint16: copied again from the engine's table on the next prepare. */
  private widen(): void {
    this.bytes = 2;
    this.synced = 0;
  }

  /** The memory, sized for the engine's table and holding every value below lo (max maxBefore). */
  private prepare(g: Values, lo: number, maxBefore: number): WebAssembly.Memory {
    if (this.memory === null || this.capacity < g.length) {
      const capacity = g.length;
      const elements = this.set.elements(Math.max(0, capacity - 1));
      const made = createSubtractMemory(elements, capacity, this.threads, this.tile, this.vmax);
      if (made === null)
        throw new GrundyError(
          `${this.rules.key}: a table of ${capacity} values is too large for the WebAssembly kernel`,
          5,
        );
      this.memory = made.memory;
      this.memoryId = nextMemoryId++;
      this.capacity = capacity;
      this.gOffset = made.gOffset;
      this.scratch = made.scratch;
      this.stride = made.stride;
      this.synced = 0;
      this.bytes = (this.tuning.narrow ?? true) && maxBefore <= 0xff ? 1 : 2;
    }
    if (this.bytes === 1 && maxBefore > 0xff) this.widen();
    if (this.synced > lo) this.synced = lo;
    if (this.synced < lo) {
      this.view().set(g.subarray(this.synced, lo), this.synced);
      this.synced = lo;
    }
    return this.memory;
  }
}
