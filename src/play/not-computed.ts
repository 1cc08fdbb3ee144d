import { type ComputeHint, NotComputedError } from '../errors.js';
import { MAX_HEAP, MAX_WHOLE_TABLE } from '../engine/planner.js';
import { knownResult } from '../games/known.js';
import { proofCriterion, sparseShape } from '../games/registry.js';
import type { Rules } from '../rules/types.js';

/**
 * What to compute so that `heap` of `rules` is known: until the period is proven where a
 * criterion can prove one, else the table to the heap where a table reaches it (a sparse-space
 * game's goes on to 2^32 values in a window, any other's to 2^31 - 1); null when neither can. A
 * game the literature knows as open (Officers, searched past 10^14 heaps) gets the table where
 * it reaches: --until-proven would run to its limit and stop there with no period.
 */
export function computeHint(rules: Rules, spec: string, heap: bigint): ComputeHint | null {
  const reachable = heap < tableEnd(rules);
  const provable = proofCriterion(rules) !== null;
  if (provable && !(reachable && knownResult(rules.key)?.status === 'open')) return { game: spec, untilProven: true };
  return reachable ? { game: spec, to: Number(heap) + 1 } : null;
}

/** A heap beyond what is stored: exit 3, with what to compute (computeHint) when a table would do. */
export function notComputed(rules: Rules, spec: string, heap: bigint, stored: number): NotComputedError {
  const have =
    stored > 0 ? `${rules.key} has ${stored} stored values and no proven period` : `${rules.key} is not stored`;
  const missing = `heap ${heap} of ${spec}: ${have}`;
  const hint = computeHint(rules, spec, heap);
  if (hint !== null) return new NotComputedError(missing, hint);
  return new NotComputedError(
    `${missing}; heaps from ${tableEnd(rules)} on need a proven period, which this game has no criterion for`,
  );
}

/** The first heap past the largest table of `rules` (engine/planner.ts: kept in a window, or whole). */
function tableEnd(rules: Rules): bigint {
  return BigInt(sparseShape(rules) !== null ? MAX_HEAP : MAX_WHOLE_TABLE);
}
