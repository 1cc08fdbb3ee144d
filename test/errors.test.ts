import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  compute,
  computeCommand,
  errorText,
  exportCommand,
  NotComputedError,
  openStore,
  query,
  UsageError,
} from '../src/index.js';
import { tempDir } from './helpers/cli.js';

/**
 * A NotComputedError from the library says what is missing, and its `compute` what would answer
 * it, as a compute() request; the CLI's line (errorText) adds that as a `grundy compute` command.
 */
const { dir, cleanup } = tempDir('grundy-errors-');
const db = join(dir, 'e.db');
afterAll(cleanup);

function refusal(f: () => unknown): NotComputedError {
  try {
    f();
  } catch (err) {
    if (err instanceof NotComputedError) return err;
    throw err;
  }
  throw new Error('expected a NotComputedError');
}

describe('NotComputedError tells a program what to compute', () => {
  it('a provable game: until proven; the request answers the query once computed', async () => {
    const err = refusal(() => query('sub:1,3,4', [5], { db }));
    expect(err.message).not.toMatch(/grundy compute/);
    expect(err.compute).toEqual({ game: 'sub:1,3,4' });
    await compute('sub:1,3,5', { db, to: 4, workers: 1 });
    const past = refusal(() => query('sub:1,3,5', [10n ** 20n], { db }));
    expect(past.compute).toEqual({ game: 'sub:1,3,5', untilProven: true });
    expect(errorText(past)).toBe(`${past.message}; run: grundy compute sub:1,3,5 --until-proven`);
    // Into the store the failed command named, quoted for the shell.
    expect(errorText(past, '/tmp/my store.db')).toBe(
      `${past.message}; run: grundy compute sub:1,3,5 --until-proven --db '/tmp/my store.db'`,
    );
    await compute(past.compute!.game, { db, workers: 1, ...past.compute });
    expect(query('sub:1,3,5', [10n ** 20n], { db })[0]!.value).toBe(10n ** 20n % 2n); // sub:1,3,5: g(n) = n mod 2
  });

  it('a known open problem: the table up to the heap, where a table reaches; past that, until proven', async () => {
    await compute('octal:0.6', { db, to: 20, workers: 1 });
    const heap = refusal(() => query('octal:0.6', [30], { db }));
    expect(heap.compute).toEqual({ game: 'octal:0.6', to: 31 });
    expect(errorText(heap)).toMatch(/; run: grundy compute octal:0.6 --to 31$/);
    const far = refusal(() => query('octal:0.6', [2n ** 40n], { db }));
    expect(far.compute).toEqual({ game: 'octal:0.6', untilProven: true });
  });

  it('a game with no criterion: the table up to the heap; a board: its size', async () => {
    await compute('grundy', { db, to: 20, workers: 1 });
    const heap = refusal(() => query('grundy', [30], { db }));
    expect(heap.compute).toEqual({ game: 'grundy', to: 31 });
    expect(errorText(heap)).toMatch(/; run: grundy compute grundy --to 31$/);
    const store = openStore(db);
    try {
      const board = refusal(() => store.cells('2d:king', ['3,5']));
      expect(board.compute).toEqual({ game: '2d:king', size: 6 });
      expect(computeCommand(board.compute!)).toBe('grundy compute 2d:king --size 6');
    } finally {
      store.close();
    }
  });

  it('quotes a spec as a shell reads it back, and leaves other errors as they are', () => {
    expect(computeCommand({ game: 'sub:1, 3', to: 7 })).toBe("grundy compute 'sub:1, 3' --to 7");
    const usage = new UsageError('bad');
    expect(errorText(usage)).toBe('bad');
    expect(errorText(new NotComputedError('gone'))).toBe('gone');
  });

  it('ends a usage error that names an export with the export of the same store', () => {
    const refused = new UsageError('--freq is for heap games: graph:g.txt is a game graph', {
      what: 'its values',
      game: 'graph:g.txt',
    });
    expect(refused.message).toBe('--freq is for heap games: graph:g.txt is a game graph');
    expect(errorText(refused)).toBe(`${refused.message}; its values: grundy export graph:g.txt`);
    expect(errorText(refused, 'my store.db')).toBe(
      `${refused.message}; its values: grundy export graph:g.txt --db 'my store.db'`,
    );
    expect(exportCommand({ what: 'its values', game: 'sub:1, 3', format: 'csv' }, 's.db')).toBe(
      "grundy export 'sub:1, 3' --format csv --db s.db",
    );
  });
});
