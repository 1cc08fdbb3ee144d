import { NotComputedError } from '../errors.js';
import { proofCriterion } from '../games/registry.js';
import type { Rules } from '../rules/types.js';

/** A heap beyond what is stored: exit 3, with what to compute (until proven, or to the heap) when a table would do. */
export function notComputed(rules: Rules, spec: string, heap: bigint, stored: number): NotComputedError {
  const have =
    stored > 0 ? `${rules.key} has ${stored} stored values and no proven period` : `${rules.key} is not stored`;
  const missing = `heap ${heap} of ${spec}: ${have}`;
  if (proofCriterion(rules)) return new NotComputedError(missing, { game: spec, untilProven: true });
  if (heap < 2n ** 31n - 1n) return new NotComputedError(missing, { game: spec, to: Number(heap) + 1 });
  return new NotComputedError(
    `${missing}; heaps beyond 2^31 need a proven period, which this game has no criterion for`,
  );
}
