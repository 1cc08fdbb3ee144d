import { NotComputedError } from '../errors.js';
import { proofCriterion, sparseShape } from '../games/registry.js';
import type { Rules } from '../rules/types.js';

/** A heap beyond what is stored: exit 3, with what to compute (until proven, or to the heap) when a table would do. */
export function notComputed(rules: Rules, spec: string, heap: bigint, stored: number): NotComputedError {
  const have =
    stored > 0 ? `${rules.key} has ${stored} stored values and no proven period` : `${rules.key} is not stored`;
  const missing = `heap ${heap} of ${spec}: ${have}`;
  if (proofCriterion(rules)) return new NotComputedError(missing, { game: spec, untilProven: true });
  // A sparse-space game's table goes on to 2^32 values in a window; any other's to 2^31 - 1.
  const most = sparseShape(rules) !== null ? 2n ** 32n : 2n ** 31n - 1n;
  if (heap < most) return new NotComputedError(missing, { game: spec, to: Number(heap) + 1 });
  return new NotComputedError(
    `${missing}; heaps from ${most} on need a proven period, which this game has no criterion for`,
  );
}
