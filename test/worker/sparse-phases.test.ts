import { describe, expect, it } from 'vitest';
import type { SparseGangTask } from '../../src/engine/sparse-protocol.js';
import { GANG, GANG_SLOTS } from '../../src/kernels/gang-control.js';
import { parseRules, sparseShape } from '../../src/games/registry.js';
import { grundyKernel } from '../../src/kernels/grundy.js';
import { collectRare, RareList } from '../../src/kernels/sparse.js';
import { sparseRowStride, SparseFrozenKernel } from '../../src/kernels/sparse-frozen.js';
import { bestMask, classTable, ValueHistogram } from '../../src/kernels/sparse-mask.js';
import { maxOf, plainValues } from '../../src/kernels/values.js';
import { sparsePhases } from '../../src/worker/sparse-phases.js';

const N = 2600;
const lo = 2000;
const hi = 2300;
const rowWords = 16;

/**
 * A gang member that died after publishing its tile's rare heaps but before moving FINISHED
 * leaves them in the shared list. The member retried on that tile must find them again in
 * place, not after them: a rare list out of order breaks every later binary search in it.
 */
describe("the sparse gang's phases over a dead member's published tile", () => {
  it('finish republishes the rare heaps of its tile once, in order', () => {
    const rules = parseRules('grundy');
    const shape = sparseShape(rules)!;
    const expected = plainValues(16, N);
    expect(grundyKernel().run(expected, 0, N, 0).next).toBe(N);

    const hist = new ValueHistogram();
    hist.add(expected, 0, lo);
    const mask = bestMask(hist, shape.parityAllowed).mask;
    const cls = classTable(mask.bits);
    const all = new RareList();
    collectRare(expected, 0, hi, mask, cls, all);
    const below = all.positions().filter((h) => h < lo).length;
    expect(all.count).toBeGreaterThan(below); // the tile holds rare heaps to republish

    const buffer = new SharedArrayBuffer(N * 2);
    const g = new Uint16Array(buffer);
    g.set(expected.subarray(0, lo));
    const rarePos = new SharedArrayBuffer(N * 4);
    const rareVal = new SharedArrayBuffer(N * 4);
    new Int32Array(rarePos).set(all.pos.subarray(0, all.count));
    new Int32Array(rareVal).set(all.val.subarray(0, all.count));
    const control = new SharedArrayBuffer(GANG_SLOTS * 4);
    const ctl = new Int32Array(control);
    ctl[GANG.FINISHED] = lo;
    ctl[GANG.STOP] = hi;
    ctl[GANG.MAX] = maxOf(expected.subarray(0, lo));
    // The dead member's tile [lo, hi): its rare heaps published, FINISHED still at lo.
    ctl[GANG.RARE_COUNT] = all.count;

    const task: SparseGangTask = {
      kind: 'sparse-gang',
      rules,
      shape,
      mask,
      rarePos,
      rareVal,
      buffer,
      width: 16,
      control,
      rows: new SharedArrayBuffer((hi - lo) * sparseRowStride(rowWords) * 4),
      rowWords,
      lo,
      hi,
      tile: hi - lo,
      members: 1,
      member: 0,
    };
    const kernel = new SparseFrozenKernel(shape);
    kernel.setMask(mask);
    const phases = sparsePhases(task, kernel, g, ctl);
    expect(phases.gather(lo, hi, lo)).toBe(true);
    expect(phases.finish(lo, hi, lo)).toEqual({ next: hi, overflow: 0 });

    expect([...g.subarray(lo, hi)]).toEqual([...expected.subarray(lo, hi)]);
    expect(ctl[GANG.RARE_COUNT]).toBe(all.count);
    expect([...new Int32Array(rarePos, 0, all.count)]).toEqual([...all.pos.subarray(0, all.count)]);
    expect([...new Int32Array(rareVal, 0, all.count)]).toEqual([...all.val.subarray(0, all.count)]);
  });
});
