import { encodeModule, I32, Locals, op, type Code } from './encoder.js';

/**
 * Infinite subtraction sets (squares and the other families): the two phases of a tile of the
 * subtraction gang (engine/subtract-gang.ts) as WebAssembly, over one shared memory.
 *
 * Why WebAssembly: the work is N * |S ∩ [1, N]| option visits of one load and one byte store
 * each. V8's JavaScript pays bounds and type checks on both: 2.5 ns a visit at best (byte rows,
 * loads batched ahead of stores; kernels/split/infinite-subtraction.ts). The same loop here has
 * neither: about 1 ns, the speed of the C reference's loop on the same machine.
 *
 * A tile [s, e) with frozen bound F (every heap below F final):
 *   gather: for each element x, one contiguous run of g sweeps into the tile's rows (a byte per
 *     value, V bytes a heap): row[n][g[n - x]] = 1 for every option n - x < F;
 *   finish (in heap order, once every heap below s is final): mark the few options in [F, n),
 *     take the mex (first zero byte, eight at a time), store g[n].
 * The caller sizes V from the largest value below F, so every gathered value fits; an option
 * from [F, n) that does not makes that heap's mex exact over all its options with stamps. A mex of vmax - 1 or more is not stored: the caller hands the game to the
 * JavaScript split kernel, whose rows have no such limit.
 *
 * Memory (bytes; the engine writes the layout into the control block):
 *   [0, CONTROL_BYTES)  control block: the gang's Int32 slots, then LAYOUT
 *   per member          rows (tile * vmax bytes); stamp counter, then at +64 vmax Int32 stamps
 *   ELEMS               the set's elements in increasing order, then SENTINEL
 *   G                   the values, Uint16
 */
/** Where the layout lives: Int32 slots of the control block after the gang's own (GANG_SLOTS). */
export const LAYOUT = {
  /** Byte offset of the element list (increasing, then SENTINEL). */
  ELEMS: 12,
  /** Byte offset of the Uint16 values. */
  G: 13,
} as const;
export const CONTROL_BYTES = 64;
export const SENTINEL = 0x7fffffff;
const ONES = 0x0101010101010101n;

const slot = (s: number): Code => op.i32(s * 4);

interface Fn {
  readonly params: typeof I32[];
  readonly locals: Locals;
  readonly body: Code;
}

function common(params: string[], own: string[]): { l: Locals; prologue: Code; gAt: (heap: Code) => Code; nextElement: () => Code } {
  const l = new Locals(params).declare(['elems', 'G', 'i', 'el', ...own]);
  const gAt = (heap: Code): Code => op.add(l.get('G'), op.shl(heap, op.i32(1)));
  // The element loops need no count check: the list ends with SENTINEL.
  const nextElement = (): Code => l.tee('el', op.load32(op.add(l.get('elems'), op.shl(l.get('i'), op.i32(2)))));
  const prologue: Code = [l.set('elems', op.load32(slot(LAYOUT.ELEMS))), l.set('G', op.load32(slot(LAYOUT.G)))];
  return { l, prologue, gAt, nextElement };
}

/**
 * gather(s, e, F, V, rows): rows (e - s heaps of V bytes, cleared here) get a 1 at every value
 * of an option n - x < F of a heap n in [s, e). Every such value is below V - 1.
 */
function gatherFunction(): Fn {
  const { l, prologue, gAt, nextElement } = common(['s', 'e', 'F', 'V', 'rows'], ['from', 'to', 'src', 'end', 'row']);
  const { get, set } = l;
  const min = (a: string, b: string): Code => op.select(get(a), get(b), op.ltU(get(a), get(b)));
  const max = (a: string, b: string): Code => op.select(get(a), get(b), op.gtU(get(a), get(b)));
  const body: Code = [
    prologue,
    op.fill(get('rows'), op.i32(0), op.mul(op.sub(get('e'), get('s')), get('V'))),
    set('i', op.i32(0)),
    op.while(op.ltU(nextElement(), get('e')), [
      // Heaps n in [s, e) with 0 <= n - x < F: one contiguous run of g per element.
      set('from', max('s', 'el')),
      set('to', op.add(get('F'), get('el'))),
      set('to', min('to', 'e')),
      op.if(op.ltU(get('from'), get('to')), [
        set('src', gAt(op.sub(get('from'), get('el')))),
        set('end', gAt(op.sub(get('to'), get('el')))),
        set('row', op.add(get('rows'), op.mul(op.sub(get('from'), get('s')), get('V')))),
        // Four heaps a turn: four loads, four stores.
        op.while(op.leU(op.add(get('src'), op.i32(8)), get('end')), [
          op.store8(op.add(get('row'), op.load16(get('src'))), op.i32(1)),
          op.store8(op.add(op.add(get('row'), get('V')), op.load16(get('src'), 2)), op.i32(1)),
          op.store8(op.add(op.add(get('row'), op.shl(get('V'), op.i32(1))), op.load16(get('src'), 4)), op.i32(1)),
          op.store8(op.add(op.add(get('row'), op.mul(get('V'), op.i32(3))), op.load16(get('src'), 6)), op.i32(1)),
          set('row', op.add(get('row'), op.shl(get('V'), op.i32(2)))),
          set('src', op.add(get('src'), op.i32(8))),
        ]),
        op.while(op.ltU(get('src'), get('end')), [
          op.store8(op.add(get('row'), op.load16(get('src'))), op.i32(1)),
          set('row', op.add(get('row'), get('V'))),
          set('src', op.add(get('src'), op.i32(2))),
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
function finishFunction(): Fn {
  const { l, prologue, gAt, nextElement } = common(['s', 'e', 'F', 'V', 'rows', 'scratch', 'vmax'], ['n', 'row', 'v', 'bad', 'top', 'c', 'stamps']);
  const { get, set } = l;
  // The mex over every option of heap n, with stamps (option values are below vmax - 1).
  const exact: Code = [
    set('c', op.add(op.load32(get('scratch')), op.i32(1))),
    op.store32(get('scratch'), get('c')),
    set('i', op.i32(0)),
    op.while(op.leU(nextElement(), get('n')), [
      op.store32(op.add(get('stamps'), op.shl(op.load16(gAt(op.sub(get('n'), get('el')))), op.i32(2))), get('c')),
      set('i', op.add(get('i'), op.i32(1))),
    ]),
    set('v', op.i32(0)),
    op.while(op.eq(op.load32(op.add(get('stamps'), op.shl(get('v'), op.i32(2)))), get('c')), set('v', op.add(get('v'), op.i32(1)))),
  ];
  const heap: Code = [
    set('row', op.add(get('rows'), op.mul(op.sub(get('n'), get('s')), get('V')))),
    set('bad', op.i32(0)),
    set('i', op.i32(0)),
    // Options in [F, n): elements x <= n - F. Their values may be new maxima, past the row.
    op.while(op.leU(nextElement(), op.sub(get('n'), get('F'))), [
      set('v', op.load16(gAt(op.sub(get('n'), get('el'))))),
      op.if(op.geU(get('v'), op.sub(get('V'), op.i32(1))), set('bad', op.i32(1)), op.store8(op.add(get('row'), get('v')), op.i32(1))),
      set('i', op.add(get('i'), op.i32(1))),
    ]),
    // The first zero byte, eight at a time; byte V - 1 is never set, so the scan stays in the row.
    set('v', op.i32(0)),
    op.while(op.eqz(op.i64Ne(op.load64(op.add(get('row'), get('v'))), op.i64(ONES))), set('v', op.add(get('v'), op.i32(8)))),
    op.while(op.ne(op.load8(op.add(get('row'), get('v'))), op.i32(0)), set('v', op.add(get('v'), op.i32(1)))),
    // Without a value past the row, the row holds every option: its first zero is the mex.
    op.if(get('bad'), exact),
    op.if(op.geU(get('v'), op.sub(get('vmax'), op.i32(1))), [
      op.store32(get('scratch'), get('v'), 4),
      op.ret(op.sub(op.i32(-1), op.sub(get('n'), get('s')))),
    ]),
    op.store16(gAt(get('n')), get('v')),
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

let compiled: WebAssembly.Module | null = null;

/** The gang member module, compiled once per thread. */
export function subtractBlockedModule(): WebAssembly.Module {
  if (compiled === null) {
    const gather = gatherFunction();
    const finish = finishFunction();
    const bytes = encodeModule(
      [
        { name: 'gather', params: gather.params, results: [], locals: gather.locals, body: gather.body },
        { name: 'finish', params: finish.params, results: [I32], locals: finish.locals, body: finish.body },
      ],
      MAX_PAGES,
    );
    compiled = new WebAssembly.Module(bytes);
  }
  return compiled;
}

/** A memory laid out for `members` members and a table of `capacity` values. */
export interface SubtractMemory {
  readonly memory: WebAssembly.Memory;
  /** Byte offset of the values (Uint16). */
  readonly gOffset: number;
  /** Member t's scratch starts at CONTROL_BYTES + t * stride: rows, then the stamp scratch. */
  readonly stride: number;
}

/** Null when the table does not fit a wasm32 memory. */
export function createSubtractMemory(elements: Int32Array, capacity: number, members: number, tile: number, vmax: number): SubtractMemory | null {
  const stride = align(tile * vmax + 64 + 4 * vmax, 64);
  const elems = CONTROL_BYTES + members * stride;
  const gOffset = align(elems + 4 * (elements.length + 1), 64);
  const pages = Math.ceil((gOffset + 2 * capacity + 64) / 65536);
  if (pages > MAX_PAGES) return null;
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
  const ctl = new Int32Array(memory.buffer, 0, CONTROL_BYTES / 4);
  ctl[LAYOUT.ELEMS] = elems;
  ctl[LAYOUT.G] = gOffset;
  const list = new Int32Array(memory.buffer, elems, elements.length + 1);
  list.set(elements);
  list[elements.length] = SENTINEL;
  return { memory, gOffset, stride };
}

function align(n: number, to: number): number {
  return Math.ceil(n / to) * to;
}

export interface SubtractBlockedKernel {
  gather(s: number, e: number, F: number, V: number, rows: number): void;
  finish(s: number, e: number, F: number, V: number, rows: number, scratch: number, vmax: number): number;
}

/** The kernel over `memory` (its control block holds the LAYOUT). */
export function instantiateSubtractBlocked(memory: WebAssembly.Memory): SubtractBlockedKernel {
  const instance = new WebAssembly.Instance(subtractBlockedModule(), { env: { memory } });
  return instance.exports as unknown as SubtractBlockedKernel;
}
