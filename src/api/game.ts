import { UsageError } from '../errors.js';

export { quoteSpec } from '../errors.js';
import {
  describeRules,
  families,
  familyById,
  familyOf,
  GAME_ALIASES,
  kindOf,
  parseRules,
  proofCriterion,
} from '../games/registry.js';
import type { GameFamily, GameKind } from '../games/family.js';

export type { GameKind };
export { knownResult, knownText, type KnownResult } from '../games/known.js';
export { specHelp, specNotes } from '../games/registry.js';
import type { Rules } from '../rules/types.js';

/** A parsed game spec: its canonical key (the store's identity for its table) and rules. */
export interface GameSpec {
  /** Canonical key: every spelling of one game has the same key ('kayles' and '.77' are 'octal:0.77'). */
  readonly key: string;
  /** The family tag ('octal', 'sub', 'module', ...). */
  readonly family: string;
  /** One line naming the game. */
  readonly description: string;
  /** Whether a period of this game can be proven from a finite table (else it is only observed). */
  readonly provable: boolean;
  /** What a position is: a heap size n, a cell 'x,y' of a board, or a vertex of a game graph. */
  readonly kind: GameKind;
  /** The full rules, as the engine reads them. */
  readonly rules: Rules;
}

/** The kind of a game by its rules. */
export function gameKind(rules: Rules): GameKind {
  return kindOf(rules);
}

/** The kind of a stored game by its family tag; 'heap' for a family this build does not know. */
export function storedKind(familyId: string): GameKind {
  const family = familyById(familyId);
  return family ? family.kind : 'heap';
}

/** Parse a game spec ('kayles', 'sub:1,3,4', 'octal:0.137', 'module:./rules.js'); throws UsageError. */
export function parseGame(spec: string, options: { readonly cwd?: string } = {}): GameSpec {
  return gameSpecOf(parseRules(spec, options.cwd));
}

export function gameSpecOf(rules: Rules): GameSpec {
  return {
    key: rules.key,
    family: rules.family,
    description: describeRules(rules),
    provable: proofCriterion(rules) !== null,
    kind: gameKind(rules),
    rules,
  };
}

/** Families whose spec names a file the parser reads (custom rules modules): see specNamesFile. */
export function readsFiles(family: GameFamily): boolean {
  return family.readsFiles === true || (family.kind !== 'theorem' && family.code !== undefined);
}

/**
 * The family a spec's text belongs to, found the way parseRules finds it but without parsing the
 * body (which, for file-based families, reads the file). Undefined when no family claims it.
 */
export function familyOfSpecText(spec: string): GameFamily | undefined {
  const text = spec.trim();
  const lower = text.toLowerCase();
  const alias = GAME_ALIASES[lower];
  if (alias !== undefined) return familyOfSpecText(alias);
  const all = families();
  const named = all.find((f) => f.names?.includes(lower));
  if (named) return named;
  const matching = all.find((f) => f.matches?.(text));
  if (matching) return matching;
  const colon = text.indexOf(':');
  if (colon < 0) return undefined;
  const prefix = lower.slice(0, colon);
  return all.find((f) => f.prefixes?.includes(prefix));
}

/**
 * Parse a spec only when doing so cannot read a file or load code: a spec of a file-based family
 * is refused (a server names such games by their stored key instead).
 */
export function parseGameWithoutFiles(spec: string): GameSpec {
  const family = familyOfSpecText(spec);
  if (family && readsFiles(family)) {
    throw new UsageError(
      `'${spec.trim()}' names a file (${family.id}: games); here such a game is served only once stored, by ` +
        `its stored key`,
    );
  }
  const rules = parseRules(spec, '/');
  // A family that resolved to another (allbut: to nim) is checked again on its own rules.
  if (readsFiles(familyOf(rules))) throw new UsageError(`'${spec.trim()}' names a file; use its stored key`);
  return gameSpecOf(rules);
}
