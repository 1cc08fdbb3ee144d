import { CONTROL_BYTES, GANG } from '../../gang/control.js';
import { encodeModule, I32, Locals, op, type Code, type FunctionDef } from './encoder.js';

/**
 * Infinite subtraction sets (squares and the other families): the two phases of a tile of the
 * subtraction gang (engine/subtract-gang.ts) as WebAssembly, over one shared memory.
 *
 * Why WebAssembly: the work is N * |S ∩ [1, N]| option visits of one load and one byte store
 * each. V8's JavaScript pays bounds and type checks on both: 2.5 ns a visit at best (byte rows,
 * loads batched ahead of stores; kernels/frozen/infinite-subtraction.ts). The same loop here has
 * neither: about 1 ns, the speed of the C reference's loop on the same machine.
 *
 * A tile [s, e) with frozen bound F (every heap below F final):
 *   gather: for each element x, one contiguous run of g sweeps into the tile's rows (a byte per
 *     value, V bytes a heap): row[n][g[n - x]] = 1 for every option n - x < F;
 *   finish (in heap order, once every heap below s is final): mark the few options in [F, n),
 *     take the mex (first zero byte, eight at a time), store g[n].
 * The caller sizes V from the largest value below F, so every gathered value fits; an option
 * from [F, n) that does not makes that heap's mex exact over all its options with stamps. A mex
 * of vmax - 1 or more is not stored: the caller either widens the table (a byte table meets a
 * value past 255) or hands the game to the JavaScript frozen-prefix kernel, whose rows have no limit.
 *
 * Two copies of both phases, one per table width: the values are Uint8 while they fit a byte
 * and Uint16 after. Half the bytes streamed a visit: 15-25% faster a visit in C loops of the
 * same shape (squares near 9 * 10^6), 1.08-1.17x for the gang on sub:powers2 to 2 * 10^8, where
 * the table outgrows the caches (bench/NOTES.md).
 *
 * Memory (bytes; the engine writes the layout into the control block):
 *   [0, CONTROL_BYTES)  the gang's control block (src/gang/control.ts), with ELEMS and G
 *   per member          rows (tile * vmax bytes); stamp counter, then at +64 vmax Int32 stamps
 *   ELEMS               the set's elements in increasing order, then SENTINEL_RUN SENTINELs
 *   G                   the values, Uint8 or Uint16 (room for Uint16 either way)
 */
export const SENTINEL = 0x7fffffff;
const ONES = 0x0101010101010101n;
/**
 * The gather touches the runs of the elements PREFETCH_AHEAD to 2 * PREFETCH_AHEAD - 1 places
 * on, every PREFETCH_AHEAD elements. Why: each element's run starts on a line no prefetcher saw
 * coming (thousands of streams, one run each a tile), and a load that misses holds up the core
 * until it arrives; touched together, a batch's misses overlap. WebAssembly has no prefetch, so
 * the touch is a plain load whose value is dropped. Squares near 9 * 10^6, one thread, tile 192:
 * 0.92-1.00 ns a visit against 0.96-1.16 without (bench/NOTES.md "Touching the runs ahead").
 */
const PREFETCH_AHEAD = 8;
const LINE = 64;
/** The touches read up to 2 * PREFETCH_AHEAD places past an element: the list ends with as many SENTINELs. */
const SENTINEL_RUN = 2 * PREFETCH_AHEAD;

const slot = (s: number): Code => op.i32(s * 4);

interface Fn {
  readonly params: (typeof I32)[];
  readonly locals: Locals;
  readonly body: Code;
}

/** Bytes a value: 1 (Uint8 table) or 2 (Uint16). */
export type ValueBytes = 1 | 2;

interface Table {
  /** Address of heap's value. */
  readonly at: (heap: Code) => Code;
  readonly load: (addr: Code, offset?: number) => Code;
  readonly store: (addr: Code, value: Code) => Code;
}

function tableOf(bytes: ValueBytes, G: Code): Table {
  return bytes === 1
    ? { at: (heap) => op.add(G, heap), load: op.load8, store: op.store8 }
    : { at: (heap) => op.add(G, op.shl(heap, op.i32(1))), load: op.load16, store: op.store16 };
}

function common(
  bytes: ValueBytes,
  params: string[],
  own: string[],
): { l: Locals; prologue: Code; table: Table; nextElement: () => Code } {
  const l = new Locals(params).declare(['elems', 'G', 'i', 'el', ...own]);
  const table = tableOf(bytes, l.get('G'));
  // The element loops need no count check: the list ends with SENTINEL.
  const nextElement = (): Code => l.tee('el', op.load32(op.add(l.get('elems'), op.shl(l.get('i'), op.i32(2)))));
  const prologue: Code = [l.set('elems', op.load32(slot(GANG.ELEMS))), l.set('G', op.load32(slot(GANG.G)))];
  return { l, prologue, table, nextElement };
}

/**
 * gather(s, e, F, V, rows): rows (e - s heaps of V bytes, cleared here) get a 1 at every value
 * of an option n - x < F of a heap n in [s, e). Every such value is below V - 1.
 */
function gatherFunction(bytes: ValueBytes, prefetch: boolean): Fn {
  const { l, prologue, table, nextElement } = common(
    bytes,
    ['s', 'e', 'F', 'V', 'rows'],
    ['from', 'to', 'src', 'end', 'row', 'j', 'jend', 'x'],
  );
  const { at: gAt, load } = table;
  const { get, set } = l;
  const min = (a: string, b: string): Code => op.select(get(a), get(b), op.ltU(get(a), get(b)));
  const max = (a: string, b: string): Code => op.select(get(a), get(b), op.gtU(get(a), get(b)));
  // The heaps [from, to) of [s, e) with 0 <= n - x < F, for element x.
  const run = (x: string): Code => [
    set('from', max('s', x)),
    set('to', op.add(get('F'), get(x))),
    set('to', min('to', 'e')),
  ];
  // Load one byte of every line of the next batch's runs (the list ends with SENTINELs >= e).
  const touchAhead: Code = [
    set('j', op.add(get('i'), op.i32(PREFETCH_AHEAD))),
    set('jend', op.add(get('j'), op.i32(PREFETCH_AHEAD))),
    op.while(
      op.and(
        op.ltU(get('j'), get('jend')),
        op.ltU(l.tee('x', op.load32(op.add(get('elems'), op.shl(get('j'), op.i32(2))))), get('e')),
      ),
      [
        run('x'),
        op.if(op.ltU(get('from'), get('to')), [
          set('src', gAt(op.sub(get('from'), get('x')))),
          set('end', gAt(op.sub(get('to'), get('x')))),
          op.while(op.ltU(get('src'), get('end')), [
            op.drop(op.load8(get('src'))),
            set('src', op.add(get('src'), op.i32(LINE))),
          ]),
        ]),
        set('j', op.add(get('j'), op.i32(1))),
      ],
    ),
  ];
  const body: Code = [
    prologue,
    op.fill(get('rows'), op.i32(0), op.mul(op.sub(get('e'), get('s')), get('V'))),
    set('i', op.i32(0)),
    op.while(op.ltU(nextElement(), get('e')), [
      prefetch ? op.if(op.eqz(op.and(get('i'), op.i32(PREFETCH_AHEAD - 1))), touchAhead) : [],
      // Heaps n in [s, e) with 0 <= n - x < F: one contiguous run of g per element.
      run('el'),
      op.if(op.ltU(get('from'), get('to')), [
        set('src', gAt(op.sub(get('from'), get('el')))),
        set('end', gAt(op.sub(get('to'), get('el')))),
        set('row', op.add(get('rows'), op.mul(op.sub(get('from'), get('s')), get('V')))),
        // Four heaps a turn: four loads, four stores.
        op.while(op.leU(op.add(get('src'), op.i32(4 * bytes)), get('end')), [
          op.store8(op.add(get('row'), load(get('src'))), op.i32(1)),
          op.store8(op.add(op.add(get('row'), get('V')), load(get('src'), bytes)), op.i32(1)),
          op.store8(op.add(op.add(get('row'), op.shl(get('V'), op.i32(1))), load(get('src'), 2 * bytes)), op.i32(1)),
          op.store8(op.add(op.add(get('row'), op.mul(get('V'), op.i32(3))), load(get('src'), 3 * bytes)), op.i32(1)),
          set('row', op.add(get('row'), op.shl(get('V'), op.i32(2)))),
          set('src', op.add(get('src'), op.i32(4 * bytes))),
        ]),
        op.while(op.ltU(get('src'), get('end')), [
          op.store8(op.add(get('row'), load(get('src'))), op.i32(1)),
          set('row', op.add(get('row'), get('V'))),
          set('src', op.add(get('src'), op.i32(bytes))),
        ]),
      ]),
      set('i', op.add(get('i'), op.i32(1))),
    ]),
  ];
  return { params: [I32, I32, I32, I32, I32], locals: l, body };
}

/**
 * finish(s, e, F, V, rows, scratch, vmax): in order, per heap n of [s, e): mark the options in
 * [F, n), take the mex, store g[n]. Returns the largest value stored, or -(k + 1) when heap
 * s + k has a mex >= vmax - 1 (written to scratch + 4; nothing stored from that heap on).
 * scratch: a stamp counter, then at scratch + 64 vmax Int32 stamps for exact mexes.
 */
function finishFunction(bytes: ValueBytes): Fn {
  const { l, prologue, table, nextElement } = common(
    bytes,
    ['s', 'e', 'F', 'V', 'rows', 'scratch', 'vmax'],
    ['n', 'row', 'v', 'bad', 'top', 'c', 'stamps'],
  );
  const { at: gAt, load } = table;
  const { get, set } = l;
  // The mex over every option of heap n, with stamps (option values are below vmax - 1).
  const exact: Code = [
    set('c', op.add(op.load32(get('scratch')), op.i32(1))),
    op.store32(get('scratch'), get('c')),
    set('i', op.i32(0)),
    op.while(op.leU(nextElement(), get('n')), [
      op.store32(op.add(get('stamps'), op.shl(load(gAt(op.sub(get('n'), get('el')))), op.i32(2))), get('c')),
      set('i', op.add(get('i'), op.i32(1))),
    ]),
    set('v', op.i32(0)),
    op.while(
      op.eq(op.load32(op.add(get('stamps'), op.shl(get('v'), op.i32(2)))), get('c')),
      set('v', op.add(get('v'), op.i32(1))),
    ),
  ];
  const heap: Code = [
    set('row', op.add(get('rows'), op.mul(op.sub(get('n'), get('s')), get('V')))),
    set('bad', op.i32(0)),
    set('i', op.i32(0)),
    // Options in [F, n): elements x <= n - F. Their values may be new maxima, past the row.
    op.while(op.leU(nextElement(), op.sub(get('n'), get('F'))), [
      set('v', load(gAt(op.sub(get('n'), get('el'))))),
      op.if(
        op.geU(get('v'), op.sub(get('V'), op.i32(1))),
        set('bad', op.i32(1)),
        op.store8(op.add(get('row'), get('v')), op.i32(1)),
      ),
      set('i', op.add(get('i'), op.i32(1))),
    ]),
    // The first zero byte, eight at a time; byte V - 1 is never set, so the scan stays in the row.
    set('v', op.i32(0)),
    op.while(
      op.eqz(op.i64Ne(op.load64(op.add(get('row'), get('v'))), op.i64(ONES))),
      set('v', op.add(get('v'), op.i32(8))),
    ),
    op.while(op.ne(op.load8(op.add(get('row'), get('v'))), op.i32(0)), set('v', op.add(get('v'), op.i32(1)))),
    // Without a value past the row, the row holds every option: its first zero is the mex.
    op.if(get('bad'), exact),
    op.if(op.geU(get('v'), op.sub(get('vmax'), op.i32(1))), [
      op.store32(get('scratch'), get('v'), 4),
      op.ret(op.sub(op.i32(-1), op.sub(get('n'), get('s')))),
    ]),
    table.store(gAt(get('n')), get('v')),
    op.if(op.gtU(get('v'), get('top')), set('top', get('v'))),
  ];
  const body: Code = [
    prologue,
    set('stamps', op.add(get('scratch'), op.i32(64))),
    set('top', op.i32(0)),
    set('n', get('s')),
    op.while(op.ltU(get('n'), get('e')), [heap, set('n', op.add(get('n'), op.i32(1)))]),
    get('top'),
  ];
  return { params: [I32, I32, I32, I32, I32, I32, I32], locals: l, body };
}

/** Largest wasm32 memory, in 64 KiB pages. */
export const MAX_PAGES = 65536;

const compiled = new Map<boolean, WebAssembly.Module>();

/**
 * The gang member module (gather1, finish1, gather2, finish2), compiled once per thread.
 * prefetch: false leaves out the gather's touches (bench/gather.ts measures both).
 */
export function subtractBlockedModule(prefetch = true): WebAssembly.Module {
  let module = compiled.get(prefetch);
  if (module === undefined) {
    module = new WebAssembly.Module(subtractBlockedBinary(prefetch));
    compiled.set(prefetch, module);
  }
  return module;
}

/** The module's bytes (test/kernels/subtract-blocked-wat.test.ts keeps their disassembly for review). */
export function subtractBlockedBinary(prefetch = true): Uint8Array {
  const functions = ([1, 2] as const).flatMap((bytes): FunctionDef[] => {
    const gather = gatherFunction(bytes, prefetch);
    const finish = finishFunction(bytes);
    return [
      { name: `gather${bytes}`, params: gather.params, results: [], locals: gather.locals, body: gather.body },
      { name: `finish${bytes}`, params: finish.params, results: [I32], locals: finish.locals, body: finish.body },
    ];
  });
  return encodeModule(functions, MAX_PAGES);
}

/** A memory laid out for `members` members and a table of `capacity` values. */
export interface SubtractMemory {
  readonly memory: WebAssembly.Memory;
  /** Byte offset of the values (room for Uint16). */
  readonly gOffset: number;
  /** Member t's scratch starts at CONTROL_BYTES + t * stride: rows, then the stamp scratch. */
  readonly stride: number;
}

/** Null when the table does not fit a wasm32 memory. */
export function createSubtractMemory(
  elements: Int32Array,
  capacity: number,
  members: number,
  tile: number,
  vmax: number,
): SubtractMemory | null {
  const stride = align(tile * vmax + 64 + 4 * vmax, 64);
  const elems = CONTROL_BYTES + members * stride;
  const gOffset = align(elems + 4 * (elements.length + SENTINEL_RUN), 64);
  const pages = Math.ceil((gOffset + 2 * capacity + 64) / 65536);
  if (pages > MAX_PAGES) return null;
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
  const ctl = new Int32Array(memory.buffer, 0, CONTROL_BYTES / 4);
  ctl[GANG.ELEMS] = elems;
  ctl[GANG.G] = gOffset;
  const list = new Int32Array(memory.buffer, elems, elements.length + SENTINEL_RUN);
  list.set(elements);
  list.fill(SENTINEL, elements.length);
  return { memory, gOffset, stride };
}

function align(n: number, to: number): number {
  return Math.ceil(n / to) * to;
}

export interface SubtractBlockedKernel {
  gather(s: number, e: number, F: number, V: number, rows: number): void;
  finish(s: number, e: number, F: number, V: number, rows: number, scratch: number, vmax: number): number;
}

/** Both widths' kernels over one memory: `[bytes]` reads and writes a table of that width. */
export type SubtractBlockedKernels = Readonly<Record<ValueBytes, SubtractBlockedKernel>>;

interface Exports {
  gather1: SubtractBlockedKernel['gather'];
  finish1: SubtractBlockedKernel['finish'];
  gather2: SubtractBlockedKernel['gather'];
  finish2: SubtractBlockedKernel['finish'];
}

/** The kernels over `memory` (its control block holds ELEMS and G). */
export function instantiateSubtractBlocked(memory: WebAssembly.Memory, prefetch = true): SubtractBlockedKernels {
  const instance = new WebAssembly.Instance(subtractBlockedModule(prefetch), { env: { memory } });
  const x = instance.exports as unknown as Exports;
  return { 1: { gather: x.gather1, finish: x.finish1 }, 2: { gather: x.gather2, finish: x.finish2 } };
}

/** The values of a table of `bytes` bytes a value: `length` of them at byte `offset` of `buffer`. */
export function valuesView(
  buffer: ArrayBufferLike,
  offset: number,
  length: number,
  bytes: ValueBytes,
): Uint8Array | Uint16Array {
  return bytes === 1 ? new Uint8Array(buffer, offset, length) : new Uint16Array(buffer, offset, length);
}

/**
 * The vmax to pass a `bytes` table's finish: a byte table also stops before a value past 255
 * (finish stops at a mex of vmax - 1 or more), so the caller can widen it.
 */
export function finishLimit(bytes: ValueBytes, vmax: number): number {
  return bytes === 1 ? Math.min(vmax, 257) : vmax;
}
