import type {
  AllButRules,
  CustomRules,
  GrundyRules,
  InfiniteSubtractionRules,
  LaskerRules,
  NimRules,
  Rules,
  SubtractionRules,
  TakeBreakRules,
} from '../../src/rules/types.js';

/** The families src/games registers, as one union: the naive twins switch over it on their own. */
export type BuiltinRules =
  | NimRules
  | SubtractionRules
  | InfiniteSubtractionRules
  | AllButRules
  | TakeBreakRules
  | LaskerRules
  | GrundyRules
  | CustomRules;

export function builtin(rules: Rules): BuiltinRules {
  return rules as BuiltinRules;
}
