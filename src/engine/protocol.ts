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
  /** A Heartbeat buffer (engine/heartbeat.ts): custom modules report each position they start. */
  readonly heartbeat?: SharedArrayBuffer;
}

export type ChunkTask = RangeTask;

/** Outcomes are plain data: error classes do not survive the thread boundary. */
export type ChunkOutcome =
  | { readonly kind: 'done'; readonly next: number; readonly maxValue: number; readonly kernel: string }
  | { readonly kind: 'overflow'; readonly next: number; readonly maxValue: number; readonly value: number; readonly kernel: string }
  | {
      readonly kind: 'error';
      readonly message: string;
      readonly exitCode: number;
      /** When the kernel got part of the way: g[lo..next) are final and should be stored. */
      readonly next?: number;
      readonly maxValue?: number;
    };
