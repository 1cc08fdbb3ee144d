import { UsageError } from '../errors.js';
import { parseRules, theoremSupport } from '../games/registry.js';
import type { TheoremSupport } from '../games/family.js';
import type { Rules } from '../rules/types.js';

/** A position of a theorem game (Staircase Nim, Green Hackenbush) answered by its theorem. */
export interface TheoremAnswer {
  readonly kind: 'theorem';
  /** The position as the game writes it: '[3,0,5]', a ground vertex. */
  readonly position: string;
  readonly value: bigint;
  readonly outcome: 'P' | 'N';
  /** The theorem that gave the value, one line. */
  readonly theorem: string;
  /** The parts that meet only at the ground and their values (Hackenbush); absent for other games. */
  readonly parts?: readonly { readonly label: string; readonly value: bigint }[];
}

/** Answers one position at a time for a theorem game, its rules parsed once (a Hackenbush file read once). */
export interface TheoremAnswerer {
  /** The canonical game key. */
  readonly key: string;
  /** One written position ('[3,0,5]', a ground vertex): a UsageError when malformed or outcome-only. */
  answer(item: string): TheoremAnswer;
}

/**
 * The answerer of a theorem game, or null when the spec names another kind (or no game: the
 * usual path says what is wrong). A game whose theorem gives outcomes only (Moore's Nim_k) is
 * refused, per position, in one line pointing to grundy eval, which gives its outcome and a
 * winning move.
 */
export function theoremAnswerer(spec: string): TheoremAnswerer | null {
  const found = theoremGame(spec);
  if (!found) return null;
  const { rules, support } = found;
  return {
    key: rules.key,
    answer(item) {
      const p = support.read(rules, item);
      const value = support.value(rules, p);
      if (value === null) {
        throw new UsageError(
          `${rules.key} has no Grundy value theorem beyond its outcome (${support.statement(rules)}); for P/N and ` +
            `a winning move run: grundy eval '${spec.trim()}@${support.format(rules, p)}'`,
        );
      }
      const parts = support.parts?.(rules, p);
      return {
        kind: 'theorem',
        position: support.format(rules, p),
        value,
        outcome: value === 0n ? 'P' : 'N',
        theorem: support.statement(rules),
        ...(parts ? { parts } : {}),
      } satisfies TheoremAnswer;
    },
  };
}

/** Answers for positions of a theorem game (as theoremAnswerer's), or null for another kind. */
export function answerTheorem(spec: string, items: readonly string[]): TheoremAnswer[] | null {
  const answerer = theoremAnswerer(spec);
  return answerer ? items.map((item) => answerer.answer(item)) : null;
}

/**
 * A theorem game's contest program (Staircase Nim, Moore's Nim_k, Hackenbush) in C++ or Python,
 * or null for other games; a table format is refused, since such a game has no table.
 */
export function theoremContest(spec: string, format: string, main: boolean): string | null {
  const found = theoremGame(spec);
  if (!found) return null;
  const { rules, support } = found;
  if ((format !== 'cpp' && format !== 'py') || !support.code) {
    throw new UsageError(`${rules.key} has no table to export: its theorem exports as code, --format cpp or py`);
  }
  return support.code(rules, format, main);
}

/** The rules and theorem of a theorem game, or null for another kind or a spec that does not parse. */
function theoremGame(spec: string): { rules: Rules; support: TheoremSupport<Rules> } | null {
  let rules: Rules;
  try {
    rules = parseRules(spec);
  } catch {
    return null; // another path says what is wrong with the spec
  }
  const support = theoremSupport(rules);
  return support ? { rules, support } : null;
}
