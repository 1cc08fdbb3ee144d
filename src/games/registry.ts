import { UsageError } from '../errors.js';
import type { OptionsFunction, RangeKernel } from '../kernels/kernel.js';
import type { SparseShape } from '../kernels/sparse.js';
import type { FrozenKernel } from '../kernels/frozen/frozen-kernel.js';
import { PeriodDetector, type ProofCriterion } from '../period/detect.js';
import type { Rules } from '../rules/types.js';
import { allBut } from './all-but.js';
import { custom } from './custom.js';
import type {
  BoardSupport,
  ClosedForm,
  ExplicitSupport,
  FrozenSupport,
  GameFamily,
  GameKind,
  HeapFamily,
  TheoremFamily,
  TheoremSupport,
} from './family.js';
import { graph } from './graph.js';
import { grundy } from './grundy.js';
import { hackenbush } from './hackenbush.js';
import { moore } from './moore.js';
import { staircase } from './staircase.js';
import { infiniteSubtraction } from './infinite-subtraction.js';
import { lasker } from './lasker.js';
import { nim } from './nim.js';
import { subtraction } from './subtraction.js';
import { subtractionInterval } from './sub-interval.js';
import { takeBreak } from './take-break.js';
import { turning } from './turning.js';
import { board2d } from './board2d.js';
import { installLookup } from './lookup.js';
import { product } from './product.js';
import { states } from './states.js';
import { wythoff } from './wythoff.js';

/**
 * The game families, by the `family` tag of their rules. Registering a family is the only step
 * that makes a new kind of game known to the engine, the CLI and the store.
 */
const byId = new Map<string, GameFamily>();
const byName = new Map<string, GameFamily>();
const byPrefix = new Map<string, GameFamily>();

/** Well-known games by name; each maps to the spec it abbreviates. */
export const GAME_ALIASES: Readonly<Record<string, string>> = {
  kayles: 'octal:0.77',
  'dawson-kayles': 'octal:0.07',
  'dawsons-kayles': 'octal:0.07',
  'dawson-chess': 'octal:0.137',
  'dawsons-chess': 'octal:0.137',
  officers: 'octal:0.6',
  'laskers-nim': 'lasker',
  ruler: 'turning:consecutive:1..',
  'mock-turtles': 'turning:1..3',
  twins: 'turning:2',
  turtles: 'turning:1..2',
};

/** Make a family known; its id, names and prefixes must be new. */
export function registerFamily(family: GameFamily): void {
  const taken = (map: Map<string, GameFamily>, word: string): void => {
    const owner = map.get(word);
    if (owner && owner !== family)
      throw new Error(`game family '${family.id}': '${word}' already belongs to '${owner.id}'`);
  };
  taken(byId, family.id);
  for (const name of family.names ?? []) taken(byName, name);
  for (const prefix of family.prefixes ?? []) taken(byPrefix, prefix);
  byId.set(family.id, family);
  for (const name of family.names ?? []) byName.set(name, family);
  for (const prefix of family.prefixes ?? []) byPrefix.set(prefix, family);
}

for (const family of [
  nim,
  subtraction,
  subtractionInterval,
  infiniteSubtraction,
  allBut,
  takeBreak,
  lasker,
  grundy,
  turning,
  custom,
  graph,
  states,
]) {
  registerFamily(family);
}
for (const family of [wythoff, board2d, product]) registerFamily(family);
for (const family of [staircase, moore, hackenbush]) registerFamily(family);
installLookup({ familyOf: (rules) => familyOf(rules), parseRules: (spec, cwd) => parseRules(spec, cwd) });

/** The family that owns these rules. */
export function familyOf(rules: Rules): GameFamily {
  const family = byId.get(rules.family);
  if (!family) throw new Error(`no game family '${rules.family}' is registered (game ${rules.key})`);
  return family;
}

/** A family whose positions are numbered and whose values live in a table: every kind but 'theorem'. */
export type TableFamily = Exclude<GameFamily, TheoremFamily>;

/**
 * The family of a game with a table (heaps, cells, vertices); a UsageError for a theorem game,
 * which has no table: its positions are answered by its theorem.
 */
export function tableFamily(rules: Rules): TableFamily {
  const family = familyOf(rules);
  if (family.kind === 'theorem') {
    throw new UsageError(
      `${rules.key} needs no table: its positions are answered by its theorem; ask grundy query or grundy eval`,
    );
  }
  return family;
}

/** How a theorem game reads, values and moves its positions, or null for the other kinds. */
export function theoremSupport(rules: Rules): TheoremSupport<Rules> | null {
  const family = familyOf(rules);
  return family.kind === 'theorem' ? family.theorem : null;
}

/** The family registered under an id, or undefined. */
export function familyById(id: string): GameFamily | undefined {
  return byId.get(id);
}

export function families(): readonly GameFamily[] {
  return [...byId.values()];
}

/** Every spec form, for help texts and error messages, and the names of well-known games. */
export function specHelp(): string {
  // A spelling two families accept (2d:queen is Wythoff's game) is listed once.
  const forms = [...new Set(families().flatMap((f) => f.syntax))].join(' | ');
  return `${forms}; or a name: ${Object.keys(GAME_ALIASES).join(', ')}`;
}

/**
 * Parse a game spec into canonical Rules. Every spelling of one game yields the same key,
 * which is the store's identity for the table.
 */
export function parseRules(spec: string, cwd: string = process.cwd()): Rules {
  const found = locate(spec);
  return found.family.parse(found.body, found.text, { cwd });
}

/** What the user should know about how a valid spec reads (a hex digit in an octal code), one line each. */
export function specNotes(spec: string): string[] {
  const found = locate(spec);
  return found.family.notes?.(found.body, found.text) ?? [];
}

/** The family a spec names and the body it parses, aliases followed; a usage error for an unknown game. */
function locate(spec: string): { family: GameFamily; body: string; text: string } {
  const text = spec.trim();
  if (text === '') throw new UsageError(`empty game spec; expected one of: ${specHelp()}`);
  const lower = text.toLowerCase();
  const alias = GAME_ALIASES[lower];
  if (alias !== undefined) return locate(alias);
  const named = byName.get(lower);
  if (named) return { family: named, body: text, text };
  const matching = families().find((f) => f.matches?.(text));
  if (matching) return { family: matching, body: text, text };
  const colon = text.indexOf(':');
  if (colon < 0) throw new UsageError(`unknown game '${text}'${didYouMean(lower)}; expected one of: ${specHelp()}`);
  const family = byPrefix.get(lower.slice(0, colon));
  if (!family) {
    const prefix = text.slice(0, colon);
    const hint = didYouMean(prefix.toLowerCase(), text.slice(colon));
    throw new UsageError(`unknown game family '${prefix}' in '${text}'${hint}; expected one of: ${specHelp()}`);
  }
  return { family, body: text.slice(colon + 1).trim(), text };
}

/** " (did you mean X?)" for the names, aliases and prefixes within edit distance 2 of a word, else ''. */
function didYouMean(word: string, rest = ''): string {
  const words = [...byName.keys(), ...Object.keys(GAME_ALIASES), ...byPrefix.keys()];
  let best: string[] = [];
  let bestDistance = 3;
  for (const candidate of new Set(words)) {
    const d = editDistance(word, candidate);
    if (d >= word.length) continue; // 'x' is not a misspelt 'hex'
    if (d < bestDistance) [best, bestDistance] = [[candidate], d];
    else if (d === bestDistance) best.push(candidate);
  }
  if (best.length === 0) return '';
  const suggestions = best.map((w) => (byPrefix.has(w) && !byName.has(w) ? `${w}${rest || ':'}` : w));
  return ` (did you mean ${suggestions.join(' or ')}?)`;
}

/** Levenshtein distance: insertions, deletions and substitutions of one character. */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + cost));
    }
    row = next;
  }
  return row[b.length]!;
}

/** One line naming the game, for summaries. */
export function describeRules(rules: Rules): string {
  return familyOf(rules).describe(rules);
}

/** The kind of the game: how its positions are written, computed and stored. */
export function kindOf(rules: Rules): GameKind {
  return familyOf(rules).kind;
}

/** The family of a heap game, or null for a game graph or a board game. */
export function heapFamily(rules: Rules): HeapFamily | null {
  const family = familyOf(rules);
  return family.kind === 'heap' ? family : null;
}

/** What a board game's table is made of, or null for the other kinds. */
export function boardSupport(rules: Rules): BoardSupport<Rules> | null {
  const family = familyOf(rules);
  return family.kind === 'board' ? family.board : null;
}

/** How a game graph is loaded and its positions written, or null for the other kinds. */
export function graphSupport(rules: Rules): ExplicitSupport<Rules> | null {
  const family = familyOf(rules);
  return family.kind === 'graph' ? family.explicit : null;
}

/** The family's plain range kernel (custom modules need their loaded options function). */
export function plainKernel(rules: Rules, loaded?: OptionsFunction): RangeKernel {
  const family = tableFamily(rules);
  if (family.kind === 'graph') throw new Error(`${rules.key} is a game graph, computed whole: it has no range kernel`);
  return family.plain(rules, loaded);
}

/** Values of a heap game for every position without a table (nim, one subtraction interval), or null. */
export function closedFormOf(rules: Rules): ClosedForm | null {
  return heapFamily(rules)?.closedForm?.(rules) ?? null;
}

/** The family's frozen-prefix kernel, or null when it has none. */
export function frozenSupport(rules: Rules): FrozenSupport | null {
  return heapFamily(rules)?.frozen?.(rules) ?? null;
}

/** The family's gather/finish kernel, or null when it has none. */
export function frozenKernel(rules: Rules, loaded?: OptionsFunction): FrozenKernel | null {
  return frozenSupport(rules)?.create(loaded) ?? null;
}

/** The sparse-space shape of the game, or null where sparse space does not apply. */
export function sparseShape(rules: Rules): SparseShape | null {
  return heapFamily(rules)?.sparse?.(rules) ?? null;
}

/** How the game's periodicity is proven, or null when it is only ever observed. */
export function proofCriterion(rules: Rules): ProofCriterion | null {
  const family = familyOf(rules);
  return family.kind === 'theorem' ? null : family.criterion(rules);
}

/** A period detector told the game's proof criterion and whether its values grow (arithmetic). */
export function periodDetector(rules: Rules): PeriodDetector {
  const family = familyOf(rules);
  return new PeriodDetector({
    criterion: family.kind === 'theorem' ? null : family.criterion(rules),
    arithmetic:
      family.kind === 'heap' &&
      (typeof family.arithmetic === 'function' ? family.arithmetic(rules) : family.arithmetic === true),
  });
}

const loadedCode = new Map<string, Promise<OptionsFunction>>();

/** The user code a game's kernels call (custom modules), loaded once per thread; else undefined. */
export async function loadCode(rules: Rules): Promise<OptionsFunction | undefined> {
  const family = familyOf(rules);
  const code = family.kind === 'theorem' ? undefined : family.code;
  if (!code) return undefined;
  let loading = loadedCode.get(rules.key);
  if (!loading) {
    loading = code.load(rules);
    loadedCode.set(rules.key, loading);
    loading.catch(() => loadedCode.delete(rules.key));
  }
  return loading;
}

/** What user code a game runs, for messages ("custom rules module /path"), or null for none. */
export function userCode(rules: Rules): string | null {
  const family = familyOf(rules);
  return family.kind === 'theorem' ? null : (family.code?.describe(rules) ?? null);
}
