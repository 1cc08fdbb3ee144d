import { parseBytes } from '../durations.js';
import { UsageError } from '../errors.js';
import { availableMemory } from '../memory.js';

/** The most values a table may have: a sparse-space run kept in a window (engine/sparse-window.ts) goes this far. */
export const MAX_HEAP = 2 ** 32;
/** The most values a table kept whole may have: its kernels index heaps with int32 arithmetic. */
export const MAX_WHOLE_TABLE = 2 ** 31 - 1;
/**
 * Refuse, before allocating anything, a table that would not fit in memory: one byte per value
 * at least, plus four per value of periodicity scratch.
 */
export function checkTableFits(to: number, memoryBytes = memoryBudget()): void {
  if (to > MAX_WHOLE_TABLE)
    throw new UsageError(
      `--to ${to} is past the ${MAX_WHOLE_TABLE} values a table kept whole may have: only a sparse-space game ` +
        `(an octal code with two-heap splits, Grundy's game) goes on to 2^32 = ${MAX_HEAP}, in a window ` +
        `(without --until-proven); use --to ${MAX_WHOLE_TABLE} or less`,
    );
  const bytesPerValue = 5;
  const budget = Math.floor((memoryBytes * 0.75) / bytesPerValue);
  const largest = Math.min(MAX_WHOLE_TABLE, budget);
  if (to > largest) {
    throw new UsageError(
      `--to ${to} would not fit: the largest table this machine can hold is ${largest} values (use --to ` +
        `${largest} or less)`,
    );
  }
}

/** The machine's memory (or the container's limit), or less with GRUNDY_MAX_MEMORY (e.g. 2G) on a shared machine. */
export function memoryBudget(): number {
  const cap = process.env.GRUNDY_MAX_MEMORY;
  const memory = availableMemory();
  return cap ? Math.min(memory, parseBytes(cap, 'GRUNDY_MAX_MEMORY')) : memory;
}

/** When to check periodicity next: every 1/16 growth, so --until-proven overshoots by at most ~6%. */
export function nextCheckAt(L: number): number {
  return Math.max(L + 64, Math.ceil(L * 1.0625));
}

/**
 * The periodicity check points of a compute: nextCheckAt from 0 on, the same whatever the
 * chunks (so a run stops at the same n however its chunks fell). The first one past L.
 */
export function checkPointAfter(L: number): number {
  let c = nextCheckAt(0);
  while (c <= L) c = nextCheckAt(c);
  return c;
}

/** The last check point at or below L (L itself when none is: nothing to cut at). */
export function checkPointAtMost(L: number): number {
  let c = nextCheckAt(0);
  if (c > L) return L;
  for (let d = nextCheckAt(c); d <= L; d = nextCheckAt(d)) c = d;
  return c;
}
