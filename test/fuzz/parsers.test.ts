import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBytes, parseDuration } from '../../src/durations.js';
import { UsageError } from '../../src/errors.js';
import { MAX_HEAP } from '../../src/engine/planner.js';
import { parseBigInteger, parseCount, parsePositions } from '../../src/numbers.js';
import { parseRules } from '../../src/games/registry.js';

/**
 * Property-based fuzzing of every parser that sees what a user types, in-process for speed:
 * at least 10^4 generated strings each (seeded, so a failure reproduces). Whatever the input,
 * a parser returns a well-formed value or throws a UsageError (exit 2) whose message is one line
 * that names the input; nothing else escapes, and nothing takes long.
 */
const RUNS = 10_000;
const SEED = 20261121;

/** Call `parse`; a rejection must be a one-line UsageError, and no call may hang. */
function accepts<T>(parse: () => T): T | null {
  const started = performance.now();
  try {
    return parse();
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    expect(err.exitCode).toBe(2);
    expect(err.message).not.toMatch(/[\n\r]/);
    expect(err.message.length).toBeGreaterThan(0);
    return null;
  } finally {
    // "No hang", not a speed claim: a second per input is four orders of magnitude of slack.
    expect(performance.now() - started).toBeLessThan(1000);
  }
}

/** Text from an alphabet that reaches deep into a parser, mixed with arbitrary Unicode. */
function textFrom(alphabet: string, maxLength = 24): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: fc.constantFrom(...alphabet), maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength }) },
  );
}

const NUMBER_CHARS = '0123456789_eE^.+- ,x\t';
const numberText = textFrom(NUMBER_CHARS);

/** Numbers spelled every way the CLI accepts, with the value they must parse to. */
const spelledNumber = fc.oneof(
  fc.bigInt({ min: 0n, max: 10n ** 30n }).map((v) => ({ text: v.toString(), value: v })),
  fc
    .bigInt({ min: 0n, max: 10n ** 12n })
    .map((v) => ({ text: v.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '_'), value: v })),
  fc
    .tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 40 }))
    .map(([m, e]) => ({ text: `${m}e${e}`, value: BigInt(m) * 10n ** BigInt(e) })),
  fc
    .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 200 }))
    .map(([b, e]) => ({ text: `${b}^${e}`, value: BigInt(b) ** BigInt(e) })),
  fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 30 }))
    .map(([a, d, e]) => ({
      text: `${a}.${d}e${e}`,
      value: BigInt(`${a}${d}`) * 10n ** BigInt(e - 1),
    })),
);

describe('fuzzing the parsers (10^4 generated strings each)', () => {
  it('game specs: parseRules', () => {
    const specChars = '0123456789abcdefxyz.,:_- sSuUbBoOcCtTaAlLnNmMiIgGrRdDkKyYpPqQwW/#';
    const families = [
      '',
      'sub:',
      'SUB:',
      'allbut:',
      'octal:',
      'hex:',
      'octal:0.',
      '.',
      '0.',
      '4.',
      'module:',
      'nim',
      'grundy',
      'kayles',
      'sub:squares',
    ];
    const spec = fc.oneof(
      textFrom(specChars),
      fc.tuple(fc.constantFrom(...families), textFrom(specChars, 16)).map(([f, b]) => f + b),
    );
    let accepted = 0;
    fc.assert(
      fc.property(spec, (text) => {
        const rules = accepts(() => parseRules(text));
        if (rules === null) return;
        accepted++;
        expect(rules.key).not.toBe('');
        // Canonical: the key itself parses back to the same key (module keys name a hash, not a path).
        if (rules.family !== 'module') expect(parseRules(rules.key).key).toBe(rules.key);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(accepted).toBeGreaterThan(100);
  });

  it('numbers (n of query): parseBigInteger, and every accepted spelling means what it says', () => {
    fc.assert(
      fc.property(numberText, (text) => {
        const v = accepts(() => parseBigInteger(text, 'n'));
        if (v !== null) expect(v >= 0n).toBe(true);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    fc.assert(
      fc.property(spelledNumber, ({ text, value }) => {
        expect(parseBigInteger(text, 'n')).toBe(value);
      }),
      { numRuns: 2000, seed: SEED },
    );
  });

  it('--to (and --workers): parseCount within its bounds', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          numberText,
          spelledNumber.map((s) => s.text),
        ),
        (text) => {
          const to = accepts(() => parseCount(text, '--to', 1, MAX_HEAP));
          if (to !== null) expect(Number.isSafeInteger(to) && to >= 1 && to <= MAX_HEAP).toBe(true);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('positions and ranges (query n..m): parsePositions', () => {
    const item = fc.oneof(
      numberText,
      fc.tuple(numberText, numberText).map(([a, b]) => `${a}..${b}`),
    );
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 3 }), (items) => {
        const got = accepts(() => parsePositions(items, 500));
        if (got !== null) expect(got.length).toBeLessThanOrEqual(500 * items.length);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('--module-timeout: parseDuration', () => {
    fc.assert(
      fc.property(textFrom('0123456789.msechinMSH _-e'), (text) => {
        const ms = accepts(() => parseDuration(text, '--module-timeout'));
        if (ms !== null) expect(Number.isInteger(ms) && ms >= 1 && ms <= 24 * 3_600_000).toBe(true);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('GRUNDY_MAX_MEMORY: parseBytes', () => {
    fc.assert(
      fc.property(textFrom('0123456789.kmgtKMGTiBbe _-'), (text) => {
        const bytes = accepts(() => parseBytes(text, 'GRUNDY_MAX_MEMORY'));
        if (bytes !== null) expect(Number.isSafeInteger(bytes) && bytes >= 1).toBe(true);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
