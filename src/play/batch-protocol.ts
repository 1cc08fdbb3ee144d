import type { Width } from '../kernels/values.js';
import type { Periodicity } from '../period/detect.js';
import type { Rules } from '../rules/types.js';
import type { MovesMode } from './evaluate.js';

/**
 * Tasks of workers/eval.worker.ts (batch evaluation). A batch is a slice of the input file as
 * text; tables travel as SharedArrayBuffers inside the task (never in a transfer list).
 */
export interface ScanTask {
  readonly kind: 'scan';
  readonly text: string;
}

/**
 * Every game spec seen in the slice with its largest heap and its largest heap <= 1e6 (decimal,
 * '-1' when none): small heaps are computed on the fly even when huge ones fail. Bad lines are
 * skipped here; the eval pass reports them.
 */
export interface ScanOutcome {
  readonly kind: 'scan';
  readonly specs: readonly (readonly [spec: string, max: string, maxSmall: string])[];
}

export interface TableRef {
  readonly rules: Rules;
  readonly buffer: SharedArrayBuffer;
  readonly width: Width;
  readonly length: number;
  readonly cert: Periodicity | null;
}

export type BatchFormat = 'jsonl' | 'csv' | 'text';

export interface EvalTask {
  readonly kind: 'eval';
  readonly text: string;
  /** 1-based number of the slice's first line in the file. */
  readonly firstLine: number;
  /**
   * Spec as written -> index into `tables`, the message of why it cannot be evaluated, or
   * deferred: a game graph or 2-D game, whose lines the main thread evaluates (src/play/batch-deferred.ts).
   */
  readonly specs: Readonly<Record<string, number | { readonly error: string } | { readonly deferred: true }>>;
  readonly tables: readonly TableRef[];
  readonly moves: MovesMode;
  readonly limit: number;
  readonly format: BatchFormat;
  /** The store as the caller named it (--db), which a failed line's hint names: its command then writes there. */
  readonly db?: string;
}

export interface LineError {
  readonly line: number;
  readonly message: string;
}

export interface EvalOutcome {
  readonly kind: 'eval';
  /** The formatted results of the slice, in line order. */
  readonly output: string;
  readonly positions: number;
  readonly errors: readonly LineError[];
  /** Lines left to the main thread; each one's result goes at character `at` of `output`. */
  readonly deferred: readonly DeferredLine[];
}

export interface DeferredLine {
  readonly line: number;
  readonly text: string;
  readonly at: number;
}

export type BatchTask = ScanTask | EvalTask;
export type BatchOutcome =
  | ScanOutcome
  | EvalOutcome
  | { readonly kind: 'error'; readonly message: string; readonly exitCode: number };

/** The tasks evaluation sends to the pool (workers/eval.worker.ts). */
export type EvalTasks = { eval: { task: BatchTask; outcome: BatchOutcome } };
