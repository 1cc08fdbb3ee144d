import type { SparseShape } from '../../src/kernels/sparse.js';
import { sparseShape } from '../../src/games/registry.js';
import { parseRules } from '../../src/games/registry.js';
import type { Rules } from '../../src/rules/types.js';
import { rng } from './naive.js';

/**
 * `count` seeded random take-and-break codes of 1 to 4 octal digits (d0 = 4 one time in five)
 * that sparse space applies to, with their shape: the inputs of the sparse kernels' tests.
 */
export function randomSparseCodes(seed: number, count: number): { spec: string; rules: Rules; shape: SparseShape }[] {
  const rand = rng(seed);
  const out: { spec: string; rules: Rules; shape: SparseShape }[] = [];
  while (out.length < count) {
    const len = 1 + Math.floor(rand() * 4);
    const digits = [rand() < 0.2 ? 4 : 0];
    for (let i = 0; i < len; i++) digits.push(Math.floor(rand() * 8));
    const spec = `octal:${digits[0]}.${digits.slice(1).join('')}`;
    let rules: Rules;
    try {
      rules = parseRules(spec);
    } catch {
      continue;
    }
    const shape = sparseShape(rules);
    if (shape) out.push({ spec, rules, shape });
  }
  return out;
}
