import type { Rules } from '../rules/types.js';
import { allButKernel } from './all-but.js';
import { customKernel } from './custom.js';
import { grundySplitKernel } from './grundy-split.js';
import { infiniteSubtractionKernel } from './infinite-subtraction.js';
import type { OptionsFunction, RangeKernel } from './kernel.js';
import { subtractionKernel } from './subtraction.js';
import { takeBreakKernel } from './take-break.js';

/** The plain range kernel of a family. Custom modules need their loaded `options` function. */
export function createKernel(rules: Rules, options?: OptionsFunction): RangeKernel {
  switch (rules.family) {
    case 'nim':
      return allButKernel([]);
    case 'allbut':
      return allButKernel(rules.excluded);
    case 'sub':
      return subtractionKernel(rules.set);
    case 'subinf':
      return infiniteSubtractionKernel(rules.name);
    case 'octal':
      return takeBreakKernel(rules.digits);
    case 'grundy':
      return grundySplitKernel();
    case 'module':
      if (!options) throw new Error(`custom rules ${rules.key} need their options function loaded`);
      return customKernel(options, rules.path);
  }
}

export type { OptionsFunction, RangeKernel, RangeOutcome } from './kernel.js';
