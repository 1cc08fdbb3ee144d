import type { SparseShape } from '../kernels/sparse.js';
import {
  align,
  listRegions,
  MAX_PAGES,
  PAGE,
  slotBytes,
  tableRegions,
  wholeWindow,
  type PlaceWindow,
  type SparsePlace,
} from '../kernels/wasm/sparse-wasm.js';
import { NarrowValues, type Table } from '../kernels/values.js';

let nextArenaId = 1;

/**
 * A sparse game's table inside one shared WebAssembly memory, which every worker's instance of
 * the sparse kernels imports (src/worker/wasm-sparse.ts): no thread holds a copy of the values.
 * The table is narrow (kernels/values.ts NarrowValues): a byte a value, and the values from 255
 * on in a Uint16 table of which only their pages are ever touched. Laid out as
 *   slots: one a gang member (fixed scratch of kernels/wasm/sparse-wasm.ts) | Uint16 values |
 *   bytes | each slot's rows | each slot's rare list, for the chunk running
 * where the two tables have room for `reserve` values, the most the run may compute, and the
 * last two parts are sized by the most any chunk has needed (places), the memory growing to fit
 * them. Pages take memory once touched, so a table longer than its values costs address space
 * only, and an --until-proven run's table grows in place: a new memory each time the table
 * doubled held the old ones until every thread had collected them (octal:0.354: +85 MB).
 */
export class SparseArena {
  readonly id = nextArenaId++;
  /**
   * The most rows and rare heaps a member's place has been given. Places keep their addresses
   * while a chunk's needs fit these, so chunk after chunk writes the same pages: placed by each
   * chunk's own sizes, they moved with every chunk and left 15 MiB resident at 10^8.
   */
  private rowRoom = 0;
  private rareRoom = 0;

  private constructor(
    readonly memory: WebAssembly.Memory,
    private readonly slots: number,
    private readonly slotStride: number,
    readonly gAt: number,
    readonly reserve: number,
    private readonly g8At: number,
    private readonly l8At: number,
    private readonly dynamicAt: number,
  ) {}

  /**
   * An arena for `slots` members and up to `reserve` values (at least `capacity`: less when
   * `reserve` would not fit 4 GiB), or null when not even `capacity` fits.
   */
  static create(shape: SparseShape, capacity: number, reserve: number, slots: number): SparseArena | null {
    const slotStride = align(slotBytes(shape));
    const gAt = align(64 + slots * slotStride);
    const end = (values: number): number => tableRegions(gAt, values).end;
    // A quarter of the address space stays free for the chunks' rare lists and rows.
    const room = (MAX_PAGES * PAGE * 3) / 4;
    for (const held of end(reserve) <= room && reserve > capacity ? [reserve, capacity] : [capacity]) {
      if (end(held) > room) return null;
      const dynamicAt = end(held);
      let memory: WebAssembly.Memory;
      try {
        memory = new WebAssembly.Memory({ initial: Math.ceil(dynamicAt / PAGE) + 1, maximum: MAX_PAGES, shared: true });
      } catch {
        // Address space refused (a strict overcommit policy): a reserve is a wish, `capacity` a need.
        continue;
      }
      const { g8At, l8At } = tableRegions(gAt, held);
      return new SparseArena(memory, slots, slotStride, gAt, held, g8At, l8At, dynamicAt);
    }
    return null;
  }

  /** The first `length` values of the table (at most `reserve`), zero past what is written. */
  values(length: number): NarrowValues {
    return new NarrowValues(
      new Uint8Array(this.memory.buffer, this.g8At, length),
      new Uint16Array(this.memory.buffer, this.gAt, length),
      0xff,
      new Uint8Array(this.memory.buffer, this.l8At, length),
    );
  }

  /** Does g lie over this arena's table? */
  holds(g: Table): boolean {
    return (
      g instanceof NarrowValues &&
      g.bytes.byteOffset === this.g8At &&
      g.words.byteOffset === this.gAt &&
      g.length <= this.reserve
    );
  }

  /**
   * Places for the `count` members of the next chunk over a table of `capacity` values, each
   * with room for at least `rareCap` rare heaps and `rowBytes` of rows. Call with no chunk
   * running.
   */
  places(
    count: number,
    capacity: number,
    rareCap: number,
    rowBytes: number,
    window: PlaceWindow = wholeWindow(capacity),
  ): SparsePlace[] {
    if (count > this.slots) throw new Error(`${count} sparse members for an arena of ${this.slots} slots`);
    this.rowRoom = Math.max(this.rowRoom, align(rowBytes));
    this.rareRoom = Math.max(this.rareRoom, rareCap);
    // Every slot's rows, then every slot's rare list: a member's place depends on its slot only.
    const listsAt = this.dynamicAt + this.slots * this.rowRoom;
    const listStride = listRegions(0, this.rareRoom, 0).end;
    const end = listsAt + this.slots * listStride;
    const pages = Math.ceil(end / PAGE);
    const current = this.memory.buffer.byteLength / PAGE;
    if (pages > MAX_PAGES) throw new Error(`a sparse chunk needs ${end} bytes of WebAssembly memory, past 4 GiB`);
    if (pages > current) this.memory.grow(pages - current);
    return Array.from({ length: count }, (_, k) => {
      const { rpAt, rvAt, rqAt } = listRegions(listsAt + k * listStride, this.rareRoom, 0);
      return {
        slotAt: 64 + k * this.slotStride,
        gAt: this.gAt,
        g8At: this.g8At,
        l8At: this.l8At,
        capacity,
        ...window,
        rpAt,
        rvAt,
        rqAt,
        rareCap: this.rareRoom,
        rowsAt: this.dynamicAt + k * this.rowRoom,
        rowBytes: this.rowRoom,
      };
    });
  }
}
