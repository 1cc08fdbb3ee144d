import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { heapMapPeriod } from '../../src/misere/quotient-period.js';
import { quotientUpTo } from '../../src/misere/quotient.js';
import { hasQuotient, loadQuotient, saveQuotient } from '../../src/store/quotients.js';
import { Store } from '../../src/store/store.js';
import { takeBreakRules } from '../../src/games/take-break.js';
import { takeBreakOptions } from '../../src/rules/take-break.js';
import { tempDir } from '../helpers/cli.js';

const { dir, cleanup } = tempDir('grundy-store-quotients-');
afterAll(cleanup);

describe('the misère quotient repository', () => {
  it('saves a quotient in a transaction and loads it back as it was; a failed transaction stores nothing', () => {
    const store = Store.openForWrite(join(dir, 'q.db'));
    try {
      const rules = takeBreakRules([0, 7, 5]);
      const quotient = quotientUpTo((n) => takeBreakOptions([0, 7, 5], undefined, n), 12);
      const period = heapMapPeriod(quotient.phi, null);
      expect(() =>
        store.transaction(() => {
          saveQuotient(store, store.ensureGame(rules), { quotient, period, stopped: null, orders: [2], elapsedMs: 1 });
          throw new Error('fails after the write');
        }),
      ).toThrow('fails after the write');
      expect(store.getGame(rules.key)).toBeUndefined();
      store.transaction(() =>
        saveQuotient(store, store.ensureGame(rules), { quotient, period, stopped: 'x', orders: [2, 6], elapsedMs: 5 }),
      );
      const game = store.getGame(rules.key)!;
      expect(hasQuotient(store, game)).toBe(true);
      const back = loadQuotient(store, game)!;
      expect(back.quotient.order).toBe(quotient.order);
      expect(Array.from(back.quotient.mult)).toEqual(Array.from(quotient.mult));
      expect(Array.from(back.quotient.isP)).toEqual(Array.from(quotient.isP));
      expect(Array.from(back.quotient.phi)).toEqual(Array.from(quotient.phi));
      expect(back.quotient.words).toEqual(quotient.words);
      expect(back).toMatchObject({ period, stopped: 'x', orders: [2, 6], elapsedMs: 5 });
    } finally {
      store.close();
    }
  });
});
