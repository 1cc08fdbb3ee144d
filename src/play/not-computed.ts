import { NotComputedError } from '../errors.js';
import { proofCriterion } from '../games/registry.js';
import type { Rules } from '../rules/types.js';

/** A heap beyond what is stored: exit 3 with the `grundy compute` command that fixes it. */
export function notComputed(rules: Rules, spec: string, heap: bigint, stored: number): NotComputedError {
  const quoted = /^[\w.:,@#/+-]+$/.test(spec) ? spec : `'${spec.replace(/'/g, "'\\''")}'`;
  const have =
    stored > 0 ? `${rules.key} has ${stored} stored values and no proven period` : `${rules.key} is not stored`;
  const fix = proofCriterion(rules)
    ? `grundy compute ${quoted} --until-proven`
    : heap < 2n ** 31n - 1n
      ? `grundy compute ${quoted} --to ${heap + 1n}`
      : null;
  return new NotComputedError(
    `heap ${heap} of ${spec}: ${have}; ` +
      `${fix ? `run: ${fix}` : 'heaps beyond 2^31 need a proven period, which this game has no criterion for'}`,
  );
}
