import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeGame } from '../../src/engine/coordinator.js';
import type { ComputeSummary } from '../../src/engine/compute-request.js';
import { SparseRunner, type SparseTuning } from '../../src/engine/sparse-runner.js';
import { SparseWindow, WINDOW_FROM, WINDOW_KERNEL, WINDOW_SIZES } from '../../src/engine/sparse-window.js';
import { parseRules, sparseShape } from '../../src/games/registry.js';
import { RareList } from '../../src/kernels/sparse.js';
import { resumeRanges, WindowedValues, NarrowValues } from '../../src/kernels/values.js';
import { Store } from '../../src/store/store.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { computeInterruptedAt } from '../helpers/interrupt.js';
import { poolsByWorkers } from '../helpers/pools.js';

const poolOf = poolsByWorkers([1, 2]);
let dir: string;
let cleanup: () => void;
let dbCount = 0;
const newStore = (): Store => Store.openForWrite(join(dir, `w${dbCount++}.db`));

beforeAll(() => {
  ({ dir, cleanup } = tempDir());
});
afterAll(() => cleanup());

async function run(
  game: string,
  to: number,
  tuning: SparseTuning | null,
  store = newStore(),
): Promise<{ values: number[]; summary: ComputeSummary }> {
  const rules = parseRules(game);
  const summary = await computeGame({
    rules,
    store,
    pool: poolOf(2),
    to,
    untilProven: false,
    kernel: tuning === null ? 'plain' : 'auto',
    ...(tuning ? { sparseTuning: tuning } : {}),
  });
  return { values: [...store.readValues(store.getGame(rules.key)!, 0, to)], summary };
}

/**
 * A window far smaller than its run: a head of 256 heaps and a tail of 1024 (chunks of 256 at
 * most), so that the tail slides every few chunks, scans past ~190 pairs leave the window and
 * are finished from the store, and rare heaps past the tail's half make it grow.
 */
const SMALL: SparseTuning = { parallel: 'auto', window: { head: 256, tail: 1024 } };

describe('sparse space in a window (engine/sparse-window.ts)', () => {
  // What each run must go through (the same every time: it depends on the values only): a
  // window that stays one (0.6, whose rare heaps reach 20,627, and Grundy's game make its tail
  // grow until it holds every heap), heaps finished from the store (misses), tails made longer.
  // Octal codes with one and several split sums, values past 255, d0 = 4, parts that must differ.
  const games: [string, number, { misses: boolean; grown: boolean }][] = [
    ['octal:0.6', 9000, { misses: false, grown: true }],
    ['octal:0.167', 9000, { misses: true, grown: true }],
    ['octal:0.156', 9000, { misses: true, grown: false }],
    ['octal:0.4574', 6000, { misses: true, grown: true }],
    ['octal:0.776', 12000, { misses: false, grown: true }],
    ['octal:4.6', 6000, { misses: false, grown: false }],
    ['grundy', 9000, { misses: false, grown: true }],
    // Values past 255 by heap 6000 under a mask with bit 8 (0x179): step 2 reads the tail's low bytes.
    ['octal:0.777', 8000, { misses: false, grown: true }],
  ];
  it.each(games)('%s to %i equals the plain kernel', async (game, N, expected) => {
    const plain = await run(game, N, null);
    const windowed = await run(game, N, SMALL);
    expect(windowed.summary.kernel).toContain('sparse+simd');
    // The run's kernel says it kept a window (its periodicity unchecked); the plain run's does not.
    expect(windowed.summary.kernel.split('+')).toContain(WINDOW_KERNEL);
    expect(plain.summary.kernel.split('+')).not.toContain(WINDOW_KERNEL);
    expect(windowed.values).toEqual(plain.values);
    const facts = windowed.summary.facts!;
    expect(facts.window).toMatch(/^256\+\d+$/);
    expect(Number(facts.misses) > 0, 'misses').toBe(expected.misses);
    expect(Number(facts.grown) > 0, 'grown').toBe(expected.grown);
  });

  // The gang in a window: every chunk a gang (from n = 1), tiles of 61 heaps, 2 workers.
  it.each(games.filter(([game, , expected]) => expected.misses || game === 'grundy' || game === 'octal:0.777'))(
    '%s to %i on a gang of 2 in the window equals the plain kernel',
    async (game, N) => {
      const plain = await run(game, N, null);
      const windowed = await run(game, N, { ...SMALL, parallel: 'force', chunk: 61 });
      expect(windowed.values).toEqual(plain.values);
      expect(windowed.summary.kernel).toContain('frozen-prefix');
      const { misses, grown } = windowed.summary.facts!;
      expect(Number(misses) > 0 || Number(grown) > 0).toBe(true);
    },
  );

  // The pipe in a window (assembly/sparse/pipe.ts), for the games it fits (one split sum, or two
  // sharing lanes): the marker reads the tail and the band as the closer does, and a miss stops it.
  it.each(games.filter(([game]) => ['octal:0.167', 'octal:0.156', 'grundy'].includes(game)))(
    '%s to %i on a pipe in the window equals the plain kernel',
    async (game, N) => {
      const plain = await run(game, N, null);
      const windowed = await run(game, N, { ...SMALL, parallel: 'force', chunk: 61, pipe: true });
      expect(windowed.values).toEqual(plain.values);
      expect(windowed.summary.kernel).toContain('pipe');
      const { misses, grown } = windowed.summary.facts!;
      expect(Number(misses) > 0 || Number(grown) > 0).toBe(true);
    },
  );

  // Officers' values pass 255 from about heap 9,000 under the mask 0x1ee, whose bit 8 makes step 2
  // read the low bytes (assembly/sparse/scan.ts LOWS). Its rare heaps end at 20,627, past half of
  // a tail of 32,768: those past ~16,250 read their partners from the band, so the tail slides
  // without growing, and the low bytes are read through the tail's base. Past heap 90,000 the
  // chunks run in a frame (see below), moved back to about 45,000.
  it('Officers to 100000 in a sliding window with a band, alone, on a gang and a pipe, equals the table', async () => {
    const N = 100_000;
    const whole = await run('octal:0.6', N, { parallel: 'off' });
    expect(whole.summary.facts!.mask).toBe('0x1ee');
    // A head that holds Officers' scans (a few thousand pairs), so that few heaps miss.
    const window: SparseTuning = { parallel: 'auto', window: { head: 8192, tail: 32768, frame: 90_000 } };
    const gang: SparseTuning = { ...window, parallel: 'force', chunk: 4093 };
    for (const tuning of [window, gang, { ...gang, pipe: true }]) {
      const windowed = await run('octal:0.6', N, tuning);
      expect(windowed.values).toEqual(whole.values);
      const facts = windowed.summary.facts!;
      expect(facts.window).toBe('8192+32768');
      expect(Number(facts.grown), 'tails grown').toBe(0);
      expect(Number(facts.banded), 'chunks with a band').toBeGreaterThan(0);
      expect(Number(facts.framed), 'chunks in a frame').toBeGreaterThan(0);
      // A scan that reads wrong low bytes misses hits and ends at the window's reach: the heap is
      // then finished from the store, still exact, so a wrong tail shows as misses (about 170 here).
      expect(Number(facts.misses)).toBeLessThan(1000);
    }
  });

  // Past 2^31 heaps the int32 kernels run each chunk in a frame, its heaps moved back (docs/sparse.md
  // "Past 2^31 heaps"). Here the frame's limit is 3000, so chunks past it run moved back to about
  // 1500, where every comparison the kernel makes comes out as it does unmoved.
  it.each([
    ['octal:0.156', 9000],
    ['octal:4.6', 6000],
  ])(
    '%s to %i in a frame past heap 3000, alone, on a gang of 2 and on a pipe, equals the plain kernel',
    async (game, N) => {
      const plain = await run(game, N, null);
      const framed: SparseTuning = { ...SMALL, window: { ...SMALL.window!, frame: 3000 } };
      const gang: SparseTuning = { ...framed, parallel: 'force', chunk: 61 };
      for (const tuning of [framed, gang, { ...gang, pipe: true }]) {
        const windowed = await run(game, N, tuning);
        expect(windowed.values).toEqual(plain.values);
        expect(Number(windowed.summary.facts!.framed), 'chunks in a frame').toBeGreaterThan(0);
      }
    },
  );

  it('grundy show says a table last computed in a window had its periodicity unchecked', async () => {
    const store = newStore();
    const path = store.path;
    await run('octal:0.6', 3000, SMALL, store);
    store.close();
    const shown = await runCli(['show', 'octal:0.6', '--db', path]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/period {5}not checked: the table was kept in a window/);
    // A plain run on top checks it again: then "no period found" is the truth.
    const again = Store.openForWrite(path);
    await run('octal:0.6', 3500, null, again);
    again.close();
    expect((await runCli(['show', 'octal:0.6', '--db', path])).stdout).toMatch(/period {5}no period found up to 3,500/);
  });

  it('a windowed run killed midway resumes to the same table', async () => {
    const rules = parseRules('octal:0.4574');
    const N = 6000;
    const plain = await run('octal:0.4574', N, null);
    const store = newStore();
    await computeInterruptedAt(
      { rules, store, pool: poolOf(2), to: N, untilProven: false, sparseTuning: { ...SMALL, chunk: 200 } },
      4800,
    );
    const computed = store.getGame(rules.key)!.computed;
    // Past the head and first tail (256 + 1024 heaps, grown to 4096 here): the tail is placed anew.
    expect(computed).toBeGreaterThan(256 + 4096);
    expect(computed).toBeLessThan(N);
    const resumed = await run('octal:0.4574', N, SMALL, store);
    expect(resumed.values).toEqual(plain.values);
    store.close();
  });
});

describe('a heap the window misses, finished on the main thread (SparseWindow.fullValue)', () => {
  // Heap h reads P(h) below 2^21 and Q(n - h) past it, so that the pairs (a, n - a) of any n read
  // the same values: the value must not depend on n, up to the last heap of 2^32. (Its sums were
  // once mapped over the Int32Array of split offsets, which wrapped them past 2^31: no pair was
  // read and the least wanted value came back.)
  const valueAt = (n: number): number => {
    const win = SparseWindow.create(sparseShape(parseRules('grundy'))!, { head: 4096, tail: 4096 }, n + 1, 1)!;
    const at = (h: number): number => (h < 1 << 21 ? (h * 7) % 13 : ((n - h) * 5) % 11);
    const values = (lo: number, hi: number): Uint16Array => Uint16Array.from({ length: hi - lo }, (_, i) => at(lo + i));
    win.g.head.set(values(0, 4096));
    win.g.tail.set(values(4096, 8192));
    win.g.source = values;
    // Under the mask 0x1 with no rare heap, c = 1 and 0 is wanted: seen at the first a with P(a) = Q(a).
    return win.fullValue(n, new RareList(), { bits: 1, parity: 0 });
  };

  it('gives the same value at heap 2^32 - 1 as at 2^22 when every pair reads the same values', () => {
    expect(valueAt(2 ** 22 + 1)).toBe(1);
    expect(valueAt(2 ** 31 + 7)).toBe(1);
    expect(valueAt(2 ** 32 - 1)).toBe(1);
  });
});

describe('when a run keeps a window', () => {
  it('a table asked for past WINDOW_FROM heaps is windowed; --until-proven, growing to its limit, never is', () => {
    const runner = SparseRunner.for(parseRules('octal:0.6'), 1)!;
    // --until-proven's first table: twice what is stored, however high the limit.
    expect(runner.table(16, 1 << 16, 1 << 28)).not.toBeInstanceOf(WindowedValues);
    const windowed = SparseRunner.for(parseRules('octal:0.6'), 1)!.table(16, WINDOW_FROM + 1, WINDOW_FROM + 1);
    expect(windowed).toBeInstanceOf(WindowedValues);
    expect((windowed as WindowedValues).head.length).toBe(WINDOW_SIZES.head);
  });
});

describe('WindowedValues', () => {
  const make = (): WindowedValues => {
    const narrow = (n: number): NarrowValues => new NarrowValues(new Uint8Array(n), new Uint16Array(n));
    const g = new WindowedValues(narrow(8), narrow(16), 8, 1000);
    // The store holds g(n) = n % 300 (values past the escape byte too).
    g.source = (lo, hi) => Uint16Array.from({ length: hi - lo }, (_, i) => (lo + i) % 300);
    return g;
  };

  it('reads the head, the store and the tail in one slice, and writes only what it holds', () => {
    const g = make();
    g.set(Uint16Array.from({ length: 24 }, (_, i) => i % 300));
    const [, tail] = resumeRanges(g, 100);
    // Placed to end at 100 with room for as much again: a multiple of 64 past the head.
    expect(tail).toEqual([72, 100]);
    g.set(
      Uint16Array.from({ length: 28 }, (_, i) => (72 + i) % 300),
      72,
    );
    expect([...g.slice(0, 100)]).toEqual(Array.from({ length: 100 }, (_, n) => n % 300));
    g.set([299], 80);
    expect(g.at(80)).toBe(299);
    expect(g.at(40)).toBe(40);
  });

  it('moves the tail forward keeping the values it still holds', () => {
    const g = make();
    g.set(Uint16Array.from({ length: 24 }, (_, i) => (i * 37) % 300));
    g.moveTail(16, 24);
    expect(g.tailFrom).toBe(16);
    expect([...g.tail.slice(0, 8)]).toEqual(Array.from({ length: 8 }, (_, i) => ((16 + i) * 37) % 300));
  });
});
