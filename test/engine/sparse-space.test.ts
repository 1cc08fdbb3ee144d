import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SparseSpace } from '../../src/engine/sparse-space.js';
import type { StoredState } from '../../src/engine/strategy.js';
import type { SparseState } from '../../src/store/sparse-state.js';
import { Store, type GameRow } from '../../src/store/store.js';
import { tempDir } from '../helpers/cli.js';
import { parseRules, sparseShape } from '../../src/games/registry.js';
import { classTable } from '../../src/kernels/sparse-mask.js';

/** Grundy's game by the definition: g(n) = mex of g(a) ^ g(n - a) over 1 <= a < n - a. */
function grundyValues(N: number): Uint16Array {
  const g = new Uint16Array(N);
  const seen = new Uint8Array(512);
  for (let n = 3; n < N; n++) {
    seen.fill(0);
    for (let a = 1; 2 * a < n; a++) seen[g[a]! ^ g[n - a]!] = 1;
    let v = 0;
    while (seen[v] === 1) v++;
    g[n] = v;
  }
  return g;
}

describe('the mask of a crowded window (engine/sparse-space.ts revise)', () => {
  // Grundy's game's values to 3000, then one heap of value 256 + (a rare value): rare under the
  // mask chosen below 256, common once the mask has bit 8, which then has one rare heap fewer.
  // As in Grundy's game at 7,250,049 (its first 256): the last rare heap jumps to the new one.
  const N = 3000;
  const setup = (): { space: SparseSpace; g: Uint16Array; before: number } => {
    const g = new Uint16Array(N + 1);
    g.set(grundyValues(N));
    const space = new SparseSpace(sparseShape(parseRules('grundy'))!);
    space.tally(g, N);
    space.revise(g, N);
    const before = space.lastRare;
    const mask = space.mask!;
    expect(mask.bits & 0x100).toBe(0);
    const cls = classTable(mask.bits);
    g[N] = 256 | g[before]!;
    // Rare under the mask (the class of the rare heaps' values), as the kernels would append it.
    expect(cls[g[N]!]).toBe(cls[g[before]!]);
    space.rare.push(N, g[N]!);
    space.upto = N + 1;
    return { space, g, before };
  };

  it('a window with room keeps the mask: one rare heap fewer is no clear gain', () => {
    const { space, g } = setup();
    const mask = space.mask;
    space.tally(g, N + 1);
    space.revise(g, N + 1, false);
    expect(space.mask).toEqual(mask);
    expect(space.lastRare).toBe(N);
  });

  it('a crowded window takes the mask with bit 8, whose rare heaps end where they did', () => {
    const { space, g, before } = setup();
    const count = space.rare.count;
    space.tally(g, N + 1);
    space.revise(g, N + 1, true);
    expect(space.mask!.bits & 0x100).toBe(0x100);
    expect(space.lastRare).toBe(before);
    expect(space.rare.count).toBe(count - 1);
    // Every heap rare under the new mask is on the list, and no other.
    const cls = classTable(space.mask!.bits);
    const rare = [...space.rare.positions()];
    const expected: number[] = [];
    for (let n = 1; n <= N; n++) if (cls[g[n]!] === 0) expected.push(n);
    expect(rare).toEqual(expected);
  });
});

describe('a resumed run and the value histogram (engine/sparse-space.ts resume)', () => {
  const N = 3000;
  const shape = sparseShape(parseRules('grundy'))!;
  const game = { id: 1, key: 'grundy' } as GameRow;
  const stored = (state: SparseState | null | undefined): StoredState => ({ sparseState: () => state ?? undefined });

  it('starts from the stored histogram and counts only the heaps after it, not the whole table', () => {
    const g = grundyValues(N);
    const first = new SparseSpace(shape);
    first.tally(g, 2000);
    first.revise(g, 2000);
    const state = first.stateAt(2500)!;
    expect(state.histogram!.upto).toBe(2000);
    // The whole table counted, as a run that never stopped has it.
    first.tally(g, N);
    first.revise(g, N);
    const whole = first.stateAt(N)!.histogram!;
    // The heaps the stored histogram covers read as 0 here: counting them again would show.
    const blank = g.slice();
    blank.fill(0, 1, 2000);
    const resumed = new SparseSpace(shape);
    resumed.resume(game, blank, N, stored(state));
    const after = resumed.stateAt(N)!.histogram!;
    expect(after.upto).toBe(N);
    expect([...after.counts]).toEqual([...whole.counts]);
    expect(resumed.mask).toEqual(first.mask);
    // A state stored without one (before the histogram was kept) counts the table as it is.
    const { histogram, ...older } = state;
    expect(histogram).toBeDefined();
    const recounted = new SparseSpace(shape);
    recounted.resume(game, blank, N, stored(older));
    expect([...recounted.stateAt(N)!.histogram!.counts]).not.toEqual([...whole.counts]);
    const plain = new SparseSpace(shape);
    plain.resume(game, g, N, stored(older));
    expect([...plain.stateAt(N)!.histogram!.counts]).toEqual([...whole.counts]);
  });

  it('the histogram is stored with the chunk and read back as it was; a state without one reads back without', () => {
    const { dir, cleanup } = tempDir();
    try {
      const store = Store.openForWrite(join(dir, 'h.db'));
      const g = grundyValues(N);
      const space = new SparseSpace(shape);
      space.tally(g, N);
      space.revise(g, N);
      let row = store.ensureGame(parseRules('grundy'));
      row = store.appendChunk(row, 0, g, Math.max(...g), space.stateAt(N));
      const back = store.sparseState(row)!;
      expect(back.histogram!.upto).toBe(N);
      expect([...back.histogram!.counts]).toEqual([...space.stateAt(N)!.histogram!.counts]);
      const { histogram: _, ...older } = space.stateAt(N)!;
      row = store.appendChunk(row, N, g.subarray(0, 10), Math.max(...g), older);
      expect(store.sparseState(row)!.histogram).toBeUndefined();
      store.close();
    } finally {
      cleanup();
    }
  });
});
