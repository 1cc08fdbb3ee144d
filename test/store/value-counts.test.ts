import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRules } from '../../src/games/registry.js';
import { chunkValues, NarrowValues, tableMax } from '../../src/kernels/values.js';
import { encodeChunk } from '../../src/store/codec.js';
import { Store, type GameRow } from '../../src/store/store.js';
import { COUNTED_VALUES, countedHeaps, valueCounts } from '../../src/store/value-counts.js';
import { tempDir } from '../helpers/cli.js';
import { storeBefore } from '../helpers/old-store.js';
import { naiveValues } from '../helpers/naive.js';
import { poolsByWorkers } from '../helpers/pools.js';
import { storedComputer, type ComputeOptions } from '../helpers/stored-compute.js';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

/** How many of the heaps 1..heap take each value, counted the obvious way. */
function naiveCounts(values: readonly number[], heap: number): number[] {
  const counts: number[] = [];
  for (let n = 1; n <= heap; n++) counts[values[n]!] = (counts[values[n]!] ?? 0) + 1;
  return Array.from(counts, (c) => c ?? 0);
}

function chunksOf(path: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM chunks').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function powersBelow(computed: number): number[] {
  const out: number[] = [];
  for (let p = 1; p < computed; p *= 2) out.push(p);
  return out;
}

/** Every power of two the table reaches has its counts stored, and they, and any heap's, are right. */
function expectCounts(store: Store, game: GameRow, values: readonly number[], others: readonly number[]): void {
  expect(countedHeaps(store, game), game.key).toEqual(powersBelow(game.computed));
  for (const heap of [...powersBelow(game.computed), ...others]) {
    const got = valueCounts(store, game, heap);
    expect(Array.from(got.counts), `${game.key} at ${heap}`).toEqual(naiveCounts(values, heap));
    const power = 2 ** Math.floor(Math.log2(heap));
    expect(got).toMatchObject({ heap, storedAt: power, read: heap - power });
  }
}

describe('value counts at the powers of two, stored with the chunks', () => {
  const pools = poolsByWorkers([1, 2]);
  const N = 2100;
  // Short chunks of odd lengths, so that powers of two fall inside chunks, at their ends and
  // starts, and several in one chunk.
  const paths: [string, number, ComputeOptions][] = [
    ['octal:0.6', 1, { sparseTuning: { parallel: 'off', chunk: 97 } }],
    ['grundy', 2, { sparseTuning: { parallel: 'force', chunk: 150 } }],
    ['octal:0.137', 1, { kernel: 'plain' }],
    ['kayles', 2, { kernel: 'frozen-prefix' }],
    ['sub:squares', 2, {}],
  ];

  for (const [spec, workers, options] of paths) {
    it(`${spec}: equal to a naive count after a compute in chunks, and after a resumed one`, async () => {
      const compute = storedComputer(dir, pools);
      const rules = parseRules(spec);
      const want = naiveValues(rules, N);
      const whole = await compute(spec, N, workers, options, join(dir, 'whole.db'));
      expect(whole.values).toEqual(want);
      // A resume opens the store anew: no tally in memory, the stored heaps are counted back.
      const db = join(dir, 'resumed.db');
      await compute(spec, 700, workers, options, db);
      await compute(spec, N, workers, options, db);
      expect(chunksOf(join(dir, 'whole.db')), 'chunks').toBeGreaterThanOrEqual(4);
      for (const path of [join(dir, 'whole.db'), db]) {
        const store = Store.openForRead(path)!;
        expectCounts(store, store.getGame(rules.key)!, want, [3, 1000, N - 1]);
        store.close();
      }
    });
  }

  it('a new process takes up the tally stored with the last chunk: its next power of two reads nothing back', () => {
    const path = join(dir, 'g.db');
    const rules = parseRules('kayles');
    const want = naiveValues(rules, 700);
    const appendTo = (store: Store, game: GameRow, lo: number, hi: number): GameRow => {
      const values = Uint8Array.from(want.slice(lo, hi));
      return store.appendChunk(game, lo, values, Math.max(...values));
    };
    const first = Store.openForWrite(path);
    let game = first.ensureGame(rules);
    game = appendTo(first, game, 0, 200);
    game = appendTo(first, game, 200, 300);
    first.close();
    // The last chunk's values made unreadable: counting the table back from 256 would fail.
    const db = new Database(path);
    db.prepare('UPDATE chunks SET data = ? WHERE lo = 200').run(Buffer.from([1, 2, 3]));
    db.close();
    const second = Store.openForWrite(path);
    game = appendTo(second, second.getGame(rules.key)!, 300, 700);
    expect(countedHeaps(second, game)).toEqual(powersBelow(700));
    expect(Array.from(valueCounts(second, game, 512).counts)).toEqual(naiveCounts(want, 512));
    second.close();
  });

  it('a chunk rolled back keeps no counts, and the next one counts on from the last chunk stored', () => {
    let fail = false;
    const store = Store.openForWrite(join(dir, 'g.db'), {
      onCommit: (point) => {
        if (point === 'commit' && fail) throw new Error('disk full');
      },
    });
    const rules = parseRules('kayles');
    const want = naiveValues(rules, 1100);
    let game = store.ensureGame(rules);
    const append = (lo: number, hi: number): void => {
      const values = Uint8Array.from(want.slice(lo, hi));
      game = store.appendChunk(game, lo, values, Math.max(...values));
    };
    append(0, 200);
    fail = true;
    expect(() => append(200, 300)).toThrow(/disk full/); // would have stored the counts at 256
    expect(countedHeaps(store, game)).toEqual(powersBelow(200));
    fail = false;
    append(200, 300);
    append(300, 1100);
    expectCounts(store, game, want, [300, 1099]);
    store.close();
  });

  it('counts a new largest value wherever it falls in a block of four heaps (the counts grow then)', () => {
    const store = Store.openForWrite(join(dir, 'g.db'));
    let game = store.ensureGame(parseRules('nim'));
    // Small values, then 300, 600, 1200 and 2400 at heaps 1 to 4 mod 4, each followed by many small ones.
    const values = Array.from({ length: 12_000 }, (_, n) => (n * 7) % 200);
    for (const [k, at] of [5001, 7002, 9003, 11_004].entries()) values[at] = 300 << k;
    for (let lo = 0; lo < values.length; lo += 6000) {
      const chunk = Uint16Array.from(values.slice(lo, lo + 6000));
      game = store.appendChunk(game, lo, chunk, Math.max(...chunk));
    }
    expectCounts(store, game, values, [5001, 7002, 9003, 11_004, 11_999]);
    store.close();
  });

  it("counts a narrow table's parts as their values, and stores them so, for every escape byte", () => {
    // Values past the escape byte in runs and alone, 255 itself, and a new largest value late; most
    // of them escaped (a chunk of 2 bytes a value); none past 255 (a chunk of bytes).
    const tables: Record<string, number[]> = {
      few: Array.from({ length: 9000 }, (_, n) => (n % 97 === 0 ? 250 + (n % 13) : (n * 5) % 40)),
      most: Array.from({ length: 9000 }, (_, n) => (n % 3 === 0 ? (n * 5) % 40 : 256 + (n % 500))),
      bytes: Array.from({ length: 9000 }, (_, n) => (n % 89 === 0 ? 255 : (n * 7) % 60)),
    };
    tables.few![8191] = 1000;
    for (const [kind, values] of Object.entries(tables))
      for (const esc of [7, 255]) {
        const store = Store.openForWrite(join(dir, `narrow-${kind}-${esc}.db`));
        let game = store.ensureGame(parseRules('nim'));
        const g = new NarrowValues(new Uint8Array(values.length), new Uint16Array(values.length), esc);
        g.set(values);
        for (let lo = 0; lo < values.length; lo += 2500) {
          const hi = Math.min(values.length, lo + 2500);
          const max = tableMax(g, lo, hi);
          game = store.appendChunk(game, lo, chunkValues(g, lo, hi, max), max);
        }
        expect([...store.readValues(game)], `${kind}, esc ${esc}`).toEqual(values);
        expectCounts(store, game, values, [4096, 8191, 8192, 8999]);
        store.close();
      }
  });

  it('stops at values of 2^16 and more, and counts them from the table (32-bit chunks)', () => {
    const store = Store.openForWrite(join(dir, 'g.db'));
    const rules = parseRules('nim');
    let game = store.ensureGame(rules);
    const N = COUNTED_VALUES + 5000;
    for (let lo = 0; lo < N; lo += 9000) {
      const values = Uint32Array.from({ length: Math.min(9000, N - lo) }, (_, i) => lo + i);
      game = store.appendChunk(game, lo, values, lo + values.length - 1);
    }
    expect(game.width).toBe(32);
    // Heaps 1..2^16 hold the value 2^16.
    expect(countedHeaps(store, game)).toEqual(powersBelow(COUNTED_VALUES));
    const got = valueCounts(store, game, N - 1);
    expect(got).toMatchObject({ storedAt: COUNTED_VALUES / 2, read: N - 1 - COUNTED_VALUES / 2 });
    expect(got.counts.length).toBe(N);
    expect(got.counts[0]).toBe(0);
    expect(got.counts.every((c, v) => c === (v === 0 ? 0 : 1))).toBe(true);
    store.close();
  });

  it('a table stored before the counts: counted from the table, and given every count by the next power of two', () => {
    // A store at the schema before 'value counts' holding kayles g(0..1499) in chunks of 500.
    const rules = parseRules('kayles');
    const want = naiveValues(rules, 2100);
    const { path, db } = storeBefore(dir, 'value counts', rules, 1500, Math.max(...want.slice(0, 1500)));
    const insert = db.prepare('INSERT INTO chunks (game_id, lo, hi, width, data) VALUES (1, ?, ?, 8, ?)');
    for (let lo = 0; lo < 1500; lo += 500)
      insert.run(lo, lo + 500, encodeChunk(Uint8Array.from(want.slice(lo, lo + 500))));
    db.close();

    const store = Store.openForWrite(path);
    let game = store.getGame(rules.key)!;
    expect(countedHeaps(store, game)).toEqual([]);
    for (const heap of [1, 1024, 1499]) {
      expect(valueCounts(store, game, heap)).toMatchObject({ storedAt: 0, read: heap });
      expect(Array.from(valueCounts(store, game, heap).counts)).toEqual(naiveCounts(want, heap));
    }
    // A chunk that reaches no power of two reads nothing back; the one that reaches 2048 does.
    game = store.appendChunk(game, 1500, Uint8Array.from(want.slice(1500, 1800)), 100);
    expect(countedHeaps(store, game)).toEqual([]);
    game = store.appendChunk(game, 1800, Uint8Array.from(want.slice(1800, 2100)), 100);
    expectCounts(store, game, want, [1500, 2099]);
    store.close();
  });

  it('rm removes the counts with the table', async () => {
    const { removeGame } = await import('../../src/store/manage.js');
    const store = Store.openForWrite(join(dir, 'g.db'));
    const rules = parseRules('kayles');
    const game = store.appendChunk(store.ensureGame(rules), 0, Uint8Array.from(naiveValues(rules, 100)), 8);
    expect(countedHeaps(store, game)).toHaveLength(7);
    removeGame(store, rules.key);
    expect(countedHeaps(store, game)).toEqual([]);
    store.close();
  });
});
