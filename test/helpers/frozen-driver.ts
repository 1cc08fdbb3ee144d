/**
 * Test helpers for the frozen-prefix kernels: a seeded random source, a definitional twin for
 * take-and-break codes, and an in-process driver that runs a frozen-prefix kernel the way the engine
 * does (chunks, gather tiles in any order, ordered finish, width promotion on overflow) but
 * with chunk lengths and tile cuts chosen by the test.
 */
import { plainKernel } from '../../src/games/registry.js';
import { frozenKernel } from '../../src/games/registry.js';
import type { OptionsFunction } from '../../src/kernels/kernel.js';
import {
  maxOf,
  plainValues,
  regrow,
  widthFor,
  widthOf,
  wider,
  type Values,
  type Width,
} from '../../src/kernels/values.js';
import type { Rules } from '../../src/rules/types.js';
import type { FrozenKernel } from '../../src/kernels/frozen/frozen-kernel.js';
import { frozenBound, tileRange } from './tiles.js';
import { seededRandom } from '../../src/testing/random.js';

export { seededRandom as rng };

export function randomInt(rand: () => number, lo: number, hi: number): number {
  return lo + Math.floor(rand() * (hi - lo + 1));
}

/** g(0..N-1) by the plain range kernel, widening like the coordinator does. */
export function plainTable(rules: Rules, N: number, options?: OptionsFunction, width: Width = 8): Values {
  const kernel = plainKernel(rules, options);
  let g = plainValues(width, N);
  let next = 0;
  while (next < N) {
    const out = kernel.run(g, next, N, next > 0 ? maxOf(g, 0, next) : 0);
    next = out.next;
    if (out.overflowValue !== undefined)
      g = regrow(g, next, wider(widthOf(g), widthFor(out.overflowValue)), g.length, false);
  }
  return g;
}

export interface DriverOptions {
  /** Heaps computed by the plain kernel before the frozen prefix starts (at least 1). */
  readonly plainTo: number;
  /** Chunk length at chunk start a. */
  readonly chunk: (a: number) => number;
  readonly rand: () => number;
  /** Gather tiles per chunk (cut at random points, run in random order). */
  readonly tiles: number;
  readonly width?: Width;
  readonly options?: OptionsFunction;
  /**
   * Run each chunk on the gang's schedule (src/gang/member.ts) instead: tiles of this many heaps,
   * tile j gathered with the frozen bound of `members` members as soon as that bound is final
   * (later values still unwritten), then finished from its own start.
   */
  readonly gang?: { readonly tile: number; readonly members: number };
}

export interface DriverResult {
  readonly values: Values;
  /** Widths the table went through, in order. */
  readonly widths: Width[];
  readonly chunks: number;
  /** Gang chunks stopped because the values outgrew the rows' width. */
  readonly regrows: number;
}

/** Compute g(0..N-1) with the family's frozen-prefix kernel under the given chunking. */
export function frozenTable(rules: Rules, N: number, opts: DriverOptions): DriverResult {
  const kernel = frozenKernel(rules, opts.options);
  if (!kernel) throw new Error(`${rules.key} has no frozen-prefix kernel`);
  const plain = plainKernel(rules, opts.options);
  let g = plainValues(opts.width ?? 8, N);
  const widths: Width[] = [widthOf(g)];
  let next = 0;
  const promote = (value: number): void => {
    g = regrow(g, next, wider(widthOf(g), widthFor(value)), g.length, false);
    widths.push(widthOf(g));
  };
  while (next < Math.min(N, Math.max(1, opts.plainTo))) {
    const out = plain.run(g, next, Math.min(N, Math.max(1, opts.plainTo)), next > 0 ? maxOf(g, 0, next) : 0);
    next = out.next;
    if (out.overflowValue !== undefined) promote(out.overflowValue);
  }
  const garbage = (length: number): Int32Array => {
    // Garbage in the scratch: gather must clear every row it owns.
    const rows = new Int32Array(length);
    for (let i = 0; i < rows.length; i++) rows[i] = (opts.rand() * 2 ** 32) | 0;
    return rows;
  };
  let chunks = 0;
  let regrows = 0;
  while (next < N) {
    const a = next;
    const b = Math.min(N, a + Math.max(1, opts.chunk(a)));
    const rowWords = kernel.rowWords(maxOf(g, 0, a));
    chunks++;
    if (opts.gang) {
      const out = gangChunk(kernel, g, a, b, rowWords, opts.gang, garbage);
      next = out.next;
      if (out.overflowValue !== undefined) promote(out.overflowValue);
      else if (next < b) regrows++;
      continue;
    }
    const rows = garbage((b - a) * rowWords);
    const cuts = new Set<number>([a, b]);
    for (let i = 1; i < opts.tiles; i++) cuts.add(randomInt(opts.rand, a, b));
    const points = [...cuts].sort((x, y) => x - y);
    const tiles = points.slice(1).map((hi, i) => [points[i]!, hi] as const);
    const order = tiles.map((_, i) => i).sort(() => opts.rand() - 0.5);
    const deferred: (Int32Array | null)[] = new Array(tiles.length).fill(null);
    for (const i of order) {
      const [lo, hi] = tiles[i]!;
      deferred[i] = kernel.gather(g, a, lo, hi, rows.subarray((lo - a) * rowWords), rowWords);
    }
    const out = kernel.finish(g, a, a, b, rows, rowWords, deferred);
    next = out.next;
    if (out.overflowValue !== undefined) promote(out.overflowValue);
  }
  return { values: g, widths, chunks, regrows };
}

/**
 * One chunk [a, b) on the gang's schedule, in one thread: tile j is gathered with F_j = start of
 * tile j - members + 1 right after the tile before F_j is finished, so every value at or past
 * F_j is still unwritten (0) when it runs; then it is finished from its own start. Stops where
 * the values outgrow the rows (as a gang member does) or a value does not fit the table.
 */
function gangChunk(
  kernel: FrozenKernel,
  g: Values,
  a: number,
  b: number,
  rowWords: number,
  gang: { readonly tile: number; readonly members: number },
  garbage: (length: number) => Int32Array,
): { next: number; overflowValue?: number } {
  const { tile, members } = gang;
  const count = Math.ceil((b - a) / tile);
  const gathered = new Map<number, { rows: Int32Array; deferred: Int32Array | null } | null>();
  const gatherTile = (j: number): void => {
    if (j >= count) return;
    const [s, e] = tileRange(a, b, tile, j);
    const F = frozenBound(a, tile, members, j);
    if (kernel.rowWords(maxOf(g, 0, F)) > rowWords) {
      gathered.set(j, null);
      return;
    }
    const rows = garbage((e - s) * rowWords);
    gathered.set(j, { rows, deferred: kernel.gather(g, F, s, e, rows, rowWords) });
  };
  for (let j = 0; j < members; j++) gatherTile(j);
  for (let j = 0; j < count; j++) {
    const [s, e] = tileRange(a, b, tile, j);
    const tileRows = gathered.get(j);
    if (!tileRows) return { next: s };
    const out = kernel.finish(g, frozenBound(a, tile, members, j), s, e, tileRows.rows, rowWords, [tileRows.deferred]);
    if (out.next < e) return out;
    gatherTile(j + members);
  }
  return { next: b };
}

/** All multisets of `parts` positive integers summing to m (non-decreasing). */
function partitions(m: number, parts: number, min = 1): number[][] {
  if (parts === 1) return m >= min ? [[m]] : [];
  const out: number[][] = [];
  for (let x = min; x * parts <= m; x++) for (const rest of partitions(m - x, parts - 1, x)) out.push([x, ...rest]);
  return out;
}

/** Take-and-break values straight from the definition (README "Games"; Winning Ways, ch. 4): slow, obvious. */
export function naiveTakeBreak(digits: readonly number[], N: number): number[] {
  const g: number[] = [];
  for (let n = 0; n < N; n++) {
    const seen = new Set<number>();
    digits.forEach((d, i) => {
      if (i > n) return;
      const rest = n - i;
      for (let j = 0; j < 4; j++) {
        if (!(d & (1 << j))) continue;
        if (j === 0) {
          if (rest === 0 && i > 0) seen.add(0);
        } else {
          for (const p of partitions(rest, j)) seen.add(p.reduce((x, h) => x ^ g[h]!, 0));
        }
      }
    });
    let v = 0;
    while (seen.has(v)) v++;
    g.push(v);
  }
  return g;
}

/** Random take-and-break code with splits: d0 in {0, 4}, 1-4 digits, octal or hex. */
export function randomCode(rand: () => number): number[] {
  const hex = rand() < 0.3;
  const len = randomInt(rand, 1, 4);
  const digits = [rand() < 0.2 ? 4 : 0];
  for (let i = 0; i < len; i++) digits.push(randomInt(rand, 0, hex ? 15 : 7));
  // Ensure at least one split move, else the code is a subtraction game (no frozen-prefix kernel).
  const at = randomInt(rand, 1, len);
  digits[at] = digits[at]! | 4;
  return digits;
}
