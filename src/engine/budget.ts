import { heapFamily, tableFamily } from '../games/registry.js';
import type { Rules } from '../rules/types.js';

/**
 * One work budget for every chunk the engine plans: large enough to amortise a task round trip
 * (and a SQLite commit), small enough for live progress and a short loss on a crash. Every
 * strategy sizes its chunks from these constants and a family's cost per value.
 */
export const WORK_PER_CHUNK = 3e7;
export const MIN_CHUNK = 64;
export const MAX_CHUNK = 1 << 20;
/** Sparse chunks start longer: each one revises the mask and ships the rare list. */
export const MIN_SPARSE_CHUNK = 256;
/** A frozen-prefix chunk's work per worker: enough to amortise its two phases. */
export const FROZEN_WORK_PER_WORKER = 5 * WORK_PER_CHUNK;
/** A gang chunk's work per member: about half a second, so the gang starts rarely. */
export const GANG_WORK_PER_MEMBER = 5e8;
/** A frozen-prefix gang tile's work: ~10 ms, so a hand-over (tens of µs) costs under 1%. */
export const GANG_TILE_WORK = 1e7;

/** Rough operations to compute the value of position n: the options a kernel visits. */
export function costPerValue(rules: Rules, n: number): number {
  return Math.max(1, tableFamily(rules).cost(rules, n));
}

/**
 * The end of the next plain chunk starting at lo, never past `limit`. The length doubles while
 * the chunk's work, estimated at its most expensive (last) position, stays within the budget,
 * so a quadratic family does not get one huge first chunk. Count kernels rebuild their value
 * histogram from the prefix on every chunk, so their chunks also grow with lo.
 */
export function nextChunkEnd(rules: Rules, lo: number, limit: number): number {
  let len = MIN_CHUNK;
  while (len < MAX_CHUNK && 2 * len * costPerValue(rules, lo + 2 * len) <= WORK_PER_CHUNK) len *= 2;
  if (heapFamily(rules)?.chunksGrowWithPrefix) len = Math.min(MAX_CHUNK, Math.max(len, lo));
  return Math.min(limit, lo + len);
}

/** A chunk of about `work` operations at `perValue` each, within [minLength, MAX_CHUNK]. */
export function chunkLength(perValue: number, work = WORK_PER_CHUNK, minLength = MIN_CHUNK): number {
  return Math.min(MAX_CHUNK, Math.max(minLength, Math.floor(work / Math.max(1e-9, perValue))));
}
