import type { RangeOutcome } from '../kernel.js';
import { capacityFor } from '../kernel.js';
import { threadId } from 'node:worker_threads';
import { MaskClasses, sameMask, VALUE_LIMIT, type SparseMask } from '../sparse-mask.js';
import type { RareList, SparseShape } from '../sparse.js';
import type { Values } from '../values.js';
import { valueCeiling } from '../sparse-frozen.js';

/**
 * Int32 words of one heap's row in the WebAssembly gang (assembly/sparse/gang.ts rowAt): a header of
 * four, then the gather's marks and the scan's seen values as two bitsets of rowWords words.
 */
export function wasmRowStride(rowWords: number): number {
  return 4 + 2 * rowWords;
}

/** The exports of assembly/sparse.ts (compiled to dist/wasm/sparse.wasm). */
export interface SparseExports {
  setLayout(
    mark: number,
    want: number,
    wanted: number,
    cls: number,
    byc0: number,
    byc1: number,
    bits: number,
    seen: number,
    ring: number,
  ): void;
  setShape(shape: number, whole: number, one: number, two: number, distinct: number): void;
  setTables(g: number, g8: number, l8: number, rp: number, rv: number, rq: number): void;
  setWindow(head: number, tailFrom: number, reach: number): void;
  getMiss(): number;
  setEscape(e: number): void;
  setLows(modulus: number, any: boolean, whileRare: boolean): void;
  setMaskParity(parity: number): void;
  setLaneLimits(bytes: number, words: number): void;
  setFront(pairs: number): void;
  setPlaneLimit(limit: number): void;
  setLanes(lanes: number): void;
  resetScratch(): void;
  setRareCount(count: number): void;
  getRareCount(): number;
  getMax(): number;
  getOverflow(): number;
  run(lo: number, hi: number, maxBefore: number, cap: number): number;
  getPlaneHeaps(): number;
  gather(
    F: number,
    lo: number,
    hi: number,
    VA: number,
    rows: number,
    rowWords: number,
    rowFrom: number,
    rareCount: number,
  ): void;
  finish(
    F: number,
    lo: number,
    hi: number,
    maxBefore: number,
    cap: number,
    rows: number,
    rowWords: number,
    rowFrom: number,
  ): number;
  getRescans(): number;
  getContinued(): number;
  pipeBytes(): number;
  pipeMarks(base: number, hi: number, ctl: number): number;
  pipeFinish(base: number, lo: number, hi: number, maxBefore: number, cap: number, ctl: number): number;
}

export const PAGE = 65536;
/** A place's reach when its table is whole: no rare heap ends a run. */
export const WHOLE = 0x7fffffff;
/** The module's memory import allows up to 4 GiB. */
export const MAX_PAGES = 65536;
const L = VALUE_LIMIT;
/** Regions start on 64-byte lines. */
export const align = (bytes: number): number => (bytes + 63) & ~63;
/** assembly/sparse/step1.ts LANES: LANE_COUNT = 16 heaps' and 32 split sums' byte marks of 1024 values. */
const LANES_BYTES = 48 * 1024;
/** assembly/sparse/planes.ts RING: the words of 64 split sums. */
const RING_BYTES = 64 * 8;
/** Slack past the values: the SIMD loads read up to 16 values beyond the last one they use. */
const TAIL = 64;

/**
 * A table of `capacity` values at `gAt`: Uint16 (read only where the bytes escape), then the
 * bytes, then the low bytes (kernels/values.ts NarrowValues): where those start and all end.
 */
export function tableRegions(
  gAt: number,
  capacity: number,
): { readonly g8At: number; readonly l8At: number; readonly end: number } {
  const g8At = gAt + align(2 * capacity + TAIL);
  const l8At = g8At + align(capacity + TAIL);
  return { g8At, l8At, end: l8At + align(capacity + TAIL) };
}

/**
 * Room from `at` for `rareCap` rare heaps, their values and where their partners are read (Int32
 * each: assembly/sparse/layout.ts RP, RV, RQ), then `rowBytes` of rows.
 */
export function listRegions(
  at: number,
  rareCap: number,
  rowBytes: number,
): {
  readonly rpAt: number;
  readonly rvAt: number;
  readonly rqAt: number;
  readonly rowsAt: number;
  readonly end: number;
} {
  const rvAt = at + align(4 * rareCap);
  const rqAt = rvAt + align(4 * rareCap);
  const rowsAt = rqAt + align(4 * rareCap);
  return { rpAt: at, rvAt, rqAt, rowsAt, end: rowsAt + align(rowBytes) };
}

/** One instance's fixed scratch, at byte addresses from `at` (its first 64 bytes: the owner word). */
interface SlotRegions {
  readonly mark: number;
  readonly want: number;
  readonly wanted: number;
  readonly cls: number;
  readonly byc0: number;
  readonly byc1: number;
  readonly bits: number;
  readonly seen: number;
  readonly lanes: number;
  readonly ring: number;
  readonly shape: number;
  readonly end: number;
}

/**
 * mark (Int32, L + 1) | want (Uint8) | wanted (Int32) | class of each value (Uint8) | class-0 and
 * class-1 values (Int32, each ended by a sentinel) | wanted bitset (64 bytes) | scratch bitset
 * (L / 8 bytes) | a block's lane marks (48 KiB) | the split sums' words (512 bytes) | shape (Int32
 * whole, one, two).
 */
function slotRegions(at: number, shape: SparseShape): SlotRegions {
  const mark = at + 64;
  const want = mark + align(4 * (L + 1));
  const wanted = want + align(L + 1);
  const cls = wanted + align(4 * (L + 1));
  const byc0 = cls + align(L);
  const byc1 = byc0 + align(4 * (L + 1));
  const bits = byc1 + align(4 * (L + 1));
  const seen = bits + 64;
  const lanes = seen + align(L / 8);
  const ring = lanes + LANES_BYTES;
  const shapeAt = ring + RING_BYTES;
  const end = shapeAt + align(4 * (shape.whole.length + shape.one.length + shape.two.length));
  return { mark, want, wanted, cls, byc0, byc1, bits, seen, lanes, ring, shape: shapeAt, end };
}

/** Bytes of one instance's fixed scratch for `shape`. */
export function slotBytes(shape: SparseShape): number {
  return slotRegions(0, shape).end;
}

/**
 * Where one call's data lives in the memory: the instance's fixed scratch (`slotAt`), the
 * narrow table of `capacity` values (the Uint16 part at gAt, the bytes at g8At, the low bytes at
 * l8At), and room for
 * `rareCap` rare heaps and `rowBytes` of the gang's rows.
 */
export interface SparsePlace {
  readonly slotAt: number;
  readonly gAt: number;
  readonly g8At: number;
  readonly l8At: number;
  readonly capacity: number;
  /**
   * A windowed table (kernels/values.ts WindowedValues): its first `head` slots hold heaps [0,
   * head), the others heaps from `tailFrom` on; a rare heap found past `reach` ends a run.
   * A whole table: head = tailFrom = capacity.
   */
  readonly head: number;
  readonly tailFrom: number;
  readonly reach: number;
  /**
   * A window's band (engine/sparse-window.ts): the rare heaps from `bandRare` on read their
   * partners there, RQ = their heap + `bandOffset`. WHOLE: none.
   */
  readonly bandRare: number;
  readonly bandOffset: number;
  readonly rpAt: number;
  readonly rvAt: number;
  readonly rqAt: number;
  readonly rareCap: number;
  readonly rowsAt: number;
  readonly rowBytes: number;
}

/** Where a place's table keeps which heaps (SparsePlace head, tailFrom, reach, and the band). */
export type PlaceWindow = Pick<SparsePlace, 'head' | 'tailFrom' | 'reach' | 'bandRare' | 'bandOffset'>;

/** The window of a whole table of `capacity` values: no tail, no band, no reach. */
export function wholeWindow(capacity: number): PlaceWindow {
  return { head: capacity, tailFrom: capacity, reach: WHOLE, bandRare: WHOLE, bandOffset: 0 };
}

/**
 * The largest value ceilings V (a power of two above every value) whose pair scans run in byte
 * lanes and in 16-bit lanes: 256 and 512 in a run. Tests lower them to run the wide paths on
 * small tables.
 */
export interface LaneLimits {
  readonly bytes: number;
  readonly words: number;
  /**
   * The modulus of the low bytes a 16-bit scan reads (256; 8 to 128 in tests, 0 never), and
   * whether to read them whatever the mask (they are exact under any mask, fast under one
   * whose classes split at that bit).
   */
  readonly lows?: number;
  readonly lowsAlways?: boolean;
  /** Whether to read them under any mask while values from 256 on are rare (true; tests: false, for the rebuild). */
  readonly lowsWhileRare?: boolean;
}

/** Test knobs: lower lane limits, and a lower escape byte (every read path on small tables). */
export interface WasmSparseOptions {
  readonly lanes?: LaneLimits;
  /** The mask the first calls run under (the first task's: its tables are then built once). */
  readonly mask?: SparseMask;
  /** The byte from which values are kept in the Uint16 table: 255 unless a test says less. */
  readonly escape?: number;
  /**
   * The pairs a scan's front marks (assembly/sparse/front.ts): by default a share of the mean
   * scan, which small tables never reach; tests fix it to run the front there.
   */
  readonly front?: number;
  /**
   * Values below which a block's split sums are made as words (assembly/sparse/planes.ts): 64,
   * the most; tests lower it to run the way out of them on small tables, 0 never.
   */
  readonly planes?: number;
}

/**
 * Write rare heaps [from, to) into a place's list (RP, RV, and RQ: a band's heaps read their
 * partners at r + bandOffset): SparseMemory.putRare's, and the main thread's for a pipe's closer
 * before the pipe starts (its marker reads the list from its first block, perhaps before the
 * closer's first call).
 */
export function placeRare(
  memory: WebAssembly.Memory,
  place: Pick<SparsePlace, 'rpAt' | 'rvAt' | 'rqAt' | 'bandRare' | 'bandOffset'>,
  pos: Uint32Array | Int32Array,
  val: Int32Array,
  from: number,
  to: number,
): void {
  new Int32Array(memory.buffer, place.rpAt, to).set(pos.subarray(from, to), from);
  new Int32Array(memory.buffer, place.rvAt, to).set(val.subarray(from, to), from);
  const rq = new Int32Array(memory.buffer, place.rqAt, to);
  for (let i = from; i < to; i++) {
    const r = pos[i]!;
    rq[i] = r >= place.bandRare ? r + place.bandOffset : r;
  }
}

/** Sets each instance apart in the owner words of a shared memory's slots. */
let nextToken = 1;

/**
 * One WebAssembly instance of the sparse kernels, over a memory of its own or over a shared arena
 * (engine/sparse-arena.ts) that holds the engine's table itself.
 *
 * Own memory (tests, benchmarks, in-process runs): slot | g (Uint16 part) | g (bytes) | rare
 * heaps, rare values (Int32) | scratch rows, where everything from g on grows with the table. The
 * memory holds its own copy of the values: g[0, have) equals the caller's table, and a call
 * copies in only the heaps finished since and copies out the ones it computed. Values of one game
 * are one function of the heap, so a copy is never stale, only short.
 *
 * Arena: the caller places each call (bind): the values are the engine's, nothing is copied, and
 * the slot is this instance's only while a task runs. The slot's owner word says which instance
 * wrote its scratch last: a new owner empties the stamped scratch and writes the tables afresh.
 */
export class SparseMemory {
  readonly memory: WebAssembly.Memory;
  readonly exports: SparseExports;
  readonly maskClasses: MaskClasses;
  private readonly token = (nextToken++ << 8) ^ (threadId & 0xff);
  private readonly own: boolean;
  private place: SparsePlace;
  private slot: SlotRegions;
  /** Own memory: g[0, have) is copied in (or computed here). */
  have = 0;
  /**
   * The rare list whose first rareSynced entries (at generation rareGeneration) the slot's RP/RV
   * hold: a gang member's list only grows, and copying all of it in at every call cost a short
   * tile more than its hand-over.
   */
  private rareOf: RareList | null = null;
  private rareSynced = 0;
  private rareGeneration = 0;

  /** The byte from which values are read from the Uint16 table (assembly/sparse/layout.ts ESC). */
  readonly escape: number;

  constructor(
    readonly shape: SparseShape,
    module: WebAssembly.Module,
    arena?: WebAssembly.Memory,
    options: WasmSparseOptions = {},
  ) {
    this.maskClasses = new MaskClasses(shape.parityAllowed, options.mask);
    this.escape = options.escape ?? 255;
    this.own = arena === undefined;
    this.slot = slotRegions(0, shape);
    const gAt = align(this.slot.end);
    this.place = {
      slotAt: 0,
      gAt,
      g8At: 0,
      l8At: 0,
      capacity: 0,
      head: 0,
      tailFrom: 0,
      reach: WHOLE,
      bandRare: WHOLE,
      bandOffset: 0,
      rpAt: 0,
      rvAt: 0,
      rqAt: 0,
      rareCap: 0,
      rowsAt: 0,
      rowBytes: 0,
    };
    this.memory =
      arena ?? new WebAssembly.Memory({ initial: Math.ceil(gAt / PAGE) + 1, maximum: MAX_PAGES, shared: true });
    // clock: the pipe's threads time their waits (assembly/sparse/pipe.ts).
    const instance = new WebAssembly.Instance(module, { env: { memory: this.memory, clock: () => performance.now() } });
    this.exports = instance.exports as unknown as SparseExports;
    if (options.lanes) {
      this.exports.setLaneLimits(options.lanes.bytes, options.lanes.words);
      const { lows = 256, lowsAlways = false, lowsWhileRare = true } = options.lanes;
      this.exports.setLows(lows, lowsAlways, lowsWhileRare);
    }
    this.exports.setEscape(this.escape);
    this.exports.setFront(options.front ?? -1);
    this.exports.setPlaneLimit(options.planes ?? 64);
    if (this.own) this.takeSlot();
  }

  get currentMask(): SparseMask {
    return this.maskClasses.mask;
  }

  /** Point the instance at its slot, write the shape and mask tables, empty the scratch. */
  private takeSlot(): void {
    const r = this.slot;
    const words = new Int32Array(this.memory.buffer);
    const { whole, one, two } = this.shape;
    words.set(whole, r.shape >> 2);
    words.set(one, (r.shape >> 2) + whole.length);
    words.set(two, (r.shape >> 2) + whole.length + one.length);
    this.exports.setLayout(r.mark, r.want, r.wanted, r.cls, r.byc0, r.byc1, r.bits, r.seen, r.ring);
    this.exports.setLanes(r.lanes);
    this.exports.setShape(r.shape, whole.length, one.length, two.length, this.shape.distinct ? 1 : 0);
    this.writeMask();
    this.exports.resetScratch();
    Atomics.store(words, this.place.slotAt >> 2, this.token);
  }

  private writeMask(): void {
    const bytes = new Uint8Array(this.memory.buffer);
    bytes.set(this.maskClasses.cls, this.slot.cls);
    const words = new Int32Array(this.memory.buffer);
    words.set(this.maskClasses.byClass[0], this.slot.byc0 >> 2);
    words.set(this.maskClasses.byClass[1], this.slot.byc1 >> 2);
    this.exports.setMaskParity(this.maskClasses.mask.parity);
  }

  /** Own memory: switch the mask. (An arena's instance gets its mask with each place: bind.) */
  setMask(mask: SparseMask): void {
    this.maskClasses.set(mask);
    if (this.own) this.writeMask();
  }

  /**
   * Arena: the next calls run at `place` under `mask`. The slot is this instance's from here
   * until the task ends; whoever wrote it last, its scratch is made this instance's own.
   */
  bind(place: SparsePlace, mask: SparseMask): void {
    const owner = Atomics.load(new Int32Array(this.memory.buffer), place.slotAt >> 2);
    const moved = place.slotAt !== this.place.slotAt || owner !== this.token;
    const masked = !sameMask(mask, this.maskClasses.mask);
    this.place = place;
    if (masked) this.maskClasses.set(mask);
    if (moved) {
      this.slot = slotRegions(place.slotAt, this.shape);
      this.takeSlot();
    } else if (masked) this.writeMask();
    this.exports.setTables(place.gAt, place.g8At, place.l8At, place.rpAt, place.rvAt, place.rqAt);
    this.exports.setWindow(place.head, place.tailFrom, place.reach);
    this.rareOf = null;
  }

  /**
   * Room for heaps below `heaps`, `rare` rare heaps and `rowBytes` of rows, g[0, upto) copied in.
   * Own memory grows (its views are new after); an arena's place was sized by the engine.
   */
  prepare(g: Values, upto: number, heaps: number, rare: number, rowBytes = 0): void {
    const p = this.place;
    if (!this.own) {
      if (!(g instanceof Uint16Array) || g.byteOffset !== p.gAt)
        throw new Error("the table of a sparse arena call must be the arena's own");
      if (heaps > p.tailFrom + p.capacity - p.head || rare > p.rareCap || rowBytes > p.rowBytes)
        throw new Error(`a sparse arena place holds ${p.capacity} heaps, ${p.rareCap} rare, ${p.rowBytes} row bytes`);
      return;
    }
    this.ensure(heaps, rare, rowBytes);
    this.syncIn(g, upto);
  }

  /** Own memory: grow by half again at least (a run's chunks ask for a little more each time). */
  private ensure(heaps: number, rare: number, rowBytes: number): void {
    const p = this.place;
    if (heaps <= p.capacity && rare <= p.rareCap && rowBytes <= p.rowBytes) return;
    const capacity = heaps <= p.capacity ? p.capacity : Math.max(heaps, Math.floor(p.capacity * 1.5));
    const rareCap = rare <= p.rareCap ? p.rareCap : Math.max(rare, Math.floor(p.rareCap * 1.5), 1024);
    const rows = Math.max(rowBytes, p.rowBytes);
    const table = tableRegions(p.gAt, capacity);
    const { g8At, l8At } = table;
    const { rpAt, rvAt, rqAt, rowsAt, end } = listRegions(table.end, rareCap, rows);
    const pages = Math.ceil(end / PAGE);
    const current = this.memory.buffer.byteLength / PAGE;
    if (pages > MAX_PAGES) throw new Error(`the WebAssembly sparse kernel cannot hold ${heaps} heaps in 4 GiB`);
    if (pages > current) this.memory.grow(pages - current);
    // Regions move up as the ones below them grow, the highest first: a finish reads the rows
    // its gather wrote, and the bytes of g are kept; the rare list is written afresh by each
    // call, and the Uint16 part of g never moves.
    const bytes = new Uint8Array(this.memory.buffer);
    if (p.rowBytes > 0 && rowsAt !== p.rowsAt) bytes.copyWithin(rowsAt, p.rowsAt, p.rowsAt + p.rowBytes);
    if (l8At !== p.l8At) bytes.copyWithin(l8At, p.l8At, p.l8At + this.have);
    if (g8At !== p.g8At) bytes.copyWithin(g8At, p.g8At, p.g8At + this.have);
    this.place = { ...p, g8At, l8At, capacity, rpAt, rvAt, rqAt, rareCap, rowsAt, rowBytes: rows };
    this.exports.setTables(p.gAt, g8At, l8At, rpAt, rvAt, rqAt);
    this.rareOf = null;
  }

  /** Byte address of the gang's rows. */
  get rowsAt(): number {
    return this.place.rowsAt;
  }

  /** Where the calls run now (own memory: where the last prepare put the table and rows). */
  get current(): SparsePlace {
    return this.place;
  }

  /** Own memory: copy g[have, upto) in from the caller's table, as the kernel stores values. */
  private syncIn(g: Values, upto: number): void {
    if (upto <= this.have) return;
    const words = new Uint16Array(this.memory.buffer, this.place.gAt, this.place.capacity);
    const bytes = new Uint8Array(this.memory.buffer, this.place.g8At, this.place.capacity);
    const lows = new Uint8Array(this.memory.buffer, this.place.l8At, this.place.capacity);
    const esc = this.escape;
    for (let n = this.have; n < upto; n++) {
      const v = g[n]!;
      bytes[n] = v < esc ? v : esc;
      lows[n] = v & 0xff;
      if (v >= esc) words[n] = v;
    }
    this.have = upto;
  }

  /** Own memory: copy g[lo, hi) computed here out to the caller's table. */
  syncOut(g: Values, lo: number, hi: number): void {
    if (!this.own) return;
    const words = new Uint16Array(this.memory.buffer, this.place.gAt, this.place.capacity);
    const bytes = new Uint8Array(this.memory.buffer, this.place.g8At, this.place.capacity);
    const esc = this.escape;
    for (let n = lo; n < hi; n++) {
      const b = bytes[n]!;
      g[n] = b !== esc ? b : words[n]!;
    }
    if (hi > this.have && lo <= this.have) this.have = hi;
  }

  /**
   * Make RP/RV/RQ hold `rare` whole: only what was appended since the last call, when that is
   * known (the place, and with it the band, is the same until bind or ensure says otherwise).
   */
  putRare(rare: RareList): void {
    const same = rare === this.rareOf && rare.generation === this.rareGeneration;
    const from = same ? Math.min(this.rareSynced, rare.count) : 0;
    const to = rare.count;
    placeRare(this.memory, this.place, rare.pos, rare.val, from, to);
    this.rareOf = rare;
    this.rareGeneration = rare.generation;
    this.rareSynced = to;
  }

  /**
   * One call of a kernel over g[lo, hi) (run, the gang's finish over `rowBytes` of rows, the
   * pipe's closer): the values and `rare` in,
   * `call` with the table's capacity as the cap, what it computed and found out, and how it
   * stopped: at hi, at a value too wide (`overflowValue`), or a windowed table's miss.
   */
  range(
    g: Values,
    lo: number,
    hi: number,
    rare: RareList,
    call: (cap: number) => number,
    rowBytes = 0,
  ): RangeOutcome & { miss?: true } {
    const known = rare.count;
    this.prepare(g, lo, hi, known + (hi - lo), rowBytes);
    this.putRare(rare);
    this.exports.setRareCount(known);
    const next = call(capacityFor(g));
    this.syncOut(g, lo, next);
    this.takeRare(rare, known, this.exports.getRareCount());
    const maxValue = this.exports.getMax();
    const overflow = this.exports.getOverflow();
    if (this.exports.getMiss() >= 0) return { next, maxValue, miss: true };
    return overflow >= 0 && next < hi ? { next, maxValue, overflowValue: overflow } : { next, maxValue };
  }

  /** Append the memory's rare heaps [from, to) (the kernel's appends after putRare(rare)) to `rare`. */
  takeRare(rare: RareList, from: number, to: number): void {
    const pos = new Int32Array(this.memory.buffer, this.place.rpAt, to);
    const val = new Int32Array(this.memory.buffer, this.place.rvAt, to);
    for (let i = from; i < to; i++) rare.push(pos[i]!, val[i]!);
    if (rare === this.rareOf && rare.generation === this.rareGeneration && from === this.rareSynced)
      this.rareSynced = rare.count;
  }
}

/**
 * SparseKernel (kernels/sparse.ts) as WebAssembly with SIMD (assembly/sparse.ts): the same
 * values, the same rare heaps, the same stops at a value too wide for the table.
 */
export class WasmSparseKernel {
  readonly name = 'sparse+simd';
  readonly mem: SparseMemory;

  /** Over a memory of its own, or over a shared arena (then bind each task's place first). */
  constructor(
    readonly shape: SparseShape,
    module: WebAssembly.Module,
    arena?: WebAssembly.Memory,
    options: WasmSparseOptions = {},
  ) {
    this.mem = new SparseMemory(shape, module, arena, options);
  }

  get currentMask(): SparseMask {
    return this.mem.currentMask;
  }

  get classes(): Uint8Array {
    return this.mem.maskClasses.cls;
  }

  setMask(mask: SparseMask): void {
    this.mem.setMask(mask);
  }

  /**
   * SparseKernel.run: g[lo, hi) from the final g[0, lo) and `rare` (the rare heaps of g[1, lo)).
   * Over a windowed place it may stop early: `miss` when g(next) needs pairs outside the window.
   */
  run(
    g: Values,
    lo: number,
    hi: number,
    maxBefore: number,
    rare: RareList,
  ): RangeOutcome & { miss?: true; planes?: number } {
    const out = this.mem.range(g, lo, hi, rare, (cap) => this.mem.exports.run(lo, hi, maxBefore, cap));
    const planes = this.mem.exports.getPlaneHeaps();
    return planes > 0 ? { ...out, planes } : out;
  }
}

/** The `kernel` a run reports for a gang of the WebAssembly phase kernel. */
export const WASM_SPARSE_GANG_KERNEL = 'sparse+simd+frozen-prefix';

/**
 * SparseFrozenKernel (kernels/sparse-frozen.ts) as WebAssembly with SIMD: the gang's gather and
 * finish over the same rows layout, kept in the instance's own memory rather than in `rows`
 * (a member's rows are its own scratch either way). Give it the memory of this thread's
 * WasmSparseKernel for the game (wasmSparseFor, src/worker/wasm-sparse.ts): one copy of the
 * values a thread.
 */
export class WasmSparseFrozenKernel {
  readonly name = WASM_SPARSE_GANG_KERNEL;
  rescans = 0;
  continued = 0;

  constructor(private readonly mem: SparseMemory) {}

  get currentMask(): SparseMask {
    return this.mem.currentMask;
  }

  setMask(mask: SparseMask): void {
    this.mem.setMask(mask);
  }

  /** SparseFrozenKernel.gather; `rows` is unused (the rows live in the WebAssembly memory). */
  gather(
    g: Values,
    F: number,
    lo: number,
    hi: number,
    maxBefore: number,
    rare: RareList,
    _rows: Int32Array,
    rowWords: number,
    rowFrom = F,
  ): void {
    const VA = valueCeiling(maxBefore);
    if (VA > rowWords * 32) throw new Error(`sparse rows of ${rowWords} words cannot hold values below ${VA}`);
    const mem = this.mem;
    mem.prepare(g, F, Math.max(hi, F), rare.count + (hi - lo), (hi - rowFrom) * wasmRowStride(rowWords) * 4);
    mem.putRare(rare);
    mem.exports.gather(F, lo, hi, VA, mem.rowsAt, rowWords, rowFrom, rare.count);
  }

  /** SparseFrozenKernel.finish over rows this instance gathered (`miss` as for WasmSparseKernel.run). */
  finish(
    g: Values,
    F: number,
    lo: number,
    hi: number,
    maxBefore: number,
    rare: RareList,
    _rows: Int32Array,
    rowWords: number,
    rowFrom = lo,
  ): RangeOutcome & { miss?: true } {
    const mem = this.mem;
    const finish = (cap: number): number => {
      const rescans = mem.exports.getRescans();
      const continued = mem.exports.getContinued();
      const next = mem.exports.finish(F, lo, hi, maxBefore, cap, mem.rowsAt, rowWords, rowFrom);
      this.rescans += mem.exports.getRescans() - rescans;
      this.continued += mem.exports.getContinued() - continued;
      return next;
    };
    return mem.range(g, lo, hi, rare, finish, (hi - rowFrom) * wasmRowStride(rowWords) * 4);
  }
}
