import { readFileSync } from 'node:fs';
import { builtin } from '../helpers/builtin-rules.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { takeBreakKernel } from '../../src/kernels/take-break.js';
import { grundyKernel } from '../../src/kernels/grundy.js';
import { collectRare, RareList, SparseKernel } from '../../src/kernels/sparse.js';
import { sparseShape } from '../../src/games/registry.js';
import { bestMask, ValueHistogram, type SparseMask } from '../../src/kernels/sparse-mask.js';
import { maxOf, plainValues, type Values } from '../../src/kernels/values.js';
import { WasmSparseKernel } from '../../src/kernels/wasm/sparse-wasm.js';
import { sparseWasmModule } from '../../src/wasm/sparse-module.js';
import { parseRules } from '../../src/games/registry.js';
import type { Rules } from '../../src/rules/types.js';
import { naiveValues } from '../helpers/naive.js';
import { randomSparseCodes } from '../helpers/sparse-codes.js';
import { sequentialSparseKernels, type SequentialSparse } from '../helpers/sparse-kernels.js';
import type { SparseShape } from '../../src/kernels/sparse.js';

const KERNELS = sequentialSparseKernels();
/** Checksums and largest values of six octal games to 30000, from the C reference (the fixture names it). */
const RECORDS = JSON.parse(
  readFileSync(new URL('../fixtures/octal-record-checksums.json', import.meta.url), 'utf8'),
) as { n: number; games: Record<string, { checksum: string; max: number }> };
let makeKernel: (shape: SparseShape) => SequentialSparse = (shape) => new SparseKernel(shape);

/** Run the sparse kernel over [0, N) in chunks of `chunk`, with a fixed mask or the automatic one. */
function sparseValues(rules: Rules, N: number, mask: SparseMask | 'auto', chunk: number): Values {
  const kernel = makeKernel(sparseShape(rules)!);
  let g: Values = plainValues(8, N);
  let rare = new RareList(4);
  const hist = new ValueHistogram();
  if (mask !== 'auto') kernel.setMask(mask);
  let next = 0;
  let max = 0;
  while (next < N) {
    if (mask === 'auto') {
      const best = bestMask(hist, kernel.shape.parityAllowed).mask;
      if (best.bits !== kernel.currentMask.bits || best.parity !== kernel.currentMask.parity) {
        kernel.setMask(best);
        rare = new RareList(4);
        collectRare(g, 0, next, best, kernel.classes, rare);
      }
    }
    const out = kernel.run(g, next, Math.min(N, next + chunk), max, rare);
    hist.add(g, next, out.next);
    next = out.next;
    max = Math.max(max, out.maxValue);
    if (out.overflowValue !== undefined) {
      const wider = plainValues(16, N);
      wider.set(g.subarray(0, next));
      g = wider;
    }
  }
  return g;
}

function plain(rules: Rules, N: number): number[] {
  const r = builtin(rules);
  const kernel = r.family === 'octal' ? takeBreakKernel(r.digits) : grundyKernel();
  const g = plainValues(16, N);
  const out = kernel.run(g, 0, N, 0);
  expect(out.next).toBe(N);
  return [...g];
}

const BAD_MASKS: SparseMask[] = [
  { bits: 0, parity: 0 }, // every heap rare: step 1 is the full scan
  { bits: 1, parity: 0 },
  { bits: 0xffff, parity: 0 },
  { bits: 0x5a5a, parity: 0 },
];

describe('sparse shape', () => {
  it('applies to two-heap splits and Grundy, not to split-free or three-heap codes', () => {
    expect(sparseShape(parseRules('grundy'))?.distinct).toBe(true);
    expect(sparseShape(parseRules('octal:0.77'))?.two).toEqual(Int32Array.of(1, 2));
    expect(sparseShape(parseRules('octal:0.77'))?.parityAllowed).toBe(false);
    expect(sparseShape(parseRules('octal:0.07'))?.parityAllowed).toBe(true);
    expect(sparseShape(parseRules('octal:0.33'))).toBeNull();
    expect(sparseShape(parseRules('octal:0.f'))).toBeNull();
    expect(sparseShape(parseRules('sub:squares'))).toBeNull();
  });
});

describe.each(KERNELS)('sparse kernel (%s) equals the plain kernel and the naive twin', (_label, make) => {
  beforeAll(() => {
    makeKernel = make;
  });
  it("Grundy's game to 20000, automatic mask", () => {
    const rules = parseRules('grundy');
    const expected = plain(rules, 20000);
    expect(naiveValues(rules, 600)).toEqual(expected.slice(0, 600));
    expect([...sparseValues(rules, 20000, 'auto', 997)]).toEqual(expected);
  });

  it("Grundy's game with deliberately bad masks", () => {
    const rules = parseRules('grundy');
    const expected = plain(rules, 4000);
    for (const mask of [...BAD_MASKS, { bits: 0, parity: 1 } as SparseMask, { bits: 0x33, parity: 1 } as SparseMask]) {
      expect([...sparseValues(rules, 4000, mask, 333)], JSON.stringify(mask)).toEqual(expected);
    }
  });

  it('random octal codes with splits, n < 3000, automatic and bad masks (seeded)', () => {
    let tested = 0;
    for (const { spec, rules, shape } of randomSparseCodes(20240603, 10)) {
      tested++;
      const N = 3000;
      const expected = plain(rules, N);
      expect(naiveValues(rules, 300), spec).toEqual(expected.slice(0, 300));
      expect([...sparseValues(rules, N, 'auto', 211 + tested)], `${spec} auto`).toEqual(expected);
      const mask = BAD_MASKS[tested % BAD_MASKS.length]!;
      expect([...sparseValues(rules, N, mask, 1000)], `${spec} ${JSON.stringify(mask)}`).toEqual(expected);
      if (shape.parityAllowed)
        expect([...sparseValues(rules, N, { bits: 6, parity: 1 }, 500)], `${spec} parity`).toEqual(expected);
    }
  });

  it('known games: Kayles, Dawson, 0.354, 0.376, a code splitting without removing', () => {
    for (const spec of ['octal:0.77', 'octal:0.137', 'octal:0.354', 'octal:0.376', 'octal:4.7', 'octal:0.7777']) {
      const rules = parseRules(spec);
      const expected = plain(rules, 2500);
      expect([...sparseValues(rules, 2500, 'auto', 400)], spec).toEqual(expected);
    }
  });

  it("the games whose records are pushed, to 30000, equal the C reference's tables (values past 255)", () => {
    for (const [spec, want] of Object.entries(RECORDS.games)) {
      const g = sparseValues(parseRules(spec), RECORDS.n, 'auto', 997);
      let sum = 0n;
      for (let n = 0; n < RECORDS.n; n++) sum += BigInt(g[n]!) * BigInt((n % 1000003) + 1);
      expect({ checksum: String(sum), max: maxOf(g) }, spec).toEqual(want);
    }
  });

  it('carries on across a width promotion (values above 255)', () => {
    // Grundy's game passes 255 late; a code with large values gets there fast.
    const rules = parseRules('octal:0.4444444444444444');
    const N = 2500;
    const expected = plain(rules, N);
    expect(Math.max(...expected)).toBeGreaterThan(255);
    const g = sparseValues(rules, N, 'auto', 300);
    expect(g).toBeInstanceOf(Uint16Array);
    expect([...g]).toEqual(expected);
    expect(maxOf(g)).toBe(Math.max(...expected));
  });
});

describe('split sums as words (assembly/sparse/planes.ts)', () => {
  // Codes of two split sums whose values pass a power of two late (first value of 32 or 64 at
  // the heap named): the blocks run on the words until then, and leave them inside a block.
  const LATE: [string, number, number][] = [
    ['octal:0.167', 32, 796],
    ['octal:0.0167', 64, 937],
    ['octal:0.1167', 64, 3458],
    ['octal:0.376', 64, 623],
  ];
  it.each(LATE)('%s below %i, then past it, in chunks of odd lengths', (spec, limit, first) => {
    const module = sparseWasmModule();
    if (module === null) throw new Error('no WebAssembly sparse kernel');
    const rules = parseRules(spec);
    const N = 4000;
    const expected = plain(rules, N);
    expect(expected.findIndex((v) => v >= limit)).toBe(first);
    makeKernel = (shape) => new WasmSparseKernel(shape, module, undefined, { planes: limit });
    for (const chunk of [333, 1000])
      expect([...sparseValues(rules, N, 'auto', chunk)], `${spec} ${chunk}`).toEqual(expected);
  });
});
