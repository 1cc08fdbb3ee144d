import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { formatCode } from './take-break.js';
import { INFINITE_SETS, type InfiniteSetName, type Rules } from './types.js';

/** Well-known games by name; each maps to the spec it abbreviates. */
export const GAME_ALIASES: Readonly<Record<string, string>> = {
  kayles: 'octal:0.77',
  'dawson-kayles': 'octal:0.07',
  'dawsons-kayles': 'octal:0.07',
  'dawson-chess': 'octal:0.137',
  'dawsons-chess': 'octal:0.137',
  officers: 'octal:0.6',
};

/** The largest subtraction amount or code length we accept: kernels index with int32. */
const MAX_ELEMENT = 2 ** 31 - 1;
const MAX_CODE_DIGITS = 64;

export const SPEC_HELP =
  "nim | sub:1,3,4 | sub:squares|cubes|powers2|primes|fibonacci|triangular | allbut:1,2 | octal:0.77 (or .77) | grundy | module:./rules.js";

/**
 * Parse a game spec into canonical Rules. Every spelling of one game yields the same key,
 * which is the store's identity for the table.
 */
export function parseRules(spec: string, cwd: string = process.cwd()): Rules {
  const text = spec.trim();
  if (text === '') throw new UsageError(`empty game spec; expected one of: ${SPEC_HELP}`);
  const lower = text.toLowerCase();
  const alias = GAME_ALIASES[lower];
  if (alias !== undefined) return parseRules(alias, cwd);
  if (lower === 'nim') return { family: 'nim', key: 'nim' };
  if (lower === 'grundy') return { family: 'grundy', key: 'grundy' };
  if (/^[0-9a-f]?\.[0-9a-z]*$/i.test(text)) return parseOctal(text, text);
  const colon = text.indexOf(':');
  if (colon < 0) throw new UsageError(`unknown game '${text}'; expected one of: ${SPEC_HELP}`);
  const family = lower.slice(0, colon);
  const body = text.slice(colon + 1).trim();
  switch (family) {
    case 'sub':
      return parseSubtraction(body, text);
    case 'allbut':
      return parseAllBut(body, text);
    case 'octal':
    case 'hex':
      return parseOctal(body, text);
    case 'module':
      return parseModule(body, text, cwd);
    default:
      throw new UsageError(`unknown game family '${text.slice(0, colon)}' in '${text}'; expected one of: ${SPEC_HELP}`);
  }
}

function parseSubtraction(body: string, spec: string): Rules {
  const lower = body.toLowerCase();
  if ((INFINITE_SETS as readonly string[]).includes(lower)) {
    const name = lower as InfiniteSetName;
    return { family: 'subinf', key: `sub:${name}`, name };
  }
  if (body === '') throw new UsageError(`'${spec}' has an empty subtraction set; write e.g. sub:1,3,4 or sub:squares`);
  const set = parseIntegerList(body, spec, 'subtraction amount');
  return { family: 'sub', key: `sub:${set.join(',')}`, set };
}

function parseAllBut(body: string, spec: string): Rules {
  const excluded = body === '' ? [] : parseIntegerList(body, spec, 'excluded amount');
  // Excluding nothing leaves every positive amount: that is nim, one table for both spellings.
  if (excluded.length === 0) return { family: 'nim', key: 'nim' };
  return { family: 'allbut', key: `allbut:${excluded.join(',')}`, excluded };
}

/** Sorted, de-duplicated positive integers from "4,1,3,3". */
function parseIntegerList(body: string, spec: string, what: string): number[] {
  const values = new Set<number>();
  for (const raw of body.split(',')) {
    const item = raw.trim().replace(/_/g, '');
    if (item === '') throw new UsageError(`'${spec}' has an empty ${what} (two commas or a trailing comma)`);
    if (!/^\d+$/.test(item)) throw new UsageError(`'${raw.trim()}' in '${spec}' is not a positive integer ${what}`);
    const value = Number(item);
    if (value === 0) throw new UsageError(`0 in '${spec}' is not a valid ${what}: amounts are positive integers`);
    if (!Number.isSafeInteger(value) || value > MAX_ELEMENT) {
      throw new UsageError(`${item} in '${spec}' is too large (the largest ${what} is ${MAX_ELEMENT})`);
    }
    values.add(value);
  }
  return [...values].sort((a, b) => a - b);
}

function parseOctal(body: string, spec: string): Rules {
  const match = /^([0-9a-z]?)\.([0-9a-z]*)$/i.exec(body);
  if (!match) {
    throw new UsageError(`'${spec}' is not a take-and-break code; write it as d0.d1d2... e.g. octal:0.77 or .77`);
  }
  const head = match[1] === undefined || match[1] === '' ? '0' : match[1];
  const digits = [...(head + (match[2] ?? ''))].map((ch) => {
    const d = parseInt(ch, 16);
    if (Number.isNaN(d)) throw new UsageError(`'${ch}' is not a take-and-break digit (0-9, a-f) in '${spec}'`);
    return d;
  });
  if (digits.length - 1 > MAX_CODE_DIGITS) {
    throw new UsageError(`'${spec}' has ${digits.length - 1} digits after the point; at most ${MAX_CODE_DIGITS} are supported`);
  }
  const d0 = digits[0] ?? 0;
  if (d0 & 3) {
    throw new UsageError(
      `d0 = '${d0.toString(16)}' in '${spec}' is not allowed: removing nothing may only split a heap (d0 must be 0, 4, 8 or c)`,
    );
  }
  while (digits.length > 1 && digits[digits.length - 1] === 0) digits.pop();
  // A code whose every move leaves at most one heap and uses both "leave none" and "leave
  // one" (digit 3) is exactly the subtraction game on those amounts: one table for both.
  if (digits.length > 1 && d0 === 0 && digits.slice(1).every((d) => d === 0 || d === 3)) {
    const set = digits.flatMap((d, i) => (d === 3 ? [i] : []));
    return { family: 'sub', key: `sub:${set.join(',')}`, set };
  }
  return { family: 'octal', key: `octal:${formatCode(digits)}`, digits };
}

function parseModule(body: string, spec: string, cwd: string): Rules {
  if (body === '') throw new UsageError(`'${spec}' names no file; write module:./path/rules.js`);
  const path = resolve(cwd, body);
  let content: Buffer;
  try {
    if (!statSync(path).isFile()) throw new Error('not a file');
    content = readFileSync(path);
  } catch {
    throw new UsageError(`custom rules module not found or not readable: ${path}`);
  }
  // The key carries the content hash: an edited module is a different game, a new table.
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 16);
  return { family: 'module', key: `module:${basename(path)}#${hash}`, path, hash };
}

/** One line naming the game, for summaries. */
export function describeRules(rules: Rules): string {
  switch (rules.family) {
    case 'nim':
      return 'nim: remove any positive number of tokens';
    case 'sub':
      return `subtraction game S = {${rules.set.join(', ')}}`;
    case 'subinf':
      return `subtraction game: ${rules.name}`;
    case 'allbut':
      return `all-but subtraction game: remove any positive number except ${rules.excluded.join(', ')}`;
    case 'octal':
      return `take-and-break code ${rules.key.slice('octal:'.length)}`;
    case 'grundy':
      return "Grundy's game: split a heap into two unequal non-empty heaps";
    case 'module':
      return `custom rules from ${rules.path}`;
  }
}
