import type { Workload } from '../workload.js';
import { BOARD_WORKLOADS } from './board.js';
import { COUNT_WORKLOADS } from './count.js';
import { END_TO_END_WORKLOADS } from './end-to-end.js';
import { EVAL_WORKLOADS } from './eval.js';
import { GRAPH_WORKLOADS } from './graph.js';
import { INFINITE_SUBTRACTION_WORKLOADS, SUBTRACTION_WORKLOADS } from './subtraction.js';
import { SWEEP_WORKLOADS } from './sweep.js';
import { SPARSE_WORKLOADS } from './sparse.js';
import { GRUNDY_WORKLOADS, TAKE_BREAK_WORKLOADS } from './take-break.js';

/**
 * Every registered workload, in the order the standard suite runs them. Adding a workload is
 * one entry in a suite file; adding a suite is one line here.
 */
export const WORKLOADS: readonly Workload[] = [
  ...SUBTRACTION_WORKLOADS,
  ...INFINITE_SUBTRACTION_WORKLOADS,
  ...TAKE_BREAK_WORKLOADS,
  ...GRUNDY_WORKLOADS,
  ...SPARSE_WORKLOADS.filter((w) => w.suite === 'sparse'),
  ...EVAL_WORKLOADS,
  ...COUNT_WORKLOADS,
  ...SWEEP_WORKLOADS,
  ...BOARD_WORKLOADS,
  ...END_TO_END_WORKLOADS,
  ...GRAPH_WORKLOADS,
  ...SPARSE_WORKLOADS.filter((w) => w.suite === 'end-to-end'),
];

export function suiteNames(): string[] {
  return [...new Set(WORKLOADS.map((w) => w.suite))];
}
