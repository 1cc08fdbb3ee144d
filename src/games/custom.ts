import { basename } from 'node:path';
import { loadOptions } from './custom-module.js';
import { customKernel, heapsOf, iterateOptions } from '../kernels/custom.js';
import type { OptionsFunction } from '../kernels/kernel.js';
import { customFrozenKernel } from '../kernels/frozen/custom.js';
import { rowWordsFor } from '../kernels/frozen/frozen-kernel.js';
import { moduleMoves, tableHeap } from './heap-moves.js';
import type { CustomRules } from '../rules/types.js';
import { defineFamily } from './family.js';
import { readModuleFile } from './spec-text.js';
import { sha256Hash } from '../sha256.js';

/** Custom rules: a JavaScript module exporting options(n), which yields heap tuples. */
export const custom = defineFamily<CustomRules>({
  id: 'module',
  kind: 'heap',
  syntax: ['module:./rules.js'],
  prefixes: ['module'],
  readsFiles: true,
  parse(body, spec, { cwd }) {
    const { path, content } = readModuleFile(body, spec, cwd, 'module:./path/rules.js', 'custom rules module');
    // The key carries the content hash: an edited module is a different game, a new table.
    const hash = sha256Hash().update(content).digest('hex').slice(0, 16);
    return { family: 'module', key: `module:${basename(path)}#${hash}`, path, hash } satisfies CustomRules;
  },
  describe: (rules) => `custom rules from ${rules.path}`,
  *options(rules, n, loaded) {
    for (const tuple of iterateOptions(need(rules, loaded)(n), rules.path, n)) yield heapsOf(tuple, rules.path, n);
  },
  cost: () => 64,
  code: {
    describe: (rules) => `custom rules module ${rules.path}`,
    load: (rules) => loadOptions(rules),
  },
  plain: (rules, loaded) => customKernel(need(rules, loaded), rules.path),
  frozen: (rules) => ({
    share: 'linear',
    rowWords: rowWordsFor,
    create: (loaded) => customFrozenKernel(need(rules, loaded), rules.path),
  }),
  criterion: () => null,
  moves: ({ rules, values, n, target, loaded }) =>
    moduleMoves(values, tableHeap(values, n), target, need(rules, loaded), rules.path),
});

function need(rules: CustomRules, loaded: OptionsFunction | undefined): OptionsFunction {
  if (!loaded) throw new Error(`custom rules ${rules.key} need their options function loaded`);
  return loaded;
}
