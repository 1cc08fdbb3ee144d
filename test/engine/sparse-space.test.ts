import { describe, expect, it } from 'vitest';
import { SparseSpace } from '../../src/engine/sparse-space.js';
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
    space.revise(g, N + 1, false);
    expect(space.mask).toEqual(mask);
    expect(space.lastRare).toBe(N);
  });

  it('a crowded window takes the mask with bit 8, whose rare heaps end where they did', () => {
    const { space, g, before } = setup();
    const count = space.rare.count;
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
