import { frozenSupport } from '../games/registry.js';
import { rowWordsFor, type OrderedShare } from '../kernels/frozen/frozen-kernel.js';
import type { Rules } from '../rules/types.js';
import { costPerValue, FROZEN_WORK_PER_WORKER, GANG_TILE_WORK, GANG_WORK_PER_MEMBER, MAX_CHUNK } from './budget.js';

/**
 * Chunk plans for the frozen-prefix strategy (docs/parallel.md). The ordered finish runs on one
 * worker while the others wait, so the chunk length C is chosen to keep the ordered share of the
 * work near ORDERED_SHARE: C / n of the options touch the chunk for two-heap splits ('linear'),
 * about (2/3) sqrt(C / n) for squares ('sqrt'). With 2 workers that share costs ~5% of the
 * ideal speed-up (1 / (0.05 + 0.95 / 2) = 1.9x).
 */
export const ORDERED_SHARE = 0.05;
/** Below this much work per chunk the task round-trips cost more than the frozen prefix saves. */
const MIN_FROZEN_WORK = 5e5;
const MAX_FROZEN_CHUNK = 1 << 18;

/**
 * The knobs of the plan. Only tests and benchmarks change them (to force the frozen prefix on small
 * tables, or odd chunk lengths); the defaults are the tuned ones.
 */
export interface FrozenTuning {
  /** Target ordered share of the work (sets the chunk length from n). */
  readonly orderedShare: number;
  /** Least estimated work (options visited) per chunk for the frozen prefix to run. */
  readonly minWork: number;
  /** Longest chunk. */
  readonly maxChunk: number;
  /** Run it even where it does not pay (families whose share is 'none' but have a kernel). */
  readonly force?: boolean;
}

export const DEFAULT_FROZEN_TUNING: FrozenTuning = {
  orderedShare: ORDERED_SHARE,
  minWork: MIN_FROZEN_WORK,
  maxChunk: MAX_FROZEN_CHUNK,
};
/** Row scratch cap: rows of wide values (rowWords large) shorten the chunk instead. */
const MAX_ROWS_BYTES = 32 << 20;
/** Values past 2^13 make rows of 1 KiB per heap: the plain kernel is the better tool there. */
export const MAX_ROW_WORDS = 256;
/** Gather tiles per worker: more than one so a worker slowed by a busy machine is not waited on. */
const TILES_PER_WORKER = 2;
const MIN_TILE = 8;

export interface FrozenChunkPlan {
  /** The chunk is [F, hi): its start is the frozen bound of every gather. */
  readonly F: number;
  readonly hi: number;
  readonly rowWords: number;
  /** Gather tiles [lo, hi) covering [F, hi) in order. */
  readonly tiles: readonly (readonly [number, number])[];
}

/**
 * The next frozen-prefix chunk starting at F, ending at or before `limit`, or null when the
 * plain kernel should run this stretch instead (too little work per chunk, or rows too wide).
 */
export function planFrozenChunk(
  rules: Rules,
  share: OrderedShare,
  F: number,
  limit: number,
  workers: number,
  maxBefore: number,
  tuning: FrozenTuning = DEFAULT_FROZEN_TUNING,
): FrozenChunkPlan | null {
  if (share === 'none' || limit <= F) return null;
  if (rowWordsFor(maxBefore) > MAX_ROW_WORDS) return null;
  const rowWords = frozenSupport(rules)?.rowWords(maxBefore) ?? rowWordsFor(maxBefore);
  const cost = Math.max(1, costPerValue(rules, F));
  const f = tuning.orderedShare;
  const byShare = share === 'linear' ? f * F : (1.5 * f) ** 2 * F;
  const byWork = (FROZEN_WORK_PER_WORKER * workers) / cost;
  const byRows = MAX_ROWS_BYTES / (rowWords * 4);
  const len = Math.floor(Math.min(byShare, byWork, byRows, tuning.maxChunk));
  if (len < 1 || len * cost < tuning.minWork) return null;
  const hi = Math.min(limit, F + len);
  const count = Math.max(1, Math.min(workers * TILES_PER_WORKER, Math.floor((hi - F) / MIN_TILE)));
  const tiles: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const s = F + Math.floor(((hi - F) * i) / count);
    const e = F + Math.floor(((hi - F) * (i + 1)) / count);
    if (e > s) tiles.push([s, e]);
  }
  return { F, hi, rowWords, tiles };
}

export interface FrozenGangPlan {
  /** The chunk [lo, hi), one gang run. */
  readonly lo: number;
  readonly hi: number;
  readonly rowWords: number;
  /** Heaps a tile: a member gathers and finishes one at a time. */
  readonly tile: number;
}

/**
 * The next frozen-prefix chunk for a gang of `members` (src/gang/), or null where the pool plan
 * would not run the frozen prefix either. A tile is about GANG_TILE_WORK; the window a finish
 * adds options from (F is members - 1 tiles back) is at most half the pool plan's chunk, so the
 * ordered share stays below the pool's. The chunk is about GANG_WORK_PER_MEMBER a member.
 */
export function planFrozenGang(
  rules: Rules,
  share: OrderedShare,
  lo: number,
  limit: number,
  members: number,
  maxBefore: number,
  tuning: FrozenTuning = DEFAULT_FROZEN_TUNING,
): FrozenGangPlan | null {
  // The pool's chunk length, not cut short by `limit`, sets the window.
  const pool = planFrozenChunk(rules, share, lo, Infinity, members, maxBefore, tuning);
  if (!pool || limit <= lo) return null;
  const cost = Math.max(1, costPerValue(rules, lo));
  const byRows = MAX_ROWS_BYTES / members / (pool.rowWords * 4);
  const window = Math.floor((pool.hi - lo) / (2 * members));
  const tile = Math.max(1, Math.floor(Math.min(GANG_TILE_WORK / cost, window, byRows)));
  const len = Math.min(MAX_CHUNK, tuning.maxChunk, Math.max(tile, (GANG_WORK_PER_MEMBER * members) / cost));
  return { lo, hi: Math.min(limit, lo + Math.floor(len)), rowWords: pool.rowWords, tile };
}
