import type { Width } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';

/**
 * What crosses the worker boundary. Tasks carry the SharedArrayBuffer itself (never in a
 * transfer list), so a worker reads the frozen prefix in place and writes its range into it.
 */
export interface RangeTask {
  readonly kind: 'range';
  readonly rules: Rules;
  readonly buffer: SharedArrayBuffer;
  readonly width: Width;
  readonly lo: number;
  readonly hi: number;
  /** max g[0..lo): lets kernels use a bit-mask mex while values are small. */
  readonly maxBefore: number;
  /** A Heartbeat buffer (kernels/heartbeat.ts): custom modules report each position they start. */
  readonly heartbeat?: SharedArrayBuffer;
}

export type ChunkTask = RangeTask;

/** Outcomes are plain data: error classes do not survive the thread boundary. */
export type ChunkOutcome =
  | { readonly kind: 'done'; readonly next: number; readonly maxValue: number; readonly kernel: string }
  | {
      readonly kind: 'overflow';
      readonly next: number;
      readonly maxValue: number;
      readonly value: number;
      readonly kernel: string;
    }
  | {
      readonly kind: 'error';
      readonly message: string;
      readonly exitCode: number;
      /** When the kernel got part of the way: g[lo..next) are final and should be stored. */
      readonly next?: number;
      readonly maxValue?: number;
    };

/**
 * Frozen-prefix tasks (kernels/frozen): a chunk [F, hi) is gathered in tiles [lo, hi) on any
 * worker, then finished in order by one finish task. `rows` is the shared bitset scratch of
 * the chunk, rowWords 32-bit words per heap.
 */
export interface GatherTask {
  readonly kind: 'gather';
  readonly rules: Rules;
  readonly buffer: SharedArrayBuffer;
  readonly width: Width;
  readonly rows: SharedArrayBuffer;
  readonly rowWords: number;
  /** The frozen bound: the chunk's start. */
  readonly F: number;
  readonly lo: number;
  readonly hi: number;
  /** A Heartbeat buffer (kernels/heartbeat.ts): custom modules report each position they start. */
  readonly heartbeat?: SharedArrayBuffer;
}

export interface FinishTask {
  readonly kind: 'finish';
  readonly rules: Rules;
  readonly buffer: SharedArrayBuffer;
  readonly width: Width;
  readonly rows: SharedArrayBuffer;
  readonly rowWords: number;
  readonly F: number;
  readonly hi: number;
  /** What each gather tile handed over (custom modules' deferred tuples), in tile order. */
  readonly deferred: readonly (Int32Array | null)[];
}

export type FrozenTask = GatherTask | FinishTask;

export type GatherOutcome =
  | { readonly kind: 'gathered'; readonly deferred: Int32Array | null; readonly kernel: string }
  | {
      readonly kind: 'error';
      readonly message: string;
      readonly exitCode: number;
      /** When the tile got part of the way: rows [lo, next) are filled, `deferred` is theirs. */
      readonly next?: number;
      readonly deferred?: Int32Array | null;
    };
