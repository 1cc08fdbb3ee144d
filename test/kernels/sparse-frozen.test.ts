import { builtin } from '../helpers/builtin-rules.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { takeBreakKernel } from '../../src/kernels/take-break.js';
import { grundyKernel } from '../../src/kernels/grundy.js';
import { collectRare, RareList, SparseKernel } from '../../src/kernels/sparse.js';
import { sparseShape } from '../../src/games/registry.js';
import { bestMask, classTable, ValueHistogram, type SparseMask } from '../../src/kernels/sparse-mask.js';
import { sparseRowStride, SparseFrozenKernel } from '../../src/kernels/sparse-frozen.js';
import { frozenBound, tileRange } from '../helpers/tiles.js';
import { rowWordsFor } from '../../src/kernels/frozen/frozen-kernel.js';
import { plainValues, type Values } from '../../src/kernels/values.js';
import { parseRules } from '../../src/games/registry.js';
import type { Rules } from '../../src/rules/types.js';
import { rng } from '../helpers/naive.js';
import { randomSparseCodes } from '../helpers/sparse-codes.js';
import { SparseMemory, WasmSparseFrozenKernel } from '../../src/kernels/wasm/sparse-wasm.js';
import { sparseWasmModule, sparseWasmModuleOf } from '../../src/wasm/sparse-module.js';
import type { SparseShape } from '../../src/kernels/sparse.js';

type ParallelKernel = SparseFrozenKernel | WasmSparseFrozenKernel;
const wasmModule = sparseWasmModule();
const plainModule = sparseWasmModuleOf('simd');
if (wasmModule === null || plainModule === null) {
  throw new Error('the WebAssembly sparse kernel is off (GRUNDY_SPARSE_KERNEL=js or no SIMD)');
}
const PARALLEL: [string, (shape: SparseShape) => ParallelKernel][] = [
  ['js', (shape) => new SparseFrozenKernel(shape)],
  ['wasm', (shape) => new WasmSparseFrozenKernel(new SparseMemory(shape, wasmModule))],
  // The plain SIMD build (the default is the relaxed one where the engine has it).
  ['wasm, plain SIMD', (shape) => new WasmSparseFrozenKernel(new SparseMemory(shape, plainModule))],
  [
    'wasm, plain SIMD, escape 7',
    (shape) => new WasmSparseFrozenKernel(new SparseMemory(shape, plainModule, undefined, { escape: 7 })),
  ],
  // The scans that values from 256 on take, on small tables.
  [
    'wasm, 16-bit lanes',
    (shape) =>
      new WasmSparseFrozenKernel(
        new SparseMemory(shape, wasmModule, undefined, { lanes: { bytes: 0, words: 512, lowsWhileRare: false } }),
      ),
  ],
  [
    'wasm, no lanes',
    (shape) =>
      new WasmSparseFrozenKernel(new SparseMemory(shape, wasmModule, undefined, { lanes: { bytes: 0, words: 0 } })),
  ],
  // The front (a gather's first frozen pairs marked a block at a time), which small tables never
  // reach by default: in byte lanes and with escaped values.
  [
    'wasm, front 24',
    (shape) => new WasmSparseFrozenKernel(new SparseMemory(shape, wasmModule, undefined, { front: 24 })),
  ],
  [
    'wasm, escape 7, front 40',
    (shape) => new WasmSparseFrozenKernel(new SparseMemory(shape, wasmModule, undefined, { escape: 7, front: 40 })),
  ],
  // Values from 7 on read from the Uint16 table, on small tables (16-bit scans from the low bytes,
  // as while wide values are rare; then rebuilt exactly).
  [
    'wasm, escape 7',
    (shape) => new WasmSparseFrozenKernel(new SparseMemory(shape, wasmModule, undefined, { escape: 7 })),
  ],
  [
    'wasm, escape 7, rebuilt words',
    (shape) =>
      new WasmSparseFrozenKernel(
        new SparseMemory(shape, wasmModule, undefined, {
          escape: 7,
          lanes: { bytes: 256, words: 512, lowsWhileRare: false },
        }),
      ),
  ],
];
let makePar: (shape: SparseShape) => ParallelKernel = PARALLEL[0]![1];

interface Totals {
  rescans: number;
  continued: number;
}

/**
 * Values by the parallel sparse kernel run in-thread: the sequential kernel up to `start`, then
 * chunks of length `chunk`, each gathered in `tiles` tiles taken in a shuffled order (as
 * workers would finish them) and finished in order. Width 16 throughout.
 */
function parallelValues(
  rules: Rules,
  N: number,
  mask: SparseMask | 'auto',
  chunk: number,
  tiles: number,
  seed: number,
  totals: Totals,
): number[] {
  const shape = sparseShape(rules)!;
  const seq = new SparseKernel(shape);
  const par = makePar(shape);
  const rand = rng(seed);
  const g: Values = plainValues(16, N);
  const hist = new ValueHistogram();
  let current: SparseMask = mask === 'auto' ? { bits: 1, parity: 0 } : mask;
  seq.setMask(current);
  par.setMask(current);
  let rare = new RareList(4);
  const start = Math.min(N, 50);
  let max = 0;
  let out = seq.run(g, 0, start, 0, rare);
  expect(out.next).toBe(start);
  max = out.maxValue;
  hist.add(g, 0, start);
  let next = start;
  while (next < N) {
    if (mask === 'auto') {
      const best = bestMask(hist, shape.parityAllowed).mask;
      if (best.bits !== current.bits || best.parity !== current.parity) {
        current = best;
        par.setMask(best);
        rare = new RareList(4);
        collectRare(g, 0, next, best, classTable(best.bits), rare);
      }
    }
    const A = next;
    const B = Math.min(N, A + chunk);
    const rowWords = rowWordsFor(max);
    const rows = new Int32Array((B - A) * sparseRowStride(rowWords)).fill(-1);
    const bounds: [number, number][] = [];
    for (let i = 0; i < tiles; i++)
      bounds.push([A + Math.floor(((B - A) * i) / tiles), A + Math.floor(((B - A) * (i + 1)) / tiles)]);
    bounds.sort(() => rand() - 0.5);
    // Each gather gets its own copy of the rare list, as a worker would.
    for (const [lo, hi] of bounds) par.gather(g, A, lo, hi, max, RareList.from(rare.positions(), g), rows, rowWords);
    out = par.finish(g, A, A, B, max, rare, rows, rowWords);
    expect(out.next).toBe(B);
    hist.add(g, A, B);
    max = Math.max(max, out.maxValue);
    next = B;
  }
  totals.rescans += par.rescans;
  totals.continued += par.continued;
  return [...g];
}

/**
 * Values by the gang's schedule (engine/sparse-gangs.ts) run in-thread: tiles of `sub`
 * heaps, each gathered with the frozen bound of a gang of `members` (the start of the tile
 * members - 1 back) and finished in order. While a tile gathers, the heaps between its
 * frozen bound and its start are overwritten with junk, as they may be unfinished in a real
 * gang: a gather that read them would change the values.
 */
function gangValues(
  rules: Rules,
  N: number,
  mask: SparseMask,
  tile: number,
  members: number,
  totals: Totals,
): number[] {
  const shape = sparseShape(rules)!;
  const seq = new SparseKernel(shape);
  const par = makePar(shape);
  seq.setMask(mask);
  par.setMask(mask);
  const g: Values = plainValues(16, N);
  const rare = new RareList(4);
  const lo = Math.min(N, 40);
  let max = seq.run(g, 0, lo, 0, rare).maxValue;
  const rowWords = rowWordsFor(2 * 2 ** 12);
  const rows = new Int32Array(tile * sparseRowStride(rowWords));
  for (let j = 0; lo + j * tile < N; j++) {
    const [s, e] = tileRange(lo, N, tile, j);
    const F = frozenBound(lo, tile, members, j);
    const unfinished = g.slice(F, s);
    g.fill(0x7fff, F, s);
    par.gather(g, F, s, e, max, rare, rows, rowWords, s);
    g.set(unfinished, F);
    const out = par.finish(g, F, s, e, max, rare, rows, rowWords, s);
    expect(out.next).toBe(e);
    max = Math.max(max, out.maxValue);
  }
  totals.rescans += par.rescans;
  totals.continued += par.continued;
  return [...g];
}

function plain(rules: Rules, N: number): number[] {
  const r = builtin(rules);
  const kernel = r.family === 'octal' ? takeBreakKernel(r.digits) : grundyKernel();
  const g = plainValues(16, N);
  expect(kernel.run(g, 0, N, 0).next).toBe(N);
  return [...g];
}

const BAD_MASKS: SparseMask[] = [
  { bits: 0, parity: 0 },
  { bits: 1, parity: 0 },
  { bits: 0xffff, parity: 0 },
  { bits: 0x5a5a, parity: 0 },
];

describe.each(PARALLEL)(
  'parallel sparse kernel (%s: gather + ordered finish) equals the plain kernel',
  (_label, make) => {
    const totals: Totals = { rescans: 0, continued: 0 };
    beforeAll(() => {
      makePar = make;
    });

    it("Grundy's game to 20000, automatic mask, odd chunks and tiles", () => {
      const rules = parseRules('grundy');
      const expected = plain(rules, 20000);
      expect(parallelValues(rules, 20000, 'auto', 1237, 3, 1, totals)).toEqual(expected);
      expect(parallelValues(rules, 20000, 'auto', 4099, 5, 2, totals)).toEqual(expected);
    });

    it("Grundy's game with deliberately bad masks and chunks longer than the prefix", () => {
      const rules = parseRules('grundy');
      const expected = plain(rules, 3000);
      for (const mask of [
        ...BAD_MASKS,
        { bits: 0, parity: 1 } as SparseMask,
        { bits: 0x33, parity: 1 } as SparseMask,
      ]) {
        expect(parallelValues(rules, 3000, mask, 333, 2, 3, totals), JSON.stringify(mask)).toEqual(expected);
        expect(parallelValues(rules, 3000, mask, 977, 4, 4, totals), JSON.stringify(mask)).toEqual(expected);
      }
    });

    it('random two-heap octal codes, n < 3000, automatic and bad masks (seeded)', () => {
      let tested = 0;
      for (const { spec, rules, shape } of randomSparseCodes(20261121, 10)) {
        tested++;
        const N = 2900;
        const expected = plain(rules, N);
        expect(
          parallelValues(rules, N, 'auto', 101 + 17 * tested, 1 + (tested % 4), tested, totals),
          `${spec} auto`,
        ).toEqual(expected);
        const mask = BAD_MASKS[tested % BAD_MASKS.length]!;
        expect(parallelValues(rules, N, mask, 613, 3, tested, totals), `${spec} ${JSON.stringify(mask)}`).toEqual(
          expected,
        );
        if (shape.parityAllowed)
          expect(parallelValues(rules, N, { bits: 6, parity: 1 }, 499, 2, tested, totals), `${spec} parity`).toEqual(
            expected,
          );
      }
    });

    it('known games: Kayles, Dawson, 0.354, 0.376, 4.7, 0.7777', () => {
      for (const spec of ['octal:0.77', 'octal:0.137', 'octal:0.354', 'octal:0.376', 'octal:4.7', 'octal:0.7777']) {
        const rules = parseRules(spec);
        expect(parallelValues(rules, 2500, 'auto', 389, 3, 7, totals), spec).toEqual(plain(rules, 2500));
      }
    });

    it(
      "the gang's schedule (frozen bound members - 1 tiles back, unfinished heaps in between): Grundy's " +
        'game, codes, bad masks',
      () => {
        const grundy = parseRules('grundy');
        const expected = plain(grundy, 8000);
        for (const [sub, members] of [
          [64, 2],
          [97, 3],
          [256, 2],
          [1, 2],
        ] as const) {
          expect(
            gangValues(grundy, 8000, { bits: 0xfffe, parity: 0 }, sub, members, totals),
            `sub ${sub}, members ${members}`,
          ).toEqual(expected);
        }
        expect(gangValues(grundy, 3000, { bits: 0x5a5a, parity: 0 }, 131, 2, totals)).toEqual(expected.slice(0, 3000));
        for (const spec of ['octal:0.354', 'octal:0.77', 'octal:4.7']) {
          const rules = parseRules(spec);
          expect(gangValues(rules, 2500, { bits: 1, parity: 0 }, 113, 2, totals), spec).toEqual(plain(rules, 2500));
        }
      },
    );

    it('the tests above reached both fallbacks of the finish (a too-low c_spec, an exhausted frozen scan)', () => {
      expect(totals.rescans).toBeGreaterThan(0);
      expect(totals.continued).toBeGreaterThan(0);
    });
  },
);
