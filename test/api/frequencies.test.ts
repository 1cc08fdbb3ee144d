import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compute, NotComputedError, openStore, UsageError } from '../../src/index.js';
import { tempDir } from '../helpers/cli.js';

/**
 * GrundyStore.frequencies: the value counts of heaps 1..N, checked against counting the stored
 * values one by one (at a power of two, whose counts the store keeps, and between two).
 */
const { dir, cleanup } = tempDir('grundy-api-freq-');
const db = join(dir, 'freq.db');

beforeAll(async () => {
  await compute('octal:0.6', { db, to: 300, workers: 1 });
  await compute('2d:king', { db, size: 8, workers: 1 });
});
afterAll(cleanup);

function counted(values: ArrayLike<number>, upto: number): number[] {
  const counts: number[] = [];
  for (let n = 1; n <= upto; n++) {
    const v = values[n]!;
    while (counts.length <= v) counts.push(0);
    counts[v]!++;
  }
  return counts;
}

describe('value frequencies from the library', () => {
  it('equal a count of the stored values, at a power of two and between two', () => {
    const store = openStore(db);
    try {
      const values = store.values('officers', 0, 300);
      expect(Array.isArray(values)).toBe(true); // numbers, not the store's width-typed bytes
      for (const at of [256, 200, 299]) {
        const table = store.frequencies('octal:0.6', { at });
        expect(table.game).toBe('octal:0.6');
        expect(table.heaps).toEqual({ from: 1, to: at });
        expect(table.counts).toEqual(counted(values, at));
      }
      expect(store.frequencies('officers').heaps.to).toBe(299);
      expect(store.frequencies('officers', { at: 256 }).counted.stored).toBe(256);
    } finally {
      store.close();
    }
  });

  it('refuses a board, a heap past the table and a game not stored, each saying what to run', () => {
    const store = openStore(db);
    try {
      expect(() => store.frequencies('2d:king')).toThrow(UsageError);
      expect(() => store.frequencies('officers', { at: 1000 })).toThrow(
        expect.objectContaining({
          message: 'octal:0.6 is stored up to heap 299, and --freq --at 1000 needs heap 1000',
          compute: { game: 'officers', to: 1001 },
        }),
      );
      expect(() => store.frequencies('kayles')).toThrow(NotComputedError);
    } finally {
      store.close();
    }
  });

  it('table() and runs(): the description, width, bytes and the run that computed it', () => {
    const store = openStore(db);
    try {
      const table = store.table('officers');
      expect(table).toMatchObject({ key: 'octal:0.6', kind: 'heap', computed: 300 });
      expect(table.description).toMatch(/0\.6/);
      expect(table.bytes).toBeGreaterThan(0);
      const runs = store.runs('officers');
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ fromN: 0, toN: 300, status: 'done' });
      expect(() => store.table('kayles')).toThrow(NotComputedError);
    } finally {
      store.close();
    }
  });
});
