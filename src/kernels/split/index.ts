import type { Rules } from '../../rules/types.js';
import { takeBreakMoves } from '../../rules/take-break.js';
import type { OptionsFunction } from '../kernel.js';
import { customSplitKernel } from './custom.js';
import { grundySplitKernel } from './grundy.js';
import { takeBreakSplitKernel } from './take-break.js';
import { infiniteSubtractionSplitKernel } from './infinite-subtraction.js';
import { rowWordsFor, type OrderedShare, type SplitKernel } from './split-kernel.js';
import { BYTE_ROW_SCALE } from './infinite-subtraction.js';

/**
 * How the ordered (in-chunk) share of the work grows with the chunk length C at heap n, per
 * family; 'none' means the frozen-prefix split does not pay and the plain kernel runs:
 *  - 'linear': two- and three-heap splits, primes, custom modules: about C / n of the options
 *    touch the chunk;
 *  - 'sqrt': squares and triangular numbers: about sqrt(C / n);
 *  - 'none': finite subtraction sets (solved by their period), nim and all-but (count kernels,
 *    O(|X|) per heap), split-free codes, and sparse sets (cubes, powers of two, Fibonacci) whose
 *    few options per heap do not pay for a task round-trip.
 */
export function orderedShare(rules: Rules): OrderedShare {
  switch (rules.family) {
    case 'grundy':
    case 'module':
      return 'linear';
    case 'octal':
      return hasSplitKernel(rules) ? 'linear' : 'none';
    case 'subinf':
      switch (rules.name) {
        case 'primes':
          return 'linear';
        case 'squares':
        case 'triangular':
          return 'sqrt';
        default:
          return 'none';
      }
    default:
      return 'none';
  }
}

/**
 * True when the family has a gather/finish kernel: every rule whose options are smaller heaps
 * and whose values are not count-based. Whether the split pays is orderedShare's question.
 */
export function hasSplitKernel(rules: Rules): boolean {
  switch (rules.family) {
    case 'grundy':
    case 'module':
    case 'subinf':
      return true;
    case 'octal':
      return takeBreakMoves(rules.digits).leaveTwo.length + takeBreakMoves(rules.digits).leaveThree.length > 0;
    default:
      return false;
  }
}

/**
 * Int32 words of row scratch per heap for the family's split kernel (its rowWords): infinite
 * subtraction sets keep a byte per value (BYTE_ROW_SCALE times a bit row), the others a bit.
 */
export function splitRowWords(rules: Rules, maxValue: number): number {
  return rules.family === 'subinf' ? BYTE_ROW_SCALE * rowWordsFor(maxValue) : rowWordsFor(maxValue);
}

/** The gather/finish kernel of a family, or null when the family has none. */
export function createSplitKernel(rules: Rules, options?: OptionsFunction): SplitKernel | null {
  if (!hasSplitKernel(rules)) return null;
  switch (rules.family) {
    case 'grundy':
      return grundySplitKernel();
    case 'octal':
      return takeBreakSplitKernel(rules.digits);
    case 'subinf':
      return infiniteSubtractionSplitKernel(rules.name);
    case 'module':
      if (!options) throw new Error(`custom rules ${rules.key} need their options function loaded`);
      return customSplitKernel(options, rules.path);
    default:
      return null;
  }
}

export { RowMex, rowWordsFor, valueBits, type OrderedShare, type SplitKernel } from './split-kernel.js';
