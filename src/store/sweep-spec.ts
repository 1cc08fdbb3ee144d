import type { Rules } from '../rules/types.js';

/**
 * What a sweep covers: a family and the parameters that enumerate its rule sets. It is plain
 * data, stored as JSON with the sweep, so a rerun under the same name can check it is the
 * same sweep.
 */
export type SweepSpec = SetSweepSpec | CodeSweepSpec;

/** Every set of amounts of a family with a set form (subtraction sets, all-but excluded sets). */
export interface SetSweepSpec {
  readonly family: string;
  readonly minSize: number;
  readonly maxSize: number;
  /** Largest element allowed. */
  readonly max: number;
}

/** Every take-and-break code of some digits. */
export interface CodeSweepSpec {
  readonly family: string;
  readonly minDigits: number;
  readonly maxDigits: number;
  /** 8: octal digits 0-7; 16: hexadecimal digits 0-f (three-heap moves). */
  readonly base: 8 | 16;
}

export function isCodeSweep(spec: SweepSpec): spec is CodeSweepSpec {
  return 'base' in spec;
}

/** One game of a sweep: its position in the enumeration (stable across reruns) and its rules. */
export interface SweepGame {
  readonly ord: number;
  readonly rules: Rules;
}

/** Digit strings that are not a new game. */
export interface SkipCounts {
  /** d1 = ... = dD = 0: the game with no moves. */
  readonly allZero: number;
  /** Codes ending in 0: the same game as a code with fewer digits. */
  readonly trailingZeros: number;
}
