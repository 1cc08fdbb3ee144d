import { UsageError } from '../errors.js';
import { subtractionKernel } from '../kernels/subtraction.js';
import { subtractionMoves } from './heap-moves.js';
import {
  INFINITE_SETS,
  type InfiniteSetName,
  type InfiniteSubtractionRules,
  type SubtractionIntervalRules,
  type SubtractionRules,
} from '../rules/types.js';
import { defineFamily } from './family.js';
import { MAX_ELEMENT, removals } from './spec-text.js';
import { intervalClosedForm } from './sub-interval.js';
import {
  expandable,
  expandRuns,
  formatRuns,
  LISTED_KEY_MAX,
  MAX_EXPANDED,
  parseRuns,
  runsCount,
  runsOf,
} from './sub-sets.js';
import { intervalKernel } from '../kernels/sub-interval.js';

/** A finite subtraction set: remove s tokens for any s in S. Solved by its proven period. */
export const subtraction = defineFamily<SubtractionRules>({
  id: 'sub',
  kind: 'heap',
  syntax: ['sub:1,3,4', 'sub:1..3,7'],
  prefixes: ['sub'],
  parse(body, spec) {
    const lower = body.toLowerCase();
    if ((INFINITE_SETS as readonly string[]).includes(lower)) {
      const name = lower as InfiniteSetName;
      return { family: 'subinf', key: `sub:${name}`, name } satisfies InfiniteSubtractionRules;
    }
    if (body === '')
      throw new UsageError(`'${spec}' has an empty subtraction set; write e.g. sub:1,3,4 or sub:squares`);
    const runs = parseRuns(body, spec);
    if (expandable(runs)) return subtractionRules(expandRuns(runs));
    const [only] = runs;
    if (only && runs.length === 1) {
      const key = `sub:${formatRuns(runs)}`;
      return { family: 'subint', key, lo: `${only[0]}`, hi: `${only[1]}` } satisfies SubtractionIntervalRules;
    }
    const largest = runs[runs.length - 1]![1];
    throw new UsageError(
      `'${spec}' is too large to compute: ${runsCount(runs)} amounts up to ${largest}; supported are one interval ` +
        `sub:L..R of any size (R <= 10^18) and sets of at most ${MAX_EXPANDED} amounts, each <= ${MAX_ELEMENT}`,
    );
  },
  describe: (rules) => {
    const listed = rules.set.length > LISTED_KEY_MAX ? formatRuns(runsOf(rules.set)) : rules.set.join(', ');
    return `subtraction game S = {${listed}}`;
  },
  options: (rules, n) => removals(n, rules.set),
  cost: (rules) => (contiguous(rules.set) ? 1 : rules.set.length),
  plain: (rules) => {
    const first = rules.set[0];
    const last = rules.set[rules.set.length - 1];
    return first !== undefined && last !== undefined && contiguous(rules.set)
      ? intervalKernel(BigInt(first), BigInt(last))
      : subtractionKernel(rules.set);
  },
  closedForm: (rules) => {
    const first = rules.set[0];
    const last = rules.set[rules.set.length - 1];
    return first !== undefined && last !== undefined && contiguous(rules.set)
      ? intervalClosedForm(BigInt(first), BigInt(last))
      : null;
  },
  criterion(rules) {
    const k = rules.set[rules.set.length - 1] ?? 0;
    return { kind: 'window', k, label: `finite subtraction window (k=${k})` };
  },
  moves: ({ rules, values, n, target }) => subtractionMoves(values, n, target, rules.set),
  sweep: 'sets',
  sets: { of: (rules) => rules.set, rules: (set) => subtractionRules(set), noun: 'subtraction sets', window: true },
});

/**
 * The rules of the subtraction game on a sorted, de-duplicated set of positive amounts. The key
 * lists every amount up to LISTED_KEY_MAX of them (sub:1,2,3 whether typed so or as sub:1..3);
 * a longer set writes its runs (sub:1..100,200).
 */
export function subtractionRules(set: readonly number[]): SubtractionRules {
  const body = set.length > LISTED_KEY_MAX ? formatRuns(runsOf(set)) : set.join(',');
  return { family: 'sub', key: `sub:${body}`, set };
}

/** S = {L, L+1, ..., R}: one interval, whose values have a closed form. */
function contiguous(set: readonly number[]): boolean {
  return set.length > 0 && set[set.length - 1]! - set[0]! + 1 === set.length;
}
