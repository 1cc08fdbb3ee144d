import type { RangeOutcome } from '../kernel.js';
import { capacityFor } from '../kernel.js';
import { MaskClasses, VALUE_LIMIT, type SparseMask } from '../sparse-mask.js';
import type { RareList, SparseShape } from '../sparse.js';
import type { Values } from '../values.js';
import { sparseRowStride, valueCeiling } from '../sparse-frozen.js';

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
  ): void;
  setShape(shape: number, whole: number, one: number, two: number, distinct: number): void;
  setTables(g: number, g8: number, rp: number, rv: number): void;
  setMaskParity(parity: number): void;
  setLanes(lanes: number): void;
  setRareCount(count: number): void;
  getRareCount(): number;
  getMax(): number;
  getOverflow(): number;
  run(lo: number, hi: number, maxBefore: number, cap: number): number;
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
}

const PAGE = 65536;
const L = VALUE_LIMIT;
const align = (bytes: number): number => (bytes + 15) & ~15;
/** assembly/sparse.ts LANES: 16 heaps' byte marks of 1024 values. */
const LANES_BYTES = 16 * 1024;

/**
 * One WebAssembly instance of the sparse kernels over a memory of its own, laid out as
 *   mark (Int32, L + 1) | want (Uint8) | wanted (Int32) | class of each value (Uint8) |
 *   class-0 and class-1 values (Int32, each ended by a sentinel) | wanted bitset (64 bytes) |
 *   scratch bitset (L / 8 bytes) | a block's lane marks (16 KiB) | shape (Int32 whole, one, two) |
 *   g (Uint16) | g as bytes
 *   (the SIMD scan's) | rare heaps, rare values (Int32) | scratch rows (the gang's)
 * where everything from g on grows with the table. The memory holds its own copy of the
 * values: g[0, have) equals the engine's table, and a call copies in only the heaps finished
 * since (by this thread or another) and copies out the ones it computed. Values of one game
 * are one function of the heap, so a copy is never stale, only short.
 */
export class SparseMemory {
  readonly memory: WebAssembly.Memory;
  readonly exports: SparseExports;
  private readonly gAt: number;
  private gCap = 0;
  private rareCap = 0;
  private rowBytes = 0;
  private g8At = 0;
  rpAt = 0;
  rvAt = 0;
  rowsAt = 0;
  /** g[0, have) is copied in (or computed here). */
  have = 0;
  readonly maskClasses: MaskClasses;

  constructor(
    readonly shape: SparseShape,
    module: WebAssembly.Module,
  ) {
    this.maskClasses = new MaskClasses(shape.parityAllowed);
    const mark = 64;
    const want = mark + align(4 * (L + 1));
    const wanted = want + align(L + 1);
    const cls = wanted + align(4 * (L + 1));
    const byc0 = cls + align(L);
    const byc1 = byc0 + align(4 * (L + 1));
    const bits = byc1 + align(4 * (L + 1));
    const seen = bits + 64;
    const lanes = seen + align(L / 8);
    const shapeAt = lanes + LANES_BYTES;
    const shapeLen = shape.whole.length + shape.one.length + shape.two.length;
    this.gAt = shapeAt + align(4 * shapeLen);
    this.memory = new WebAssembly.Memory({ initial: Math.ceil(this.gAt / PAGE) + 1, maximum: PAGE });
    const instance = new WebAssembly.Instance(module, { env: { memory: this.memory } });
    this.exports = instance.exports as unknown as SparseExports;
    const words = new Int32Array(this.memory.buffer);
    words.set(shape.whole, shapeAt >> 2);
    words.set(shape.one, (shapeAt >> 2) + shape.whole.length);
    words.set(shape.two, (shapeAt >> 2) + shape.whole.length + shape.one.length);
    this.exports.setLayout(mark, want, wanted, cls, byc0, byc1, bits, seen);
    this.exports.setLanes(lanes);
    this.exports.setShape(shapeAt, shape.whole.length, shape.one.length, shape.two.length, shape.distinct ? 1 : 0);
    this.clsAt = cls;
    this.bycAt = [byc0, byc1];
    this.setMask(this.maskClasses.mask);
  }

  private readonly clsAt: number;
  private readonly bycAt: [number, number];

  get currentMask(): SparseMask {
    return this.maskClasses.mask;
  }

  setMask(mask: SparseMask): void {
    this.maskClasses.set(mask);
    const bytes = new Uint8Array(this.memory.buffer);
    bytes.set(this.maskClasses.cls, this.clsAt);
    const words = new Int32Array(this.memory.buffer);
    words.set(this.maskClasses.byClass[0], this.bycAt[0] >> 2);
    words.set(this.maskClasses.byClass[1], this.bycAt[1] >> 2);
    this.exports.setMaskParity(mask.parity);
  }

  /** Room for heaps below `heaps`, `rare` rare heaps and `rowBytes` of rows; the views are new after. */
  ensure(heaps: number, rare: number, rowBytes = 0): void {
    if (heaps <= this.gCap && rare <= this.rareCap && rowBytes <= this.rowBytes) return;
    // Grow by half again at least: a run's chunks ask for a little more each time.
    const gCap = heaps <= this.gCap ? this.gCap : Math.max(heaps, Math.floor(this.gCap * 1.5));
    const rareCap = rare <= this.rareCap ? this.rareCap : Math.max(rare, Math.floor(this.rareCap * 1.5), 1024);
    const rows = Math.max(rowBytes, this.rowBytes);
    const g8At = this.gAt + align(2 * gCap + 32);
    const rpAt = g8At + align(gCap + 32);
    const rvAt = rpAt + align(4 * rareCap);
    const rowsAt = rvAt + align(4 * rareCap);
    const end = rowsAt + align(rows);
    const pages = Math.ceil(end / PAGE);
    const current = this.memory.buffer.byteLength / PAGE;
    if (pages > PAGE) throw new Error(`the WebAssembly sparse kernel cannot hold ${heaps} heaps in 4 GiB`);
    if (pages > current) this.memory.grow(pages - current);
    // Regions move up as the ones below them grow, the highest first: a finish reads the rows
    // its gather wrote, and the byte copy of g is kept; the rare list is written afresh by each
    // call, and g itself never moves.
    const bytes = new Uint8Array(this.memory.buffer);
    if (this.rowBytes > 0 && rowsAt !== this.rowsAt) bytes.copyWithin(rowsAt, this.rowsAt, this.rowsAt + this.rowBytes);
    if (this.g8At > 0 && g8At !== this.g8At) bytes.copyWithin(g8At, this.g8At, this.g8At + this.have);
    this.gCap = gCap;
    this.rareCap = rareCap;
    this.rowBytes = rows;
    this.g8At = g8At;
    this.rpAt = rpAt;
    this.rvAt = rvAt;
    this.rowsAt = rowsAt;
    this.exports.setTables(this.gAt, g8At, rpAt, rvAt);
  }

  /** The memory's values (Uint16), valid until the next ensure. */
  values(): Uint16Array {
    return new Uint16Array(this.memory.buffer, this.gAt, this.gCap);
  }

  /** Copy g[have, upto) in from the engine's table. */
  syncIn(g: Values, upto: number): void {
    if (upto <= this.have) return;
    const part = g.subarray(this.have, upto);
    this.values().set(part, this.have);
    // Values past 255 wrap in the byte copy: the kernel reads it only while all are below 256.
    new Uint8Array(this.memory.buffer, this.g8At, this.gCap).set(part, this.have);
    this.have = upto;
  }

  /** Copy g[lo, hi) computed here out to the engine's table. */
  syncOut(g: Values, lo: number, hi: number): void {
    if (hi > lo) g.set(this.values().subarray(lo, hi), lo);
    if (hi > this.have && lo <= this.have) this.have = hi;
  }

  /** Write rare heaps [from, to) of the list into the memory. */
  putRare(rare: { readonly pos: Int32Array; readonly val: Int32Array }, from: number, to: number): void {
    new Int32Array(this.memory.buffer, this.rpAt, to).set(rare.pos.subarray(from, to), from);
    new Int32Array(this.memory.buffer, this.rvAt, to).set(rare.val.subarray(from, to), from);
  }

  /** Append the memory's rare heaps [from, to) to `rare`. */
  takeRare(rare: RareList, from: number, to: number): void {
    const pos = new Int32Array(this.memory.buffer, this.rpAt, to);
    const val = new Int32Array(this.memory.buffer, this.rvAt, to);
    for (let i = from; i < to; i++) rare.push(pos[i]!, val[i]!);
  }
}

/**
 * SparseKernel (kernels/sparse.ts) as WebAssembly with SIMD (assembly/sparse.ts): the same
 * values, the same rare heaps, the same stops at a value too wide for the table.
 */
export class WasmSparseKernel {
  readonly name = 'sparse+simd';
  readonly mem: SparseMemory;

  constructor(
    readonly shape: SparseShape,
    module: WebAssembly.Module,
  ) {
    this.mem = new SparseMemory(shape, module);
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

  /** SparseKernel.run: g[lo, hi) from the final g[0, lo) and `rare` (the rare heaps of g[1, lo)). */
  run(g: Values, lo: number, hi: number, maxBefore: number, rare: RareList): RangeOutcome {
    const mem = this.mem;
    const known = rare.count;
    mem.ensure(hi, known + (hi - lo));
    mem.syncIn(g, lo);
    mem.putRare(rare, 0, known);
    mem.exports.setRareCount(known);
    const next = mem.exports.run(lo, hi, maxBefore, capacityFor(g));
    mem.syncOut(g, lo, next);
    mem.takeRare(rare, known, mem.exports.getRareCount());
    const maxValue = mem.exports.getMax();
    const overflow = mem.exports.getOverflow();
    return overflow >= 0 && next < hi ? { next, maxValue, overflowValue: overflow } : { next, maxValue };
  }
}

/**
 * SparseFrozenKernel (kernels/sparse-frozen.ts) as WebAssembly with SIMD: the gang's gather and
 * finish over the same rows layout, kept in the instance's own memory rather than in `rows`
 * (a member's rows are its own scratch either way). Give it the memory of this thread's
 * WasmSparseKernel for the game (wasmSparseFor, src/worker/wasm-sparse.ts): one copy of the
 * values a thread.
 */
export class WasmSparseFrozenKernel {
  readonly name = 'sparse+simd+frozen-prefix';
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
    mem.ensure(Math.max(hi, F), rare.count + (hi - lo), (hi - rowFrom) * sparseRowStride(rowWords) * 4);
    mem.syncIn(g, F);
    mem.putRare(rare, 0, rare.count);
    mem.exports.gather(F, lo, hi, VA, mem.rowsAt, rowWords, rowFrom, rare.count);
  }

  /** SparseFrozenKernel.finish over rows this instance gathered. */
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
  ): RangeOutcome {
    const mem = this.mem;
    const known = rare.count;
    mem.ensure(hi, known + (hi - lo), (hi - rowFrom) * sparseRowStride(rowWords) * 4);
    mem.syncIn(g, lo);
    mem.putRare(rare, 0, known);
    mem.exports.setRareCount(known);
    const rescans = mem.exports.getRescans();
    const continued = mem.exports.getContinued();
    const next = mem.exports.finish(F, lo, hi, maxBefore, capacityFor(g), mem.rowsAt, rowWords, rowFrom);
    this.rescans += mem.exports.getRescans() - rescans;
    this.continued += mem.exports.getContinued() - continued;
    mem.syncOut(g, lo, next);
    mem.takeRare(rare, known, mem.exports.getRareCount());
    const maxValue = mem.exports.getMax();
    const overflow = mem.exports.getOverflow();
    return overflow >= 0 && next < hi ? { next, maxValue, overflowValue: overflow } : { next, maxValue };
  }
}
