import { describe, expect, it } from 'vitest';
import { frozenBound, tileRange } from '../../helpers/tiles.js';
import { parseRules } from '../../../src/games/registry.js';
import {
  createSubtractMemory,
  finishLimit,
  instantiateSubtractBlocked,
  valuesView,
  type ValueBytes,
} from '../../../src/kernels/wasm/subtract-blocked.js';
import { infiniteSetElements } from '../../../src/rules/infinite-sets.js';
import type { InfiniteSetName } from '../../../src/rules/types.js';
import { plainTable } from '../../helpers/frozen-driver.js';

/**
 * The gang's kernel (assembly/subtract.ts) against the plain JavaScript kernel: whole tables,
 * run in one thread on the gang's schedule (tile j by member j mod members, its frozen
 * bound from frozenBound), starting in a byte table and widening to Uint16 at the first value
 * past 255 as the gang does (a new chunk from that heap).
 */
function gangTable(elements: Int32Array, N: number, members: number): number[] {
  const tile = 192;
  const vmax = 4096;
  const made = createSubtractMemory(elements, N, members, tile, vmax)!;
  const kernels = instantiateSubtractBlocked(made.memory);
  let bytes: ValueBytes = 1;
  let lo = 0;
  let max = 0;
  const rowsOf = (t: number): number => made.scratch + t * made.stride;
  while (lo < N) {
    const kernel = kernels[bytes];
    const tiles = Math.ceil((N - lo) / tile);
    let stopped = -1;
    for (let j = 0; j < tiles && stopped < 0; j++) {
      const [s, e] = tileRange(lo, N, tile, j);
      const F = frozenBound(lo, tile, members, j);
      const V = Math.min(vmax, Math.ceil((max + 2) / 16) * 16);
      const rows = rowsOf(j % members);
      kernel.gather(s, e, F, V, rows);
      const top = kernel.finish(s, e, F, V, rows, rows + tile * vmax, finishLimit(bytes, vmax));
      if (top >= 0) max = Math.max(max, top);
      else stopped = s - top - 1;
    }
    if (stopped < 0) break;
    expect(bytes, `a value too wide for the rows at ${stopped}`).toBe(1);
    // Widen: the values so far, copied out of the byte table and back in as Uint16.
    const done = Array.from(valuesView(made.memory.buffer, made.gOffset, stopped, 1));
    bytes = 2;
    valuesView(made.memory.buffer, made.gOffset, N, 2).set(done);
    max = Math.max(0, ...done);
    lo = stopped;
  }
  return Array.from(valuesView(made.memory.buffer, made.gOffset, N, bytes));
}

describe("the subtraction gang kernel gives the plain kernel's tables, widening past 255", () => {
  const cases: [InfiniteSetName, number][] = [
    ['squares', 200_000],
    ['primes', 30_000],
    ['powers2', 200_000],
  ];
  for (const [name, N] of cases) {
    it(`sub:${name} to ${N}, 1 and 2 members`, () => {
      const elements = infiniteSetElements(name, N);
      const expected = Array.from(plainTable(parseRules(`sub:${name}`), N));
      for (const members of [1, 2]) expect(gangTable(elements, N, members), `${members} members`).toEqual(expected);
    });
  }

  it('widens past 255 (subtract any number: g(n) = n)', () => {
    const N = 1000;
    const elements = Int32Array.from({ length: N - 1 }, (_, i) => i + 1);
    const expected = Array.from({ length: N }, (_, n) => n);
    for (const members of [1, 2]) expect(gangTable(elements, N, members), `${members} members`).toEqual(expected);
  });
});
