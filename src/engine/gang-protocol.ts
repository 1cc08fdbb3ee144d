import type { MemberOutcome, TableMemberTask } from '../gang/task.js';
import type { ValueBytes } from '../kernels/wasm/subtract-blocked.js';
import type { ChunkOutcome } from './protocol.js';

/** The tasks of workers/gang.worker.ts: members of the frozen-prefix and subtraction gangs. */

/** A member of a frozen-prefix gang (src/worker/frozen-phases.ts): rows of tile * rowWords words. */
export interface FrozenGangTask extends TableMemberTask {
  readonly kind: 'frozen-gang';
}

export type FrozenGangOutcome = MemberOutcome;

/** One member of a subtraction gang: workers/gang.worker.ts with src/worker/subtract-phases.ts. */
export interface SubtractGangTask {
  readonly kind: 'subtract-gang';
  readonly memory: WebAssembly.Memory;
  /** Which memory this is: a worker keeps its instance while the id stays the same. */
  readonly memoryId: number;
  readonly member: number;
  readonly members: number;
  readonly lo: number;
  readonly hi: number;
  /** Heaps a tile (the unit a member gathers and finishes). */
  readonly tile: number;
  /** Row width limit (a multiple of 16). */
  readonly vmax: number;
  /** Bytes a value in the memory's table: 1 while every value fits a byte, then 2. */
  readonly bytes: ValueBytes;
  /**
   * Byte offset and size of member 0's scratch (rows, then stamps); member t's is t strides on.
   * The control block ends where it starts.
   */
  readonly scratch: number;
  readonly stride: number;
}

export type SubtractGangOutcome = { readonly kind: 'member-done' } | Extract<ChunkOutcome, { kind: 'error' }>;
