import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { parseBigInteger } from '../../src/numbers.js';
import { formatPosition, parsePosition } from '../../src/play/position.js';

/**
 * Issue 6 fuzzing for the parsers issue 4 added: positions (grundy eval) and --mod (grundy
 * count), 10^4 generated strings each, in-process. Same contract as parsers.test.ts.
 */
const RUNS = 10_000;
const SEED = 20261122;

/**
 * The grammar, written out on its own (docs/commands.md "Play and count", src/play/position.ts's doc), so the
 * fuzzer says exactly which inputs are refused and why, rather than accepting any refusal:
 *
 *   position  := component ('+' component)*        (after trimming; not empty)
 *   component := spec '@' heap (',' heap)*          (the last '@'; spec and each heap trimmed, none empty)
 *   heap      := digits | digits '^' digits | digits ['.' digits*] 'e' ['+'] digits
 *                ('_' anywhere and the case of 'e' ignored; exponents at most 4096; 'e' with no
 *                more fraction digits, less trailing zeros, than its exponent)
 *
 * '+', '@' and ',' split only outside double-quoted strings (a backslash escapes the character
 * after it) and outside brackets, whose depth a closing bracket lowers even below zero.
 */
type Verdict =
  | { readonly ok: true; readonly value: { spec: string; heaps: bigint[] }[] }
  | { readonly ok: false; readonly message: RegExp };
type HeapVerdict = { readonly ok: true; readonly value: bigint } | { readonly ok: false; readonly message: RegExp };

const MAX_EXPONENT = 4096;

function splitOutside(text: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (const c of text.split('')) {
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if ('[{'.includes(c)) depth += 1;
    else if (']}'.includes(c)) depth -= 1;
    else if (c === sep && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  parts.push(current);
  return parts;
}

/** A heap as written: its value, or the refusal the grammar gives it. */
function heapVerdict(written: string): HeapVerdict {
  const t = written.trim().split('_').join('').toLowerCase();
  const isDigits = (x: string | undefined): boolean => x !== undefined && /^[0-9]+$/.test(x);
  if (t === '') return { ok: false, message: /is empty; write a non-negative integer/ };
  if (isDigits(t)) return { ok: true, value: BigInt(t) };
  const power = t.split('^');
  if (power.length === 2 && isDigits(power[0]) && isDigits(power[1])) {
    if (Number(power[1]) > MAX_EXPONENT) return { ok: false, message: /is too large/ };
    let value = 1n;
    for (let i = 0; i < Number(power[1]); i++) value *= BigInt(power[0]!);
    return { ok: true, value };
  }
  const sci = t.split('e');
  if (sci.length === 2) {
    const [mantissa, rawExponent] = sci as [string, string];
    const exponent = rawExponent.startsWith('+') ? rawExponent.slice(1) : rawExponent;
    const dot = mantissa.indexOf('.');
    const whole = dot < 0 ? mantissa : mantissa.slice(0, dot);
    const fraction = dot < 0 ? '' : mantissa.slice(dot + 1);
    if (isDigits(whole) && (fraction === '' || isDigits(fraction)) && isDigits(exponent)) {
      if (Number(exponent) > MAX_EXPONENT) return { ok: false, message: /is too large/ };
      let digits = fraction;
      while (digits.endsWith('0')) digits = digits.slice(0, -1);
      if (digits.length > Number(exponent)) return { ok: false, message: /is not an integer/ };
      return { ok: true, value: BigInt(whole + digits + '0'.repeat(Number(exponent) - digits.length)) };
    }
  }
  if (t.startsWith('-')) return { ok: false, message: /is negative; it must be >= 0/ };
  return { ok: false, message: /is not a non-negative integer/ };
}

/** The shape is checked in every component before any heap is read. */
function positionVerdict(text: string): Verdict {
  if (text.trim() === '') return { ok: false, message: /empty position; write GAME@heaps/ };
  const written: { spec: string; items: string[] }[] = [];
  for (const part of splitOutside(text.trim(), '+')) {
    const raw = part.trim();
    if (raw === '') return { ok: false, message: /empty component \(two '\+' in a row or a trailing '\+'\)/ };
    const pieces = splitOutside(raw, '@');
    if (pieces.length === 1) return { ok: false, message: /has no heaps; write GAME@heaps/ };
    const body = pieces.pop()!;
    const spec = raw.slice(0, raw.length - body.length - 1).trim();
    if (spec === '') return { ok: false, message: /names no game before '@'/ };
    if (body.trim() === '') return { ok: false, message: /has no heaps after '@'/ };
    const items = splitOutside(body.trim(), ',').map((h) => h.trim());
    if (items.includes('')) return { ok: false, message: /has an empty heap/ };
    written.push({ spec, items });
  }
  const value: { spec: string; heaps: bigint[] }[] = [];
  for (const { spec, items } of written) {
    const heaps: bigint[] = [];
    for (const item of items) {
      const heap = heapVerdict(item);
      if (!heap.ok) return heap;
      heaps.push(heap.value);
    }
    value.push({ spec, heaps });
  }
  return { ok: true, value };
}

/** `parse` refuses with a one-line UsageError whose message is the one the grammar names. */
function refusesAs(parse: () => unknown, message: RegExp): void {
  let err: unknown = null;
  try {
    parse();
  } catch (e) {
    err = e;
  }
  if (err !== null && !(err instanceof UsageError)) throw err;
  expect(err, 'refused').toBeInstanceOf(UsageError);
  expect((err as UsageError).message).not.toMatch(/[\n\r]/);
  expect((err as UsageError).message).toMatch(message);
}

describe('fuzzing the play parsers (10^4 generated strings each)', () => {
  it('positions: parsePosition; what it accepts formats and parses back to itself', () => {
    const chars = '0123456789kaylesnimsuboctal:.,@+ ^e_-/#\t';
    const position = fc.oneof(
      { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...chars), maxLength: 40 }) },
      {
        weight: 2,
        arbitrary: fc
          .array(
            fc.tuple(
              fc.constantFrom('kayles', 'nim', 'sub:1,3,4', 'octal:0.77', '.137', 'x', ''),
              fc.array(fc.string({ unit: fc.constantFrom(...'0123456789e^_,'), maxLength: 6 }), { maxLength: 3 }),
            ),
            { minLength: 1, maxLength: 4 },
          )
          .map((parts) =>
            parts.map(([g, hs]) => `${g}@${hs.join(',')}`).join(fc.sample(fc.constantFrom('+', ' + ', '++'), 1)[0]!),
          ),
      },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
    );
    let accepted = 0;
    fc.assert(
      fc.property(position, (text) => {
        const started = performance.now();
        const verdict = positionVerdict(text);
        if (verdict.ok) {
          // Accepted by the grammar: parsed to the grammar's values, and back to itself.
          const parsed = parsePosition(text);
          accepted++;
          expect(parsed.map((c) => ({ spec: c.spec, heaps: c.heaps }))).toEqual(verdict.value);
          const again = parsePosition(formatPosition(parsed));
          expect(again.map((c) => [c.spec, c.heaps])).toEqual(parsed.map((c) => [c.spec, c.heaps]));
        } else {
          refusesAs(() => parsePosition(text), verdict.message);
        }
        expect(performance.now() - started).toBeLessThan(1000);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(accepted).toBeGreaterThan(100);
  });

  it('--mod: parseBigInteger as grundy count uses it', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789_eE^.+-, x'), maxLength: 20 }), (text) => {
        const verdict = heapVerdict(text);
        if (verdict.ok) expect(parseBigInteger(text, '--mod')).toBe(verdict.value);
        else refusesAs(() => parseBigInteger(text, '--mod'), verdict.message);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
