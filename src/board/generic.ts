import type { BoardTable } from './table.js';

/** The options of (x, y): positions (x', y') with x' + y' < x + y (so no cycles), on the board. */
export type BoardOptions = (x: number, y: number) => Iterable<readonly [number, number]>;

export class BadOptionError extends Error {}

/**
 * Any 2-D game from its options function, computed in order of x + y (anti-diagonals
 * [d0, d1) after all d < d0; cells of one anti-diagonal are independent, the unit a parallel
 * version would split). Values go into a Uint32Array; the mex uses a stamped mark array.
 */
export function computeGenericDiagonals(
  values: Uint32Array,
  n: number,
  options: BoardOptions,
  d0: number,
  d1: number,
  marks: Uint32Array[],
): void {
  let mark = marks[0] ?? new Uint32Array(64);
  let stamp = mark[0]!;
  for (let d = d0; d < d1; d++) {
    for (let x = Math.max(0, d - (n - 1)); x <= Math.min(d, n - 1); x++) {
      const y = d - x;
      stamp++;
      if (stamp === 0xffffffff) {
        mark.fill(0);
        stamp = 1;
      }
      for (const [a, b] of options(x, y)) {
        if (Number.isInteger(a) && Number.isInteger(b) && a >= 0 && b >= 0 && a + b >= d) {
          throw new BadOptionError(
            `the move from (${x}, ${y}) to (${a}, ${b}) is not closer to (0, 0): every move must lower x + y`,
          );
        }
        if (!Number.isInteger(a) || !Number.isInteger(b) || a < 0 || b < 0 || a >= n || b >= n) {
          throw new BadOptionError(
            `option (${a}, ${b}) of (${x}, ${y}) is not allowed: ` +
              `options must be integer positions on the ${n} x ${n} board with x' + y' < x + y`,
          );
        }
        const v = values[a * n + b]!;
        if (v + 1 >= mark.length) {
          const bigger = new Uint32Array(2 * (v + 2));
          bigger.set(mark);
          mark = bigger;
        }
        mark[v + 1] = stamp; // slot 0 keeps the stamp between calls
      }
      let v = 0;
      while (mark[v + 1] === stamp) v++;
      values[x * n + y] = v;
    }
  }
  mark[0] = stamp;
  marks[0] = mark;
}

export function genericTable(n: number, options: BoardOptions): BoardTable {
  const values = new Uint32Array(n * n);
  computeGenericDiagonals(values, n, options, 0, 2 * n - 1, []);
  return { n, values };
}
