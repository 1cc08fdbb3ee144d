import { describe, expect, it } from 'vitest';
import { frozenBound, tileRange } from '../../helpers/tiles.js';
import {
  createSubtractMemory,
  finishLimit,
  instantiateSubtractBlocked,
  valuesView,
  type SubtractMemory,
  type ValueBytes,
} from '../../../src/kernels/wasm/subtract-blocked.js';
import { parseRules } from '../../../src/games/registry.js';
import { infiniteSetElements } from '../../../src/rules/infinite-sets.js';
import type { InfiniteSetName } from '../../../src/rules/types.js';
import { naiveValues } from '../../helpers/naive.js';

/**
 * The WebAssembly tile kernel in one thread, driven by the gang's schedule (tiles j = t mod
 * members, frozen bound from frozenBound) but in the worst legal order: every tile's gather
 * before any finish it does not need, with junk in every heap not yet final. A gather that read
 * at or past its frozen bound would pick up the junk and the values would differ.
 */
interface Run {
  readonly values: number[];
  /** Heaps whose mex fell back to the exact stamp scan. */
  readonly exact: number;
  /** Where a value too wide for vmax stopped the run, and that value (null: it did not). */
  readonly tooWide: { at: number; value: number } | null;
}

/** A game for the kernel: its elements below N and its values (from an independent program). */
interface Game {
  readonly elements: Int32Array;
  readonly expected: readonly number[];
}

const family = (name: InfiniteSetName, N: number): Game => ({
  elements: infiniteSetElements(name, N),
  expected: naiveValues(parseRules(`sub:${name}`), N),
});

/** Subtract any number (nim on one heap): g(n) = n, so values pass 255 at heap 256. */
const anyNumber = (N: number): Game => ({
  elements: Int32Array.from({ length: N - 1 }, (_, i) => i + 1),
  expected: Array.from({ length: N }, (_, n) => n),
});

function runSchedule(
  game: Game,
  N: number,
  lo: number,
  members: number,
  tile: number,
  vmax: number,
  bytes: ValueBytes = 2,
  prefetch = true,
): Run {
  const { expected } = game;
  const made: SubtractMemory = createSubtractMemory(game.elements, N, members, tile, vmax)!;
  const kernel = instantiateSubtractBlocked(made.memory, prefetch)[bytes];
  const limit = finishLimit(bytes, vmax);
  const g = valuesView(made.memory.buffer, made.gOffset, N, bytes);
  for (let n = 0; n < lo; n++) g[n] = expected[n]!;
  let max = Math.max(0, ...expected.slice(0, lo));
  // Junk below every real value's range would go unnoticed: use the largest legal value.
  const junk = (from: number): void => {
    g.fill(Math.max(0, max), from, N);
  };
  const scratchOf = (t: number): { rows: number; scratch: number } => {
    const rows = made.scratch + t * made.stride;
    return { rows, scratch: rows + tile * vmax };
  };
  const tiles = Math.ceil((N - lo) / tile);
  const V = new Map<number, number>();
  let finished = lo;
  let tooWide: Run['tooWide'] = null;
  // Gather tile j as soon as its frozen bound is final (j < members + finished tiles).
  let gathered = 0;
  for (let j = 0; j < tiles && tooWide === null; j++) {
    while (gathered < tiles && frozenBound(lo, tile, members, gathered) <= finished && gathered < j + members) {
      const [s, e] = tileRange(lo, N, tile, gathered);
      junk(finished);
      // As the gang sizes rows: every value below the frozen bound fits, the last byte stays free.
      const width = Math.min(vmax, Math.ceil((max + 2) / 16) * 16);
      V.set(gathered, width);
      kernel.gather(s, e, frozenBound(lo, tile, members, gathered), width, scratchOf(gathered % members).rows);
      gathered++;
    }
    const [s, e] = tileRange(lo, N, tile, j);
    junk(s); // the finish may only read final heaps and the heaps of its tile it has stored
    const { rows, scratch } = scratchOf(j % members);
    const top = kernel.finish(s, e, frozenBound(lo, tile, members, j), V.get(j)!, rows, scratch, limit);
    if (top < 0) {
      tooWide = { at: s - top - 1, value: new Int32Array(made.memory.buffer, scratch + 4, 1)[0]! };
      finished = tooWide.at;
    } else {
      max = Math.max(max, top);
      finished = e;
    }
  }
  let exact = 0;
  for (let t = 0; t < members; t++) exact += new Int32Array(made.memory.buffer, scratchOf(t).scratch, 1)[0]!;
  return { values: Array.from(g.subarray(0, finished)), exact, tooWide };
}

describe('the WebAssembly subtraction kernel (gather and finish of a tile)', () => {
  const cases: [InfiniteSetName, number, number][] = [
    ['squares', 6000, 100],
    ['primes', 3000, 10],
    ['triangular', 5000, 1],
    ['cubes', 5000, 64],
    ['fibonacci', 4000, 2],
    ['powers2', 4000, 3],
  ];
  for (const [name, N, lo] of cases) {
    it(`sub:${name} to ${N} equals the naive mex, for 1, 2 and 3 members, odd tiles, byte and Uint16 tables`, () => {
      const game = family(name, N);
      for (const bytes of [1, 2] as const) {
        for (const [members, tile] of [
          [1, 37],
          [2, 64],
          [3, 29],
          [2, 1],
        ] as const) {
          const run = runSchedule(game, N, lo, members, tile, 4096, bytes);
          expect(run.tooWide).toBeNull();
          expect(run.values, `${members} members, tile ${tile}, ${bytes}-byte table`).toEqual(game.expected);
        }
      }
    });
  }

  it('the gather without its touches of the runs ahead (bench/gather.ts) gives the same values', () => {
    // Few elements (the touches reach past the list's end into its sentinels) and many.
    for (const [name, N] of [
      ['fibonacci', 3000],
      ['squares', 4000],
    ] as const) {
      const game = family(name, N);
      for (const prefetch of [true, false])
        expect(runSchedule(game, N, 50, 2, 37, 4096, 2, prefetch).values).toEqual(game.expected);
    }
  });

  for (const bytes of [1, 2] as const) {
    it(`takes the exact mex when a value from inside the tile does not fit the rows (${bytes}-byte table)`, () => {
      // One member, long tiles: the values grow inside a tile past the rows sized at its start.
      const game = family('squares', 20000);
      const run = runSchedule(game, 20000, 1, 1, 2000, 4096, bytes);
      expect(run.exact).toBeGreaterThan(0);
      expect(run.values).toEqual(game.expected);
    });

    it(`stops before a value too wide for vmax and stores nothing from there on (${bytes}-byte table)`, () => {
      const game = family('squares', 20000);
      const first = game.expected.findIndex((v) => v >= 31);
      const run = runSchedule(game, 20000, 1, 2, 50, 32, bytes);
      expect(run.tooWide).toEqual({ at: first, value: game.expected[first] });
      expect(run.values).toEqual(game.expected.slice(0, first));
    });
  }

  it('a byte table stops before the first value past 255; a Uint16 table goes on', () => {
    // Every value is new (g(n) = n), so each tile's mexes also outgrow its rows: exact mexes.
    const N = 700;
    for (const [members, tile] of [
      [1, 37],
      [2, 64],
      [3, 1],
    ] as const) {
      const narrow = runSchedule(anyNumber(N), N, 5, members, tile, 4096, 1);
      expect(narrow.tooWide, `${members} members, tile ${tile}`).toEqual({ at: 256, value: 256 });
      expect(narrow.values).toEqual(anyNumber(256).expected);
      const wide = runSchedule(anyNumber(N), N, 5, members, tile, 4096, 2);
      expect(wide.tooWide).toBeNull();
      expect(wide.values).toEqual(anyNumber(N).expected);
    }
  });
});
