import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SubtractGangTuning } from '../../src/engine/subtract-gang.js';
import { InterruptedError } from '../../src/errors.js';
import { parseRules } from '../../src/games/registry.js';
import { Store } from '../../src/store/store.js';
import { heapChecksum } from '../../bench/checksum.js';
import { tempDir } from '../helpers/cli.js';
import { poolsByWorkers } from '../helpers/pools.js';
import { storedComputer } from '../helpers/stored-compute.js';
import { plainTable } from '../helpers/frozen-driver.js';

/** The gang from the first heap, with odd tiles and chunks so every boundary case is crossed. */
const odd = (tile: number, chunk: number, extra: SubtractGangTuning = {}): SubtractGangTuning => ({
  tile,
  chunk,
  minN: 0,
  ...extra,
});

describe('the subtraction gang (WebAssembly) on the pool: same values as the plain kernel', () => {
  const tmp = tempDir();
  const poolOf = poolsByWorkers([1, 2, 3]);
  afterAll(() => tmp.cleanup());

  const run = storedComputer(tmp.dir, poolOf);
  const compute = (
    spec: string,
    to: number,
    workers: number,
    tuning?: SubtractGangTuning,
    db?: string,
    signal?: AbortSignal,
    onProgress?: (computed: number) => void,
  ) => run(spec, to, workers, { subtractTuning: tuning, signal, onProgress: (p) => onProgress?.(p.computed) }, db);

  const cases: [string, number, SubtractGangTuning][] = [
    ['sub:squares', 60_000, odd(37, 5001)],
    ['sub:primes', 12_000, odd(53, 1777)],
    ['sub:triangular', 30_000, odd(128, 4099)],
    ['sub:cubes', 30_000, odd(61, 3001)],
    ['sub:fibonacci', 30_000, odd(17, 2999)],
    ['sub:powers2', 30_000, odd(100, 7001)],
  ];
  for (const [spec, N, tuning] of cases) {
    it(`${spec} to ${N} with 1, 2 and 3 workers`, async () => {
      const expected = Array.from(plainTable(parseRules(spec), N));
      for (const k of [1, 2, 3]) {
        const { summary, values } = await compute(spec, N, k, tuning);
        expect(values, `${spec} with ${k} workers`).toEqual(expected);
        expect(summary.kernel).toMatch(/^wasm-gang:subtract-/);
        expect(summary.workers).toBe(k);
      }
    });
  }

  it('runs by default from 2^14 on, after the plain kernel', async () => {
    const { summary, values } = await compute('sub:squares', 40_000, 2);
    expect(summary.kernel).toBe('infinite-subtraction+wasm-gang:subtract-squares');
    expect(values).toEqual(Array.from(plainTable(parseRules('sub:squares'), 40_000)));
  });

  it('hands the game to the JavaScript frozen-prefix kernel once a value outgrows the row limit', async () => {
    // vmax 32: the first value >= 31 (near heap 8000) stops the gang; the frozen prefix goes on.
    const { summary, values } = await compute('sub:squares', 30_000, 2, odd(64, 3000, { vmax: 32 }));
    expect(summary.kernel).toMatch(/^wasm-gang:subtract-squares\+/);
    expect(summary.maxValue).toBeGreaterThan(31);
    expect(values).toEqual(Array.from(plainTable(parseRules('sub:squares'), 30_000)));
  });

  it('resumes after an abort, with another worker count, to the same values', async () => {
    const N = 60_000;
    const db = join(tmp.dir, 'resume.db');
    const abort = new AbortController();
    let caught: unknown;
    try {
      await compute('sub:squares', N, 2, odd(64, 4000), db, abort.signal, (computed) => {
        if (computed > 30_000) abort.abort();
      });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(InterruptedError);
    const resumed = await compute('sub:squares', N, 3, odd(64, 4000), db);
    expect(resumed.summary.newlyComputed).toBeLessThan(N - 30_000);
    expect(resumed.values).toEqual(Array.from(plainTable(parseRules('sub:squares'), N)));
  });

  it('keeps its table in Uint16 from the start when told to (narrow: false), to the same values', async () => {
    for (const [spec, N] of [
      ['sub:squares', 40_000],
      ['sub:powers2', 30_000],
    ] as const) {
      const { summary, values } = await compute(spec, N, 2, odd(64, 5001, { narrow: false }));
      expect(summary.kernel).toBe(`wasm-gang:subtract-${spec.slice(4)}`);
      expect(values, spec).toEqual(Array.from(plainTable(parseRules(spec), N)));
    }
  });

  describe('widens the table from Uint8 to Uint16 at the first value past 255', () => {
    // Subtract-a-triangular-number first reaches 256 at heap 843251, the earliest of the
    // infinite families. The facts come from a separate 10-line C program written for this test
    // (the naive mex over every option, a Uint16 table): the anchors' checksum
    // (sum g(n) * (n mod 1000003 + 1)) over n < 845000, and the values around the first 256.
    const N = 845_000;
    const CHECKSUM = 40091736463780n;
    const around = { 843250: 233, 843251: 256, 843252: 34, 843253: 92 };
    const check = (values: number[]): void => {
      expect(heapChecksum(values.slice(0, N))).toBe(CHECKSUM);
      for (const [n, v] of Object.entries(around)) expect(values[Number(n)], `g(${n})`).toBe(v);
    };
    const widthOf = (db: string): number => {
      const store = Store.openForWrite(db);
      try {
        return store.getGame('sub:triangular')!.width;
      } finally {
        store.close();
      }
    };

    it('inside a gang chunk', async () => {
      const db = join(tmp.dir, 'widen.db');
      // Odd chunks: the first 256 lands inside one, not on its boundary.
      const { summary, values } = await compute('sub:triangular', N, 2, { chunk: 77_777 }, db);
      expect(summary.kernel).toBe('infinite-subtraction+wasm-gang:subtract-triangular');
      expect(summary.maxValue).toBe(256);
      expect(widthOf(db)).toBe(16);
      check(values);
    });

    it('across a resume, with another worker count', async () => {
      const db = join(tmp.dir, 'widen-resume.db');
      const first = await compute('sub:triangular', 843_000, 1, { chunk: 100_003 }, db);
      expect(first.summary.maxValue).toBeLessThan(256);
      expect(widthOf(db)).toBe(8);
      // The gang's byte table meets the first 256 inside this resumed run.
      const { summary, values } = await compute('sub:triangular', N, 3, { chunk: 999 }, db);
      expect(summary.newlyComputed).toBe(N - 843_000);
      expect(summary.kernel).toBe('wasm-gang:subtract-triangular');
      expect(widthOf(db)).toBe(16);
      check(values);
      // Resumed past 255, the gang's copy of the table starts as Uint16: the same values as one
      // uninterrupted run that never used a byte table.
      const more = await compute('sub:triangular', N + 3000, 2, { chunk: 1001 }, db);
      expect(more.summary.newlyComputed).toBe(3000);
      const wide = await compute('sub:triangular', N + 3000, 2, { narrow: false });
      check(more.values);
      expect(more.values).toEqual(wide.values);
    });
  });
});
