import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GrundyError } from '../../src/errors.js';
import { prepareGames, type PreparedGame } from '../../src/play/prepare.js';
import { Store } from '../../src/store/store.js';
import { tempDir } from '../helpers/cli.js';

const tmp = tempDir();
afterAll(tmp.cleanup);

/** One game prepared on a fresh store, with what the store holds after. */
async function prepare(
  spec: string,
  maxHeap: bigint,
): Promise<{ game: PreparedGame; stored: number | undefined; calls: [number, boolean | undefined][] }> {
  const dbPath = join(tmp.dir, `${spec.replace(/[:.,]/g, '_')}-${maxHeap}.db`);
  const calls: [number, boolean | undefined][] = [];
  const out = await prepareGames([{ spec, maxHeap }], {
    dbPath,
    workers: 1,
    onCompute: (_, to, untilProven) => calls.push([to, untilProven]),
  });
  const game = out.get(spec)!;
  if (game instanceof GrundyError) throw game;
  const store = Store.openForRead(dbPath);
  try {
    const row = store?.listGames()[0];
    return { game, stored: row?.computed, calls };
  } finally {
    store?.close();
  }
}

describe('a missing table computed on the fly stops at its proof (issue 40)', () => {
  it('a count to 10^6 of a subtraction game stores a few values and the proven period, not 10^6 values', async () => {
    // {1, 3}, not an interval: an interval has a closed form and needs no table at all.
    const { game, stored, calls } = await prepare('sub:1,3', 1_000_000n);
    expect(calls).toEqual([[1_000_001, true]]);
    expect(game.cert).toMatchObject({ proven: true, preperiod: 0, period: 2 });
    expect(stored).toBeLessThan(1_000);
  });

  it("Dawson's Kayles to 20,000: proven (period 34 from 53) long before the table would end", async () => {
    const { game, stored } = await prepare('dawson-kayles', 20_000n);
    expect(game.cert).toMatchObject({ proven: true, preperiod: 53, period: 34 });
    expect(stored).toBeLessThan(2_000);
  });

  it('a heap beyond the on-the-fly limit: a provable game is computed until proven, and answers it', async () => {
    const { game } = await prepare('kayles', 10n ** 12n);
    expect(game.cert).toMatchObject({ proven: true, preperiod: 71, period: 12 });
  });

  it.each(['grundy', 'officers'])(
    '%s at 10^12: no proof criterion or an open problem, nothing computed',
    async (spec) => {
      const { game, stored } = await prepare(spec, 10n ** 12n);
      expect(game.cert).toBeNull();
      expect(stored).toBeUndefined();
    },
  );
});
