import type { Width } from '../kernels/values.js';

/** The rows the repositories of src/store/ share (store.ts re-exports them for the rest of the program). */

export interface GameRow {
  readonly id: number;
  readonly key: string;
  readonly family: string;
  readonly params: string;
  readonly createdAt: string;
  /** High-water mark: g(0..computed-1) are stored. */
  readonly computed: number;
  readonly maxValue: number;
  readonly width: Width;
}

export interface RunRecord {
  readonly startedAt: string;
  readonly fromN: number;
  readonly toN: number;
  readonly valuesComputed: number;
  readonly workers: number;
  readonly kernel: string;
  readonly elapsedMs: number;
  readonly statesPerSecond: number;
  readonly status: 'done' | 'proven' | 'interrupted' | 'failed';
}
