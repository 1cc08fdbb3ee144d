import { NotComputedError, UsageError } from '../errors.js';
import { classTable, isRareHeap, VALUE_LIMIT, type SparseMask } from '../kernels/sparse-mask.js';
import type { GrundyStore, StoredGame } from '../api/store.js';

/** One point of the value sequence: heap n and g(n); `rare` under the game's sparse-space mask. */
export interface PlotPoint {
  readonly n: number;
  readonly v: number;
  readonly rare?: boolean;
}

/** The values of heaps [lo, hi) of one class, reduced to their min and max (one pixel column). */
export interface PlotBucket {
  readonly lo: number;
  readonly hi: number;
  readonly min: number;
  readonly max: number;
  readonly rare?: boolean;
}

export interface PlotData {
  readonly game: string;
  readonly computed: number;
  readonly maxValue: number;
  readonly lo: number;
  readonly hi: number;
  /** Every value when the range is small, else min/max buckets (never both). */
  readonly points: readonly PlotPoint[];
  readonly buckets: readonly PlotBucket[];
  /**
   * With buckets: the rare heaps of the range as points (at most MAX_RARE_POINTS, the first ones),
   * drawn over the columns, where a one-pixel rule of a rare value would be lost.
   */
  readonly rare: readonly PlotPoint[];
  /** Rare heaps in the range beyond those in `rare`. */
  readonly rareLeftOut: number;
  /** The sparse-space mask that splits values into rare and common, when the game has one. */
  readonly mask: { readonly bits: number; readonly parity: 0 | 1 } | null;
  readonly preperiod: number | null;
  readonly period: number | null;
  readonly proven: boolean;
}

/** At most this many buckets a request may ask for (a very wide screen). */
export const MAX_BUCKETS = 8192;
/** Rare heaps drawn as points over a bucketed plot at most. */
export const MAX_RARE_POINTS = 20_000;
/** Values read for one plot: a larger range is refused, not read. */
export const MAX_PLOT_RANGE = 1 << 26;

/**
 * The plot of g over [lo, hi): every point when there are at most `buckets` of them, else for each
 * of `buckets` equal spans (and each class, rare or common) the min and max, so a plot of 10^8
 * values sends a few thousand numbers and still shows every outlier. With a proven period, heaps
 * past the stored table are plotted from the certificate (as query and export answer them);
 * without one, hi stops at the table.
 */
export function plotData(
  store: GrundyStore,
  spec: string,
  range: { lo?: number; hi?: number; buckets?: number } = {},
): PlotData {
  const game: StoredGame = store.game(spec);
  if (game.kind !== 'heap') throw notHeaps(game);
  const lo = range.lo ?? 0;
  const proven = game.periodicity?.proven === true;
  const hi = proven ? (range.hi ?? game.computed) : Math.min(range.hi ?? game.computed, game.computed);
  const buckets = range.buckets ?? 2000;
  if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi) || lo < 0 || hi <= lo) {
    throw new UsageError(
      `plot range ${lo}..${hi} is empty or invalid; ${game.key} has g(0..${game.computed - 1}) stored`,
    );
  }
  if (!Number.isSafeInteger(buckets) || buckets < 1 || buckets > MAX_BUCKETS) {
    throw new UsageError(`buckets ${buckets} must be an integer in [1, ${MAX_BUCKETS}]`);
  }
  if (hi - lo > MAX_PLOT_RANGE)
    throw new UsageError(`plot range ${lo}..${hi - 1} has more than ${MAX_PLOT_RANGE} values; narrow it`);
  const sparse = store.sparse(spec);
  const mask: SparseMask | null = sparse ? sparse.mask : null;
  const cls = mask ? classTable(mask.bits) : null;
  const rareOf = (n: number, v: number): boolean | undefined =>
    mask && cls ? (v < VALUE_LIMIT ? isRareHeap(cls, mask, n, v) : false) : undefined;

  const points: PlotPoint[] = [];
  const out: PlotBucket[] = [];
  const rare: PlotPoint[] = [];
  let rareLeftOut = 0;
  const step = Math.max(1, Math.ceil((hi - lo) / buckets));
  const each = step === 1;
  let acc = { common: [Infinity, -Infinity], rare: [Infinity, -Infinity] };
  let start = lo;
  const flush = (end: number): void => {
    for (const kind of ['common', 'rare'] as const) {
      const [min, max] = acc[kind];
      if (min === Infinity) continue;
      const bucket = { lo: start, hi: end, min: min!, max: max! };
      out.push(mask ? { ...bucket, rare: kind === 'rare' } : bucket);
    }
    acc = { common: [Infinity, -Infinity], rare: [Infinity, -Infinity] };
    start = end;
  };
  // Read at most READ values at a time (the store's limit per read); a bucket may span reads.
  const READ = 1 << 19;
  const answerer = hi > game.computed ? store.answerer(spec) : null;
  const read = (r0: number, r1: number): ArrayLike<number> => {
    if (r1 <= game.computed) return store.values(spec, r0, r1);
    const out = new Array<number>(r1 - r0);
    const stored = Math.max(r0, Math.min(r1, game.computed));
    if (stored > r0) {
      const table = store.values(spec, r0, stored);
      for (let i = 0; i < table.length; i++) out[i] = table[i]!;
    }
    for (let n = stored; n < r1; n++) out[n - r0] = Number(answerer!.answer(BigInt(n)).value);
    return out;
  };
  for (let r0 = lo; r0 < hi; r0 += READ) {
    const r1 = Math.min(hi, r0 + READ);
    const values = read(r0, r1);
    for (let n = r0; n < r1; n++) {
      const v = values[n - r0]!;
      const isRare = rareOf(n, v);
      if (each) {
        points.push(isRare === undefined ? { n, v } : { n, v, rare: isRare });
        continue;
      }
      if (n - start === step) flush(n);
      if (isRare) {
        if (rare.length < MAX_RARE_POINTS) rare.push({ n, v, rare: true });
        else rareLeftOut++;
      }
      const a = isRare ? acc.rare : acc.common;
      if (v < a[0]!) a[0] = v;
      if (v > a[1]!) a[1] = v;
    }
  }
  if (!each) flush(hi);
  const p = game.periodicity;
  return {
    game: game.key,
    computed: game.computed,
    maxValue: game.maxValue,
    lo,
    hi,
    points,
    buckets: out,
    rare,
    rareLeftOut,
    mask: mask ? { bits: mask.bits, parity: mask.parity } : null,
    preperiod: p ? p.preperiod : null,
    period: p ? p.period : null,
    proven: p?.proven === true,
  };
}

/** One cell of a board's heat map: g(x, y). */
export interface BoardCell {
  readonly x: number;
  readonly y: number;
  readonly v: number;
}

/** A two-dimensional game's heat map: g(x, y) for x, y < side, from its stored N x N table. */
export interface BoardPlotData {
  readonly kind: 'board';
  readonly game: string;
  /** The stored table's side N. */
  readonly size: number;
  /** The side plotted (at most size). */
  readonly side: number;
  /** The largest value among the plotted cells. */
  readonly maxValue: number;
  /** Row after row: x, then y. */
  readonly cells: readonly BoardCell[];
}

/** The side of a board's heat map unless asked: a rect a cell stays visible up to here. */
export const BOARD_PLOT_SIDE = 128;
/** The largest side a heat map may ask for (65,536 rects). */
export const MAX_BOARD_PLOT_SIDE = 256;

/** The kind of plot a stored game takes: a value sequence, a heat map, a value histogram (graph.ts). */
export function plotKind(store: GrundyStore, spec: string): StoredGame['kind'] {
  return store.game(spec).kind;
}

/**
 * The heat map of a board: g(x, y) for x, y < side (default the stored side, at most
 * BOARD_PLOT_SIDE); a side past the stored table is NotComputedError naming the compute.
 */
export function boardPlotData(store: GrundyStore, spec: string, options: { side?: number } = {}): BoardPlotData {
  const table = store.board(spec);
  const side = options.side ?? Math.min(table.size, BOARD_PLOT_SIDE);
  if (!Number.isSafeInteger(side) || side < 1 || side > MAX_BOARD_PLOT_SIDE) {
    throw new UsageError(`a heat map's side ${side} must be an integer in [1, ${MAX_BOARD_PLOT_SIDE}]`);
  }
  if (side > table.size) {
    throw new NotComputedError(`only g(x, y) for x, y < ${table.size} of ${table.key} are stored`, {
      game: table.key,
      size: side,
    });
  }
  const cells: BoardCell[] = [];
  let maxValue = 0;
  for (let x = 0; x < side; x++) {
    for (let y = 0; y < side; y++) {
      const v = table.values[x * table.size + y]!;
      if (v > maxValue) maxValue = v;
      cells.push({ x, y, v });
    }
  }
  return { kind: 'board', game: table.key, size: table.size, side, maxValue, cells };
}

/** Only heap games have a sequence g(n): a board is a heat map, a game graph a histogram (graph.ts). */
function notHeaps(game: StoredGame): UsageError {
  if (game.kind === 'board') {
    return new UsageError(`${game.key} is a two-dimensional game: its plot is a heat map of g(x, y) (boardPlotData)`);
  }
  return new UsageError(`${game.key} is a game graph: its plot is a histogram of its values (graphPlotData)`);
}
