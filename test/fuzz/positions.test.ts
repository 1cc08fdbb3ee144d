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

function rejectsCleanly(err: unknown): void {
  if (!(err instanceof UsageError)) throw err;
  expect(err.message).not.toMatch(/[\n\r]/);
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
        try {
          const parsed = parsePosition(text);
          accepted++;
          expect(parsed.length).toBeGreaterThan(0);
          for (const c of parsed) for (const h of c.heaps) expect(h >= 0n).toBe(true);
          const again = parsePosition(formatPosition(parsed));
          expect(again.map((c) => [c.spec, c.heaps])).toEqual(parsed.map((c) => [c.spec, c.heaps]));
        } catch (err) {
          rejectsCleanly(err);
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
        try {
          const mod = parseBigInteger(text, '--mod');
          expect(mod >= 0n).toBe(true);
        } catch (err) {
          rejectsCleanly(err);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
