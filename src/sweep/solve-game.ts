import { nextCheckAt } from '../engine/planner.js';
import { createKernel, type RangeKernel } from '../kernels/index.js';
import { plainValues, regrow, widthFor, wider, type Values, type Width } from '../kernels/values.js';
import { PeriodDetector, type Periodicity } from '../period/detect.js';
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
    if (rules.family === 'sub') return this.subtraction.solve(rules.set, opts);
    if (rules.family === 'module') throw new Error('custom rules modules cannot be swept');
    return solveWithKernel(rules, createKernel(rules), opts);
  }

  /** A finite subtraction set, or the excluded set of an all-but game, given as sorted elements. */
  solveSet(family: 'sub' | 'allbut', set: ArrayLike<number>, opts: SolveOptions): GameSolution {
    if (family === 'sub') return this.subtraction.solve(set, opts);
    const excluded = Array.from(set);
    return this.solve({ family: 'allbut', key: `allbut:${excluded.join(',')}`, excluded }, opts);
  }
}

/**
 * Run `kernel` from n = 0, checking periodicity each time the prefix grows by 1/16 (so a proof
 * overshoots by at most ~6%), until proven or `limit`. Without a proof criterion, or with
 * fixedLength, it computes straight to the limit and checks once.
 */
export function solveWithKernel(rules: Rules, kernel: RangeKernel, opts: SolveOptions): GameSolution {
  const detector = new PeriodDetector(rules);
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
