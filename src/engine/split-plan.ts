import { splitSupport } from '../games/registry.js';
import { rowWordsFor, type OrderedShare } from '../kernels/split/split-kernel.js';
import type { Rules } from '../rules/types.js';
import { costPerValue, SPLIT_WORK_PER_WORKER } from './budget.js';

/**
 * Chunk plans for the frozen-prefix split (DESIGN.md "Runtimes"). The ordered finish runs on one
 * worker while the others wait, so the chunk length C is chosen to keep the ordered share of the
 * work near ORDERED_SHARE: C / n of the options touch the chunk for two-heap splits ('linear'),
 * about (2/3) sqrt(C / n) for squares ('sqrt'). With 2 workers that share costs ~5% of the
 * ideal speed-up (1 / (0.05 + 0.95 / 2) = 1.9x).
 */
export const ORDERED_SHARE = 0.05;
/** Below this much work per chunk the task round-trips cost more than the split saves. */
const MIN_SPLIT_WORK = 5e5;
const MAX_SPLIT_CHUNK = 1 << 18;

/**
 * The knobs of the plan. Only tests and benchmarks change them (to force the split on small
 * tables, or odd chunk lengths); the defaults are the tuned ones.
 */
export interface SplitTuning {
  /** Target ordered share of the work (sets the chunk length from n). */
  readonly orderedShare: number;
  /** Least estimated work (options visited) per chunk for the split to run. */
  readonly minWork: number;
  /** Longest chunk. */
  readonly maxChunk: number;
  /** Split even where it does not pay (families whose share is 'none' but have a kernel). */
  readonly force?: boolean;
}

export const DEFAULT_SPLIT_TUNING: SplitTuning = {
  orderedShare: ORDERED_SHARE,
  minWork: MIN_SPLIT_WORK,
  maxChunk: MAX_SPLIT_CHUNK,
};
/** Row scratch cap: rows of wide values (rowWords large) shorten the chunk instead. */
const MAX_ROWS_BYTES = 32 << 20;
/** Values past 2^13 make rows of 1 KiB per heap: the plain kernel is the better tool there. */
export const MAX_ROW_WORDS = 256;
/** Gather slices per worker: more than one so a worker slowed by a busy machine is not waited on. */
const SLICES_PER_WORKER = 2;
const MIN_SLICE = 8;

export interface SplitChunkPlan {
  readonly a: number;
  readonly b: number;
  readonly rowWords: number;
  /** Gather slices [lo, hi) covering [a, b) in order. */
  readonly slices: readonly (readonly [number, number])[];
}

/**
 * The next frozen-prefix chunk starting at a, ending at or before `limit`, or null when the
 * plain kernel should run this stretch instead (too little work per chunk, or rows too wide).
 */
export function planSplitChunk(
  rules: Rules,
  share: OrderedShare,
  a: number,
  limit: number,
  workers: number,
  maxBefore: number,
  tuning: SplitTuning = DEFAULT_SPLIT_TUNING,
): SplitChunkPlan | null {
  if (share === 'none' || limit <= a) return null;
  if (rowWordsFor(maxBefore) > MAX_ROW_WORDS) return null;
  const rowWords = splitSupport(rules)?.rowWords(maxBefore) ?? rowWordsFor(maxBefore);
  const cost = Math.max(1, costPerValue(rules, a));
  const f = tuning.orderedShare;
  const byShare = share === 'linear' ? f * a : (1.5 * f) ** 2 * a;
  const byWork = (SPLIT_WORK_PER_WORKER * workers) / cost;
  const byRows = MAX_ROWS_BYTES / (rowWords * 4);
  const len = Math.floor(Math.min(byShare, byWork, byRows, tuning.maxChunk));
  if (len < 1 || len * cost < tuning.minWork) return null;
  const b = Math.min(limit, a + len);
  const count = Math.max(1, Math.min(workers * SLICES_PER_WORKER, Math.floor((b - a) / MIN_SLICE)));
  const slices: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const lo = a + Math.floor(((b - a) * i) / count);
    const hi = a + Math.floor(((b - a) * (i + 1)) / count);
    if (hi > lo) slices.push([lo, hi]);
  }
  return { a, b, rowWords, slices };
}
