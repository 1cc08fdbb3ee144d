import type { LineGameState } from '../board/line-games.js';
import type { BoardValues } from '../board/table.js';
import type { ErrorOutcome } from '../worker/define-worker.js';
import type { Rules } from '../rules/types.js';

/** A whole n x n table on one worker (workers/board.worker.ts). */
export interface BoardTableTask {
  readonly kind: 'table';
  readonly rules: Rules;
  readonly n: number;
  /** g(0..n-1) of each factor game (products). */
  readonly factors?: readonly ArrayLike<number>[];
}

/** Rows t, t + step, ... of a line game whose state lives in SharedArrayBuffers. */
export interface BoardRowsTask {
  readonly kind: 'rows';
  readonly state: LineGameState;
  /** progress[x]: columns of row x finished (computeRowsPipelined). */
  readonly progress: Int32Array;
  readonly first: number;
  readonly step: number;
}

/** A whole line game on one worker, into `output` (lineValueBytes(n) bytes, the packed upper triangle). */
export interface BoardLineTask {
  readonly kind: 'line';
  readonly n: number;
  readonly diagonal: boolean;
  readonly output: SharedArrayBuffer;
}

export type BoardTask = BoardTableTask | BoardRowsTask | BoardLineTask;

export type BoardOutcome =
  | {
      readonly kind: 'table';
      /** full: g(x, y) at x * n + y; upper: the packed triangle y >= x (symmetric games). */
      readonly layout: 'full' | 'upper';
      readonly values: BoardValues;
      readonly kernel: string;
    }
  | { readonly kind: 'rows' }
  | { readonly kind: 'line'; readonly kernel: string }
  | ErrorOutcome;
