import { UsageError } from '../errors.js';
import type { SetForm } from '../games/family.js';
import { families, familyById, parseRules } from '../games/registry.js';
import type { Rules } from '../rules/types.js';
import {
  isCodeSweep,
  type SetSweepSpec,
  type SkipCounts,
  type SweepGame,
  type SweepSpec,
} from '../store/sweep-spec.js';

export {
  isCodeSweep,
  type CodeSweepSpec,
  type SetSweepSpec,
  type SkipCounts,
  type SweepGame,
  type SweepSpec,
} from '../store/sweep-spec.js';

/** The families `grundy sweep` takes, in the order the registry lists them. */
export function sweepFamilies(): string[] {
  return families()
    .filter((f) => f.kind === 'heap' && f.sweep !== undefined)
    .map((f) => f.id);
}

/** How a family's games are enumerated, or undefined when it cannot be swept. */
export function sweepKind(family: string): 'sets' | 'codes' | undefined {
  const found = familyById(family);
  return found?.kind === 'heap' ? found.sweep : undefined;
}

function setForm(spec: SetSweepSpec): SetForm<Rules> {
  const family = familyById(spec.family);
  const form = family?.kind === 'heap' ? family.sets : undefined;
  if (!form) throw new UsageError(`cannot sweep '${spec.family}'; sweepable families: ${sweepFamilies().join(', ')}`);
  return form;
}

/** A sweep larger than this is refused before anything is stored: results are one row per game. */
export const MAX_SWEEP_GAMES = 10_000_000;
/** Set sizes stay below 255: a subtraction game's values never exceed |S| and sweeps store bytes. */
export const MAX_SET_SIZE = 254;
export const MAX_DIGITS = 12;

export interface SweepSize {
  readonly games: number;
  readonly skipped: SkipCounts;
}

/** Binomial coefficient as a float: exact below 2^53, and only compared with limits above. */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}

/** How many games the sweep has, and how many digit strings it skips, without enumerating. */
export function sweepSize(spec: SweepSpec): SweepSize {
  if (isCodeSweep(spec)) {
    let games = 0;
    let trailingZeros = 0;
    for (let d = spec.minDigits; d <= spec.maxDigits; d++) {
      games += spec.base ** d - spec.base ** (d - 1);
      trailingZeros += spec.base ** (d - 1) - 1;
    }
    return { games, skipped: { allZero: spec.maxDigits - spec.minDigits + 1, trailingZeros } };
  }
  let games = 0;
  for (let k = spec.minSize; k <= spec.maxSize; k++) games += choose(spec.max, k);
  return { games, skipped: { allZero: 0, trailingZeros: 0 } };
}

/** Refuse specs that are empty, malformed or too large, with the fix in the message. */
export function validateSpec(spec: SweepSpec): void {
  if (isCodeSweep(spec)) {
    if (!Number.isInteger(spec.minDigits) || spec.minDigits < 1 || spec.maxDigits < spec.minDigits) {
      throw new UsageError('--digits must be at least 1 (e.g. --digits 2)');
    }
    if (spec.maxDigits > MAX_DIGITS)
      throw new UsageError(`--digits ${spec.maxDigits} is too many; at most ${MAX_DIGITS}`);
  } else {
    if (!Number.isInteger(spec.max) || spec.max < 1)
      throw new UsageError('--max must be a positive integer (e.g. --max 60)');
    if (!Number.isInteger(spec.minSize) || spec.minSize < 1 || spec.maxSize < spec.minSize) {
      throw new UsageError('--size must be at least 1 (e.g. --size 3)');
    }
    if (spec.maxSize > MAX_SET_SIZE)
      throw new UsageError(`--size ${spec.maxSize} is too large; at most ${MAX_SET_SIZE}`);
    if (spec.minSize > spec.max) {
      throw new UsageError(
        `there is no ${spec.minSize}-element set with elements <= ${spec.max}; raise --max to at least ${spec.minSize}`,
      );
    }
  }
  const { games } = sweepSize(spec);
  if (games > MAX_SWEEP_GAMES) {
    throw new UsageError(
      `this sweep has ${games.toExponential(2)} games; at most ${MAX_SWEEP_GAMES} per sweep (lower --max, ` +
        `--size or --digits)`,
    );
  }
}

/** The name a sweep gets without --name, e.g. sub-size3-max60, octal-digits2, allbut-maxsize2-max20. */
export function defaultSweepName(spec: SweepSpec): string {
  if (isCodeSweep(spec)) {
    const digits = spec.minDigits === spec.maxDigits ? `digits${spec.maxDigits}` : `maxdigits${spec.maxDigits}`;
    return `${spec.base === 16 ? 'hex' : 'octal'}-${digits}`;
  }
  const size = spec.minSize === spec.maxSize ? `size${spec.maxSize}` : `maxsize${spec.maxSize}`;
  return `${spec.family}-${size}-max${spec.max}`;
}

/** A human line: "3-element subtraction sets with elements <= 60". */
export function describeSpec(spec: SweepSpec): string {
  if (isCodeSweep(spec)) {
    const digits = spec.minDigits === spec.maxDigits ? `${spec.maxDigits}` : `${spec.minDigits} to ${spec.maxDigits}`;
    return `${spec.base === 16 ? 'hexadecimal' : 'octal'} take-and-break codes 0.d1..dk with ${digits} digit(s)`;
  }
  const size = spec.minSize === spec.maxSize ? `${spec.maxSize}` : `${spec.minSize}- to ${spec.maxSize}`;
  const what = setForm(spec).noun;
  return `${size}-element ${what} with elements <= ${spec.max}`;
}

/**
 * Every game of the sweep once, in a fixed order (sizes ascending, then lexicographic), each
 * with its canonical rules. `ord` numbers them from 0 so reruns and reports agree on order.
 */
export function* enumerateGames(spec: SweepSpec): Generator<SweepGame> {
  let ord = 0;
  if (isCodeSweep(spec)) {
    for (let d = spec.minDigits; d <= spec.maxDigits; d++) {
      for (const digits of digitStrings(d, spec.base)) {
        if (digits[d - 1] === 0) continue;
        yield { ord: ord++, rules: parseRules(`octal:0.${digits.map((x) => x.toString(16)).join('')}`) };
      }
    }
    return;
  }
  const form = setForm(spec);
  for (let k = spec.minSize; k <= spec.maxSize; k++) {
    for (const set of subsets(spec.max, k)) yield { ord: ord++, rules: form.rules(set) };
  }
}

/** The k-element subsets of {1..m}, each sorted, in lexicographic order. */
function* subsets(m: number, k: number): Generator<number[]> {
  const c = Array.from({ length: k }, (_, i) => i + 1);
  while (true) {
    yield c.slice();
    let i = k - 1;
    while (i >= 0 && c[i] === m - k + 1 + i) i--;
    if (i < 0) return;
    c[i]!++;
    for (let j = i + 1; j < k; j++) c[j] = c[j - 1]! + 1;
  }
}

/** Every string of d digits in [0, base), d1 most significant, in lexicographic order. */
function* digitStrings(d: number, base: number): Generator<number[]> {
  const s = new Array<number>(d).fill(0);
  while (true) {
    yield s.slice();
    let i = d - 1;
    while (i >= 0 && s[i] === base - 1) s[i--] = 0;
    if (i < 0) return;
    s[i]!++;
  }
}
