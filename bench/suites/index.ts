import type { Workload } from '../workload.js';
import { END_TO_END_WORKLOADS } from './end-to-end.js';
import { INFINITE_SUBTRACTION_WORKLOADS, SUBTRACTION_WORKLOADS } from './subtraction.js';
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
  ...END_TO_END_WORKLOADS,
];

export function suiteNames(): string[] {
  return [...new Set(WORKLOADS.map((w) => w.suite))];
}
