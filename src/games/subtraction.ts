import { UsageError } from '../errors.js';
import { subtractionKernel } from '../kernels/subtraction.js';
import { subtractionMoves } from './heap-moves.js';
import {
  INFINITE_SETS,
  type InfiniteSetName,
  type InfiniteSubtractionRules,
  type SubtractionRules,
} from '../rules/types.js';
import { defineFamily } from './family.js';
import { parseIntegerList, removals } from './spec-text.js';

/** A finite subtraction set: remove s tokens for any s in S. Solved by its proven period. */
export const subtraction = defineFamily<SubtractionRules>({
  id: 'sub',
  kind: 'heap',
  syntax: ['sub:1,3,4'],
  prefixes: ['sub'],
  parse(body, spec) {
    const lower = body.toLowerCase();
    if ((INFINITE_SETS as readonly string[]).includes(lower)) {
      const name = lower as InfiniteSetName;
      return { family: 'subinf', key: `sub:${name}`, name } satisfies InfiniteSubtractionRules;
    }
    if (body === '')
      throw new UsageError(`'${spec}' has an empty subtraction set; write e.g. sub:1,3,4 or sub:squares`);
    return subtractionRules(parseIntegerList(body, spec, 'subtraction amount'));
  },
  describe: (rules) => `subtraction game S = {${rules.set.join(', ')}}`,
  options: (rules, n) => removals(n, rules.set),
  cost: (rules) => rules.set.length,
  plain: (rules) => subtractionKernel(rules.set),
  criterion(rules) {
    const k = rules.set[rules.set.length - 1] ?? 0;
    return { kind: 'window', k, label: `finite subtraction window (k=${k})` };
  },
  moves: ({ rules, values, n, target }) => subtractionMoves(values, n, target, rules.set),
  sweep: 'sets',
  sets: { of: (rules) => rules.set, rules: (set) => subtractionRules(set), noun: 'subtraction sets', window: true },
});

/** The rules of the subtraction game on a sorted, de-duplicated set of positive amounts. */
export function subtractionRules(set: readonly number[]): SubtractionRules {
  return { family: 'sub', key: `sub:${set.join(',')}`, set };
}
