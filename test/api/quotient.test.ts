import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  computeQuotient,
  evaluateMisereSum,
  NotComputedError,
  openQuotient,
  readQuotient,
  removeGame,
  UsageError,
} from '../../src/index.js';
import { tempDir } from '../helpers/cli.js';
import { naiveMisere } from '../helpers/naive-misere-sums.js';

/* src/api/quotient.ts: compute and store a quotient, read it back, answer sums from it. */
const { dir, cleanup } = tempDir('grundy-api-quotient-');
afterAll(cleanup);

describe('misère quotients in the library', () => {
  it('computes 0.75 until its heap map period is proven, stores it, and answers sums of any heaps', async () => {
    const db = join(dir, 'q.db');
    const s = await computeQuotient('octal:0.75', { db });
    expect(s).toMatchObject({ game: 'octal:0.75', order: 8, period: { proven: true }, stopped: null });
    expect(s.heaps).toBe(s.proofHeap);
    expect(s.pPortion).toHaveLength(2);
    expect(readQuotient('.75', { db })).toMatchObject({ order: 8, heaps: s.heaps, presentation: s.presentation });
    const isP = naiveMisere('octal:0.75');
    const reader = openQuotient('octal:0.75', { db });
    for (const sum of [[3, 5, 7], [2, 2], [1], [4, 4, 1], [6, 9]]) {
      const a = reader.answer(sum);
      expect(a.outcome).toBe(isP(sum) ? 'P' : 'N');
      if (a.move) {
        const i = sum.indexOf(a.move.heap);
        expect(isP([...sum.slice(0, i), ...sum.slice(i + 1), ...a.move.to])).toBe(true);
      }
    }
    // Beyond the stored heaps, by the proven period.
    const far = evaluateMisereSum('octal:0.75', [1_000_001, 3], { db });
    expect(far.source).toBe('period');
    expect(far.move === null).toBe(far.outcome === 'P');
  });

  it('stores what it reached at a limit, says why, and grows a stored quotient', async () => {
    const db = join(dir, 'grow.db');
    const first = await computeQuotient('octal:0.07', { db, heaps: 8 });
    expect(first.heaps).toBe(8);
    expect(() => evaluateMisereSum('octal:0.07', [30], { db })).toThrow(NotComputedError);
    const grown = await computeQuotient('dawson-kayles', { db, heaps: 12 });
    expect(grown.heaps).toBe(12);
    expect(grown.changes.at(-1)).toMatchObject({ order: grown.order });
    const limited = await computeQuotient('octal:0.77', { db, heaps: 12, maxOrder: 10 });
    expect(limited.stopped).toMatch(/heap 5: the quotient has more than 10 elements/);
    expect(limited.heaps).toBe(4);
    expect(readQuotient('kayles', { db }).heaps).toBe(4);
  });

  it('refuses games it does not compute and bad heaps, and removes a quotient with its game', async () => {
    const db = join(dir, 'bad.db');
    await expect(computeQuotient('grundy', { db })).rejects.toThrow(UsageError);
    await expect(computeQuotient('octal:0.75', { db, heaps: 0 })).rejects.toThrow(UsageError);
    expect(() => readQuotient('octal:0.75', { db })).toThrow(NotComputedError);
    await computeQuotient('sub:1,2', { db, heaps: 6 });
    expect(() => evaluateMisereSum('sub:1,2', [-1], { db })).toThrow(UsageError);
    removeGame('sub:1,2', { db });
    expect(new Database(db).prepare('SELECT COUNT(*) AS n FROM misere_quotients').get()).toEqual({ n: 0 });
  });

  it('an interrupted computation stores the heaps it finished and says how to resume', async () => {
    const db = join(dir, 'stop.db');
    const abort = new AbortController();
    const run = computeQuotient('octal:0.26', {
      db,
      heaps: 30,
      signal: abort.signal,
      onHeap: (n) => {
        if (n === 6) abort.abort();
      },
    });
    await expect(run).rejects.toThrow(/interrupted; the quotient of heaps 1..6 is stored; resume: grundy quotient/);
    expect(readQuotient('octal:0.26', { db }).heaps).toBe(6);
  });
});
