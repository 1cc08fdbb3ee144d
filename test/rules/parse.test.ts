import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { parseBigInteger, parseCount, parsePositions } from '../../src/numbers.js';
import { parseRules } from '../../src/games/registry.js';

describe('game specs normalise to one canonical key', () => {
  it.each([
    ['nim', 'nim'],
    ['NIM', 'nim'],
    ['allbut:', 'nim'],
    ['sub:4,1,3,3', 'sub:1,3,4'],
    ['sub: 1, 3 ,4', 'sub:1,3,4'],
    ['sub:squares', 'sub:squares'],
    ['sub:Primes', 'sub:primes'],
    ['allbut:2,1', 'allbut:1,2'],
    ['.77', 'octal:0.77'],
    ['0.77', 'octal:0.77'],
    ['.770', 'octal:0.77'],
    ['octal:0.770', 'octal:0.77'],
    ['kayles', 'octal:0.77'],
    ['dawson-chess', 'octal:0.137'],
    ['octal:0.F7', 'octal:0.f7'],
    ['hex:0.f7', 'octal:0.f7'],
    ['octal:4.0', 'octal:4.0'],
    ['octal:4.', 'octal:4.0'],
    ['octal:0.333', 'sub:1,2,3'],
    ['octal:0.303', 'sub:1,3'],
    ['grundy', 'grundy'],
  ])('%s -> %s', (spec, key) => {
    expect(parseRules(spec).key).toBe(key);
  });

  it('a custom module key carries the hash of its content', () => {
    const rules = parseRules('module:test/fixtures/rules-halves.js');
    expect(rules.key).toMatch(/^module:rules-halves\.js#[0-9a-f]{16}$/);
  });
});

describe('malformed specs: one line naming the problem and the text', () => {
  it.each([
    ['octal:0.g7', "'g' is not a take-and-break digit (0-9, a-f)"],
    ['.7z', "'z' is not a take-and-break digit"],
    ['octal:1.7', "d0 = '1'"],
    ['octal:0.7.7', 'not a take-and-break code'],
    ['sub:', 'empty subtraction set'],
    ['sub:1,,2', 'empty subtraction amount'],
    ['sub:0,2', '0 in'],
    ['sub:-1', "'-1' in 'sub:-1' is not a positive integer"],
    ['sub:1.5', 'not a positive integer'],
    ['sub:99999999999', 'too large'],
    ['sub:circles', "'circles' in 'sub:circles' is not a positive integer"],
    ['chess', "unknown game 'chess'"],
    ['foo:1', "unknown game family 'foo'"],
    ['', 'empty game spec'],
    ['module:./no/such/file.js', 'custom rules module not found'],
  ])('%s', (spec, message) => {
    let error: unknown;
    try {
      parseRules(spec);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).exitCode).toBe(2);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain('\n');
  });
});

describe('numbers as people type them', () => {
  it.each([
    ['1000000', 1_000_000n],
    ['1_000_000', 1_000_000n],
    ['1e6', 1_000_000n],
    ['1.5e3', 1500n],
    ['2^20', 1_048_576n],
    ['10^18', 10n ** 18n],
    ['1e30', 10n ** 30n],
    ['0', 0n],
  ])('%s', (text, value) => {
    expect(parseBigInteger(text, 'n')).toBe(value);
  });

  it.each(['', '-5', '1.5', 'abc', '1e', '2^', '1.25e1', '0x10'])('refuses %j', (text) => {
    expect(() => parseBigInteger(text, 'n')).toThrow(UsageError);
  });

  it('counts are range-checked', () => {
    expect(parseCount('2^10', '--to', 1, 2000)).toBe(1024);
    expect(() => parseCount('0', '--to', 1)).toThrow(/at least 1/);
    expect(() => parseCount('1e12', '--to', 1, 2 ** 31 - 1)).toThrow(/at most/);
  });

  it('positions and ranges', () => {
    expect(parsePositions(['3', '5..8', '2^70'])).toEqual([3n, 5n, 6n, 7n, 8n, 2n ** 70n]);
    expect(() => parsePositions(['9..3'])).toThrow(/empty/);
    expect(() => parsePositions(['0..1e9'])).toThrow(/more than/);
  });
});
