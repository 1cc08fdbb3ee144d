import { parseBytes } from '../durations.js';
import { UsageError } from '../errors.js';
import { availableMemory } from '../memory.js';
import { takeBreakMoves } from '../rules/take-break.js';
import type { Rules } from '../rules/types.js';

/** Kernels index heaps with int32 arithmetic. */
export const MAX_HEAP = 2 ** 31 - 1;
/** Work per chunk: large enough to amortise a task round-trip, small enough for live progress. */
const TARGET_OPS_PER_CHUNK = 3e7;
const MIN_CHUNK = 64;
const MAX_CHUNK = 1 << 20;

/** Rough operations to compute g(n): the number of options a kernel visits. */
export function costPerValue(rules: Rules, n: number): number {
  const m = Math.max(2, n);
  switch (rules.family) {
    case 'nim':
      return 1;
    case 'allbut':
      return 1 + rules.excluded.length;
    case 'sub':
      return rules.set.length;
    case 'subinf':
      switch (rules.name) {
        case 'squares':
          return Math.sqrt(m);
        case 'cubes':
          return Math.cbrt(m);
        case 'powers2':
        case 'fibonacci':
          return 1.5 * Math.log2(m);
        case 'primes':
          return m / Math.log(m);
        case 'triangular':
          return Math.sqrt(2 * m);
      }
      break;
    case 'octal': {
      const moves = takeBreakMoves(rules.digits);
      return 1 + moves.leaveOne.length + (moves.leaveTwo.length * m) / 2 + (moves.leaveThree.length * m * m) / 12;
    }
    case 'grundy':
      return m / 2;
    case 'module':
      return 64;
  }
  return 1;
}

/**
 * The end of the next chunk starting at lo, never past `limit`. The length doubles while the
 * chunk's work, estimated at its most expensive (last) heap, stays within the target, so a
 * quadratic family does not get one huge first chunk. The count-based all-but kernel rebuilds
 * its value histogram from the prefix on every chunk, so its chunks also grow with lo.
 */
export function nextChunkEnd(rules: Rules, lo: number, limit: number): number {
  let len = MIN_CHUNK;
  while (len < MAX_CHUNK && 2 * len * costPerValue(rules, lo + 2 * len) <= TARGET_OPS_PER_CHUNK) len *= 2;
  if (rules.family === 'nim' || rules.family === 'allbut') len = Math.min(MAX_CHUNK, Math.max(len, lo));
  return Math.min(limit, lo + len);
}

/**
 * Refuse, before allocating anything, a table that would not fit in memory: one byte per value
 * at least, plus four per value of periodicity scratch.
 */
export function checkTableFits(to: number, memoryBytes = memoryBudget()): void {
  const bytesPerValue = 5;
  const budget = Math.floor((memoryBytes * 0.75) / bytesPerValue);
  const largest = Math.min(MAX_HEAP, budget);
  if (to > largest) {
    throw new UsageError(`--to ${to} would not fit: the largest table this machine can hold is ${largest} values (use --to ${largest} or less)`);
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
