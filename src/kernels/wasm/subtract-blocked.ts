import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { controlBytes, GANG } from '../gang-control.js';
import { projectRoot } from '../../project-root.js';

/**
 * Infinite subtraction sets (squares and the other families): the two phases of a tile of the
 * subtraction gang (engine/subtract-gang.ts) as WebAssembly, over one shared memory. The kernel
 * is assembly/subtract.ts (AssemblyScript, dist/wasm/subtract.wasm); this file lays out the
 * memory and loads it.
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
 *   [0, scratch)        the gang's control block (src/kernels/gang-control.ts), with ELEMS and G
 *   per member          rows (tile * vmax bytes); stamp counter, then at +64 vmax Int32 stamps
 *   ELEMS               the set's elements in increasing order, then SENTINEL_RUN SENTINELs
 *   G                   the values, Uint8 or Uint16 (room for Uint16 either way)
 */
export const SENTINEL = 0x7fffffff;
/**
 * The gather touches the runs of the elements 8 to 15 places on, every 8 elements (assembly/
 * subtract.ts PREFETCH_AHEAD; bench/NOTES.md "Touching the runs ahead"): the list ends with 16
 * SENTINELs so the touches never read past it.
 */
const SENTINEL_RUN = 16;

/** Bytes a value: 1 (Uint8 table) or 2 (Uint16). */
export type ValueBytes = 1 | 2;

/** Largest wasm32 memory, in 64 KiB pages (the module's import allows up to this many). */
export const MAX_PAGES = 65536;

/** A memory laid out for `members` members and a table of `capacity` values. */
export interface SubtractMemory {
  readonly memory: WebAssembly.Memory;
  /** Byte offset of the values (room for Uint16). */
  readonly gOffset: number;
  /** Member t's scratch starts at scratch + t * stride (rows, then the stamp scratch), after the control block. */
  readonly scratch: number;
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
  const scratch = controlBytes(members);
  const elems = scratch + members * stride;
  const gOffset = align(elems + 4 * (elements.length + SENTINEL_RUN), 64);
  const pages = Math.ceil((gOffset + 2 * capacity + 64) / 65536);
  if (pages > MAX_PAGES) return null;
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
  const ctl = new Int32Array(memory.buffer, 0, scratch / 4);
  ctl[GANG.ELEMS] = elems;
  ctl[GANG.G] = gOffset;
  const list = new Int32Array(memory.buffer, elems, elements.length + SENTINEL_RUN);
  list.set(elements);
  list.fill(SENTINEL, elements.length);
  return { memory, gOffset, scratch, stride };
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
  /** The gathers without the touches of the runs ahead (bench/gather.ts measures both). */
  gather1Plain: SubtractBlockedKernel['gather'];
  gather2Plain: SubtractBlockedKernel['gather'];
}

let compiled: WebAssembly.Module | undefined;

/** The kernel module (dist/wasm/subtract.wasm), compiled once per thread. */
export function subtractBlockedModule(): WebAssembly.Module {
  if (compiled !== undefined) return compiled;
  const file = join(projectRoot(), 'dist', 'wasm', 'subtract.wasm');
  if (!existsSync(file))
    throw new Error(`${file} is missing: build it with \`npm run asbuild\` (part of \`npm run build\`)`);
  compiled = new WebAssembly.Module(readFileSync(file));
  return compiled;
}

/**
 * The kernels over `memory` (its control block holds ELEMS and G). The module has no data
 * segments, so instantiating it writes nothing into the shared memory.
 */
export function instantiateSubtractBlocked(memory: WebAssembly.Memory, prefetch = true): SubtractBlockedKernels {
  const x = new WebAssembly.Instance(subtractBlockedModule(), { env: { memory } }).exports as unknown as Exports;
  return {
    1: { gather: prefetch ? x.gather1 : x.gather1Plain, finish: x.finish1 },
    2: { gather: prefetch ? x.gather2 : x.gather2Plain, finish: x.finish2 },
  };
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
