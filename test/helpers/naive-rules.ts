import type { Rules } from '../../src/rules/types.js';

/**
 * The naive twins' own reading of a rule text (README "Games"), so that they take nothing but a
 * spec's text from src/games: a parser that read digits or sets wrongly would otherwise make the
 * twin play the same wrong game as the kernel it checks. Only the texts the twins meet are read:
 * canonical keys (octal:0.77, sub:1,3,4, sub:squares, allbut:1,2, nim, grundy, module:...) and
 * the few names and spellings the tests write.
 */
export type NaiveGame =
  | { readonly family: 'nim' }
  | { readonly family: 'grundy' }
  | { readonly family: 'module' }
  | { readonly family: 'sub'; readonly set: readonly number[] }
  | { readonly family: 'subinf'; readonly name: string }
  | { readonly family: 'allbut'; readonly excluded: readonly number[] }
  /**
   * digits[i]: the take-and-break digit for removing i tokens, d0 first; with `repeat`, the digit
   * for removing i >= digits.length tokens (a code written 4.3...).
   */
  | { readonly family: 'octal'; readonly digits: readonly number[]; readonly repeat?: number };

const NAMES: Readonly<Record<string, string>> = {
  kayles: 'octal:0.77',
  'dawson-kayles': 'octal:0.07',
  'dawson-chess': 'octal:0.137',
  officers: 'octal:0.6',
  // Lasker's Nim: split a heap into two (d0 = 4), or remove any positive number (3, forever).
  lasker: 'octal:4.3...',
};

const INFINITE = ['squares', 'cubes', 'powers2', 'primes', 'fibonacci', 'triangular'];

/** Positive amounts written 1,3,4, sorted and without repeats. */
function amounts(list: string, spec: string): number[] {
  const out = list.split(',').map((a) => {
    if (!/^\d+$/.test(a) || Number(a) === 0) throw new Error(`naive rules: '${a}' in '${spec}' is not an amount`);
    return Number(a);
  });
  return [...new Set(out)].sort((a, b) => a - b);
}

/** Subtraction amounts written 1..3,7,10..12: each item one amount or every amount from L to R. */
function amountsWithIntervals(list: string, spec: string): number[] {
  const out: number[] = [];
  for (const item of list.split(',')) {
    const [a, b = a] = item.split('..');
    for (let s = Number(amounts(a!, spec)[0]); s <= Number(amounts(b!, spec)[0]); s++) out.push(s);
  }
  return [...new Set(out)].sort((a, b) => a - b);
}

/** Read a rule text, or the key of parsed rules, on the twins' own terms. */
export function naiveGame(spec: string | Rules): NaiveGame {
  const written = typeof spec === 'string' ? spec : spec.key;
  const text = NAMES[written] ?? written;
  if (text === 'nim') return { family: 'nim' };
  if (text === 'grundy') return { family: 'grundy' };
  if (text.startsWith('module:')) return { family: 'module' };
  const code = /^(?:octal:|hex:)?([0-9a-f]?)\.([0-9a-f]*)(\.\.\.)?$/.exec(text);
  if (code) {
    // d0 before the point (0 when left out), then one hexadecimal digit per number of tokens removed;
    // '...' after the last digit: that digit again for every larger number.
    const digits = [code[1] === '' ? 0 : Number.parseInt(code[1]!, 16)];
    for (const ch of code[2]!) digits.push(Number.parseInt(ch, 16));
    return code[3] ? { family: 'octal', digits, repeat: digits[digits.length - 1]! } : { family: 'octal', digits };
  }
  const sub = /^sub:(.+)$/.exec(text);
  if (sub)
    return INFINITE.includes(sub[1]!)
      ? { family: 'subinf', name: sub[1]! }
      : { family: 'sub', set: amountsWithIntervals(sub[1]!, text) };
  const allbut = /^allbut:(.+)$/.exec(text);
  if (allbut) return { family: 'allbut', excluded: amounts(allbut[1]!, text) };
  throw new Error(`naive rules: the naive twins do not read '${written}'`);
}
