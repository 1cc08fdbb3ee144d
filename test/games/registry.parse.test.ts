import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { parseBigInteger, parseCount, parsePositions } from '../../src/numbers.js';
import { editDistance, parseRules, specNotes } from '../../src/games/registry.js';

describe('game specs normalise to one canonical key and the fields the kernels read', () => {
  // Every field of the parsed rules, not only the key: the kernels read the digits and sets.
  it.each([
    ['nim', { family: 'nim', key: 'nim' }],
    ['NIM', { family: 'nim', key: 'nim' }],
    ['sub:4,1,3,3', { family: 'sub', key: 'sub:1,3,4', set: [1, 3, 4] }],
    ['sub: 1, 3 ,4', { family: 'sub', key: 'sub:1,3,4', set: [1, 3, 4] }],
    ['sub:squares', { family: 'subinf', key: 'sub:squares', name: 'squares' }],
    ['sub:Primes', { family: 'subinf', key: 'sub:primes', name: 'primes' }],
    ['allbut:2,1', { family: 'allbut', key: 'allbut:1,2', excluded: [1, 2] }],
    ['.77', { family: 'octal', key: 'octal:0.77', digits: [0, 7, 7] }],
    ['0.77', { family: 'octal', key: 'octal:0.77', digits: [0, 7, 7] }],
    ['.770', { family: 'octal', key: 'octal:0.77', digits: [0, 7, 7] }],
    ['octal:0.770', { family: 'octal', key: 'octal:0.77', digits: [0, 7, 7] }],
    ['kayles', { family: 'octal', key: 'octal:0.77', digits: [0, 7, 7] }],
    ['dawson-chess', { family: 'octal', key: 'octal:0.137', digits: [0, 1, 3, 7] }],
    ['octal:0.F7', { family: 'octal', key: 'octal:0.f7', digits: [0, 15, 7] }],
    ['hex:0.f7', { family: 'octal', key: 'octal:0.f7', digits: [0, 15, 7] }],
    ['octal:0.6', { family: 'octal', key: 'octal:0.6', digits: [0, 6] }],
    ['octal:0.16', { family: 'octal', key: 'octal:0.16', digits: [0, 1, 6] }],
    ['octal:4.0', { family: 'octal', key: 'octal:4.0', digits: [4] }],
    ['octal:4.', { family: 'octal', key: 'octal:4.0', digits: [4] }],
    ['octal:c.07', { family: 'octal', key: 'octal:c.07', digits: [12, 0, 7] }],
    // A code whose every move takes 1-3 tokens leaving one heap or none is that subtraction game.
    ['octal:0.333', { family: 'sub', key: 'sub:1,2,3', set: [1, 2, 3] }],
    ['octal:0.303', { family: 'sub', key: 'sub:1,3', set: [1, 3] }],
    ['grundy', { family: 'grundy', key: 'grundy' }],
  ])('%s -> %j', (spec, rules) => {
    expect(parseRules(spec)).toStrictEqual(rules);
  });

  it('a custom module key carries the hash of its content', () => {
    const rules = parseRules('module:test/fixtures/rules-halves.js');
    expect(rules.key).toMatch(/^module:rules-halves\.js#[0-9a-f]{16}$/);
    expect(rules).toStrictEqual({
      family: 'module',
      key: rules.key,
      path: resolve('test/fixtures/rules-halves.js'),
      hash: rules.key.slice(rules.key.indexOf('#') + 1),
    });
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
    ['sub:1,99999999999', 'too large'],
    ['sub:circles', "'circles' in 'sub:circles' is not a positive integer"],
    ['chess', "unknown game 'chess'"],
    ['foo:1', "unknown game family 'foo'"],
    ['', 'empty game spec'],
    ['module:./no/such/file.js', 'custom rules module not found'],
    // A typo that would otherwise compute a large table of a game nobody meant (issue 40).
    ['allbut:', "'allbut:' excludes no amount; write allbut:1,2"],
    ['octal:0.', "'octal:0.' allows no move; write the digits after the point, e.g. octal:0.77"],
    ['.', "'.' allows no move"],
    ['0.00', "'0.00' allows no move"],
    ['kayle', "unknown game 'kayle' (did you mean kayles?)"],
    ['Officer', '(did you mean officers?)'],
    ['octl:0.77', "unknown game family 'octl' in 'octl:0.77' (did you mean octal:0.77?)"],
    ['chess', 'or a name: kayles, dawson-kayles'],
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

describe('a valid spec that may not be what was meant says how it reads', () => {
  it('a hex digit in an octal code: the hex game, and what the digit allows', () => {
    expect(specNotes('octal:0.78')).toStrictEqual([
      "'8' in 'octal:0.78' is a hex digit, not an octal one (0-7): the game is the hex code octal:0.78, " +
        'where bit 8 of digit 2 lets a move remove 2 and leave three heaps',
    ]);
    expect(specNotes('.f7')[0]).toContain("'f' in '.f7' is a hex digit");
  });

  it.each(['octal:0.77', 'hex:0.78', 'kayles', 'octal:4.0', 'sub:1,2', 'nim'])('%s: nothing to say', (spec) => {
    expect(specNotes(spec)).toStrictEqual([]);
  });

  it('the edit distance counts insertions, deletions and substitutions', () => {
    expect([editDistance('kayle', 'kayles'), editDistance('octl', 'octal'), editDistance('abc', 'xbz')]).toEqual([
      1, 1, 2,
    ]);
    expect(editDistance('', 'nim')).toBe(3);
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
