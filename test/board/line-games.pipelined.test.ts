import { describe, expect, it } from 'vitest';
import { computeRowsPipelined, createLineGame, wythoffTable } from '../../src/board/line-games.js';
import { expandUpper } from '../../src/board/table.js';

describe('pipelined rows (the unit of a multi-thread Wythoff table)', () => {
  it('rows taken in two interleaved passes with progress counters give the same table', () => {
    const n = 200;
    const st = createLineGame(n, true, true);
    const progress = new Int32Array(new SharedArrayBuffer(4 * n));
    // One thread can run the even and odd rows alternately, each row after the one above it.
    for (let x = 0; x < n; x++) computeRowsPipelined(st, x, x + 1, 2, progress);
    expect(Array.from(expandUpper(st.values, n))).toEqual(Array.from(wythoffTable(n).values));
    expect(Array.from(progress)).toEqual(new Array<number>(n).fill(n));
  });
});
