import { nextCheckAt } from '../engine/planner.js';
import { familyById, plainKernel, tableFamily, periodDetector } from '../games/registry.js';
import type { RangeKernel } from '../kernels/kernel.js';
import { plainValues, regrow, widthFor, wider, type Values, type Width } from '../kernels/values.js';
import type { Periodicity } from '../period/detect.js';
import type { Rules } from '../rules/types.js';
import { SubtractionSolver, type SolveOptions } from './solve-subtraction.js';

export interface GameSolution {
  readonly periodicity: Periodicity | null;
  readonly maxValue: number;
  readonly computed: number;
  /** g(0..computed-1); a view of scratch for subtraction games, valid until the next solve. */
  readonly values: Values;
}

/**
 * Solves one game of a sweep entirely in the calling thread: the lean window solver for finite
 * subtraction sets, otherwise the family's range kernel with periodicity checks at geometric
 * steps (the take-and-break bound for octal codes; all-but games are only ever observed).
 * Holds scratch that is reused from game to game.
 */
export class GameSolver {
  private readonly subtraction = new SubtractionSolver();

  solve(rules: Rules, opts: SolveOptions): GameSolution {
    const family = tableFamily(rules);
    if (family.kind === 'heap' && family.sets?.window) return this.subtraction.solve(family.sets.of(rules), opts);
    if (family.code) throw new Error(`${family.code.describe(rules)} cannot be swept`);
    return solveWithKernel(rules, plainKernel(rules), opts);
  }

  /** A game of a family with a set form (subtraction sets, all-but excluded sets), as sorted elements. */
  solveSet(familyId: string, set: ArrayLike<number>, opts: SolveOptions): GameSolution {
    const family = familyById(familyId);
    const form = family?.kind === 'heap' ? family.sets : undefined;
    if (!form) throw new Error(`game family '${familyId}' has no set form`);
    if (form.window) return this.subtraction.solve(set, opts);
    return this.solve(form.rules(Array.from(set)), opts);
  }
}

/**
 * Run `kernel` from n = 0, checking periodicity each time the prefix grows by 1/16 (so a proof
 * overshoots by at most ~6%), until proven or `limit`. Without a proof criterion, or with
 * fixedLength, it computes straight to the limit and checks once.
 */
export function solveWithKernel(rules: Rules, kernel: RangeKernel, opts: SolveOptions): GameSolution {
  const detector = periodDetector(rules);
  const checking = detector.criterion !== null && !opts.fixedLength;
  let width: Width = 8;
  let g: Values = plainValues(width, Math.min(opts.limit, checking ? 1024 : opts.limit));
  let next = 0;
  let maxValue = 0;
  let checkAt = checking ? nextCheckAt(0) : opts.limit;
  while (next < opts.limit) {
    const hi = Math.min(checkAt, opts.limit);
    if (hi > g.length) g = regrow(g, next, width, Math.min(opts.limit, Math.max(hi, g.length * 2)), false);
    const out = kernel.run(g, next, hi, maxValue);
    if (out.failure !== undefined) throw new Error(out.failure);
    next = out.next;
    maxValue = Math.max(maxValue, out.maxValue);
    if (out.overflowValue !== undefined) {
      width = wider(width, widthFor(out.overflowValue));
      g = regrow(g, next, width, g.length, false);
      continue;
    }
    if (checking && next >= checkAt && next < opts.limit) {
      const found = detector.detect(g, next);
      if (found?.proven) return { periodicity: found, maxValue, computed: next, values: g.subarray(0, next) };
      checkAt = nextCheckAt(next);
    }
  }
  return { periodicity: detector.detect(g, next), maxValue, computed: next, values: g.subarray(0, next) };
}
