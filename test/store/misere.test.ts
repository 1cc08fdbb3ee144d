import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeGame } from '../../src/store/manage.js';
import {
  deleteMisereTable,
  loadMisereRows,
  loadMisereTable,
  misereTableInfo,
  saveMisereTable,
} from '../../src/store/misere.js';
import { Store } from '../../src/store/store.js';
import { tempDir } from '../helpers/cli.js';

const { dir, cleanup } = tempDir('grundy-store-misere-');
afterAll(cleanup);

const row = (position: number, outcome: 'P' | 'N' | 'D', value: number | null) => ({
  position,
  outcome,
  value,
  genus: value === null ? null : `0^${value}`,
  tame: value === null ? null : value === 1,
});

describe('misère tables', () => {
  it('are saved whole, replaced whole, read by position, and removed with the game', () => {
    const store = Store.openForWrite(join(dir, 'a.db'));
    try {
      saveMisereTable(store, 'octal:0.77', 'heap', [row(0, 'N', 1), row(1, 'P', 0), row(2, 'N', 2)]);
      expect(misereTableInfo(store, 'octal:0.77')).toMatchObject({ kind: 'heap', positions: 3 });
      expect([...loadMisereRows(store, 'octal:0.77', [1, 7]).keys()]).toEqual([1]);
      saveMisereTable(store, 'octal:0.77', 'heap', [row(0, 'N', 1)]);
      expect(loadMisereTable(store, 'octal:0.77')).toEqual([row(0, 'N', 1)]);
      saveMisereTable(store, 'graph:g#1', 'graph', [row(0, 'D', null)]);
      expect(loadMisereTable(store, 'graph:g#1')[0]).toMatchObject({ outcome: 'D', value: null, tame: null });
      store.transaction(() => deleteMisereTable(store, 'graph:g#1'));
      expect(misereTableInfo(store, 'graph:g#1')).toBeUndefined();
      // rm of a game takes its misère table with it.
      store.ensureGame({ family: 'octal', key: 'octal:0.77', digits: [0, 7, 7] } as never);
      removeGame(store, 'octal:0.77');
      expect(misereTableInfo(store, 'octal:0.77')).toBeUndefined();
      expect(loadMisereTable(store, 'octal:0.77')).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('a failure inside the transaction leaves the previous table', () => {
    const store = Store.openForWrite(join(dir, 'b.db'));
    try {
      saveMisereTable(store, 'nim', 'heap', [row(0, 'N', 1)]);
      const bad = [row(0, 'N', 1), { ...row(1, 'P', 0), outcome: undefined as never }];
      expect(() => saveMisereTable(store, 'nim', 'heap', bad)).toThrow();
      expect(loadMisereTable(store, 'nim')).toEqual([row(0, 'N', 1)]);
    } finally {
      store.close();
    }
  });
});
