import { allButKernel } from '../kernels/all-but.js';
import { allButMoves, tableHeap } from './heap-moves.js';
import { UsageError } from '../errors.js';
import type { AllButRules } from '../rules/types.js';
import { defineFamily } from './family.js';
import { parseIntegerList } from './spec-text.js';

/** Remove any positive number of tokens except the excluded amounts; values grow (a saltus). */
export const allBut = defineFamily<AllButRules>({
  id: 'allbut',
  kind: 'heap',
  syntax: ['allbut:1,2'],
  prefixes: ['allbut'],
  parse(body, spec) {
    // 'allbut:' would be nim under another name, most likely a list left out: say what to write.
    if (body === '') throw new UsageError(`'${spec}' excludes no amount; write allbut:1,2 (or nim to exclude none)`);
    return allButRules(parseIntegerList(body, spec, 'excluded amount'));
  },
  describe: (rules) => `all-but subtraction game: remove any positive number except ${rules.excluded.join(', ')}`,
  *options(rules, n) {
    for (let s = 1; s <= n; s++) if (!rules.excluded.includes(s)) yield s === n ? [] : [n - s];
  },
  cost: (rules) => 1 + rules.excluded.length,
  chunksGrowWithPrefix: true,
  plain: (rules) => allButKernel(rules.excluded),
  criterion: () => null,
  arithmetic: true,
  moves: ({ rules, values, n, target }) => allButMoves(values, tableHeap(values, n), target, new Set(rules.excluded)),
  sweep: 'sets',
  sets: { of: (rules) => rules.excluded, rules: (set) => allButRules(set), noun: 'all-but games excluding sets' },
});

/** The all-but game excluding a sorted, de-duplicated, non-empty set of amounts. */
export function allButRules(excluded: readonly number[]): AllButRules {
  return { family: 'allbut', key: `allbut:${excluded.join(',')}`, excluded };
}
