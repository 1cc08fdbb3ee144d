import { takeBreakMoves, takeBreakOptions } from '../rules/take-break.js';
import { heapMapPeriod, type HeapMapPeriod } from './quotient-period.js';
import { QuotientBuilder, QuotientLimitError } from './quotient.js';

/**
 * One code's quotient on a pool thread (workers/quotient.worker.ts), for surveys of many codes:
 * the quotient of heaps 1..heaps, stopping at a proven period or a limit. Only the figures cross
 * back, not the monoid.
 */
export interface QuotientTask {
  /** Digits d0, d1, ... of a finite take-and-break code. */
  readonly digits: readonly number[];
  readonly heaps: number;
  readonly maxMillis: number;
  readonly maxOrder: number;
}

export interface QuotientTaskOutcome {
  /** The quotient of heaps 1..heaps (0: not even heap 1 finished). */
  readonly heaps: number;
  readonly order: number;
  readonly pSize: number;
  readonly period: HeapMapPeriod | null;
  readonly stopped: string | null;
  readonly ms: number;
}

export type QuotientTasks = { quotient: { task: QuotientTask; outcome: QuotientTaskOutcome } };

export function solveQuotientTask(task: QuotientTask): QuotientTaskOutcome {
  const started = performance.now();
  const moves = takeBreakMoves(task.digits);
  const bound = { k: moves.maxRemove, h: moves.maxHeaps };
  const builder = new QuotientBuilder((n) => takeBreakOptions(task.digits, undefined, n), {
    maxMillis: task.maxMillis,
    maxOrder: task.maxOrder,
  });
  let result: Omit<QuotientTaskOutcome, 'ms' | 'stopped'> = { heaps: 0, order: 0, pSize: 0, period: null };
  let stopped: string | null = null;
  while (builder.heaps < task.heaps) {
    try {
      const q = builder.next();
      const period = heapMapPeriod(q.phi, bound);
      result = { heaps: q.heaps, order: q.order, pSize: q.isP.reduce((s, p) => s + p, 0), period };
      if (period?.proven) break;
    } catch (err) {
      if (!(err instanceof QuotientLimitError)) throw err;
      stopped = err.message;
      break;
    }
  }
  return { ...result, stopped, ms: performance.now() - started };
}
