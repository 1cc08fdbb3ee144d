import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compute, NotComputedError, query } from '../../src/index.js';
import { tempDir } from '../helpers/cli.js';

/**
 * query(): one entry for every kind of game, each answer saying its kind. Facts checked: sub:1,2
 * has g(n) = n mod 3; (3, 5) is Wythoff's second P-position past (0, 0) and (1, 2); in the path
 * x -> y -> z, z is terminal (0), y = 1, x = 0.
 */
const { dir, cleanup } = tempDir('grundy-api-query-');
const db = join(dir, 'query.db');
const path = `graph:${join(dir, 'path.txt')}`;

beforeAll(async () => {
  writeFileSync(join(dir, 'path.txt'), 'x y\ny z\nz\n');
  await compute('sub:1,2', { db, to: 100, untilProven: true, workers: 1 });
  await compute(path, { db, workers: 1 });
});
afterAll(cleanup);

describe('query of any kind of game', () => {
  it('a heap game: g(n) by n, from the table and the proven period', () => {
    const answers = query('sub:1,2', [7, '0..5', 10n ** 40n], { db });
    expect(answers.every((a) => a.kind === 'heap')).toBe(true);
    expect(answers.map((a) => a.value)).toEqual([1n, 0n, 1n, 2n, 0n, 1n, 2n, 10n ** 40n % 3n]);
    expect(answers.at(-1)).toMatchObject({ kind: 'heap', n: 10n ** 40n, source: 'certificate' });
  });

  it("a heap game with a closed form, nothing stored: Lasker's Nim at 10^18, nim (4.3... and 0.3...)", () => {
    const e18 = 10n ** 18n;
    expect(query('octal:4.3...', [e18 + 3n, '1..4'], { db })).toEqual([
      { kind: 'heap', n: e18 + 3n, value: e18 + 4n, source: 'formula' },
      ...[1n, 2n, 4n, 3n].map((value, i) => ({ kind: 'heap', n: BigInt(i + 1), value, source: 'formula' })),
    ]);
    expect(query('octal:0.3...', [e18], { db })).toEqual([{ kind: 'heap', n: e18, value: e18, source: 'formula' }]);
  });

  it('a board: g(x, y) by cell, here from the formula with nothing stored', () => {
    expect(query('wythoff', ['3,5', '3,6'], { db })).toEqual([
      { kind: 'board', x: 3n, y: 5n, value: 0n, outcome: 'P', source: 'formula' },
      { kind: 'board', x: 3n, y: 6n, value: null, outcome: 'N', source: 'formula' },
    ]);
  });

  it('a game graph: vertices by name', () => {
    expect(query(path, ['x', 'y', 'z'], { db }).map((a) => [a.kind, a.value])).toEqual([
      ['graph', 0],
      ['graph', 1],
      ['graph', 0],
    ]);
  });

  it('NotComputedError when nothing stored answers', () => {
    expect(() => query('kayles', [3], { db })).toThrow(NotComputedError);
    expect(() => query('2d:king', ['1,1'], { db })).toThrow(NotComputedError);
  });
});
