import { MAX_HISTOGRAM } from '../count/histogram.js';
import { NotComputedError, UsageError } from '../errors.js';
import type { GameKind } from '../games/family.js';
import { parseCount } from '../numbers.js';
import type { SparseState } from '../store/sparse-state.js';
import type { GameRow, Store } from '../store/store.js';
import { valueCounts } from '../store/value-counts.js';

/**
 * The value frequencies of a heap game, as the published tables of octal games give them: how
 * many of the heaps 1..N take each value, with the sparse-space mask and rare heaps stored
 * beside the table (`grundy show GAME --freq`).
 */

export interface FrequencyOptions {
  /** N: the last heap counted (a number, or text such as '2^26'); default the last stored heap. */
  readonly at?: number | string;
  /** Rare heaps listed with their values (default all); `rareHeaps` counts them all. */
  readonly rareListed?: number;
}

export interface FrequencyTable {
  readonly game: string;
  /** The heaps counted: 1..to. */
  readonly heaps: { readonly from: 1; readonly to: number };
  /** counts[v]: how many of the heaps take value v, for v = 0..max (zeros included). */
  readonly counts: readonly number[];
  /** Where the counts came from: the stored counts at a power of two (its heap, or null) and heaps read. */
  readonly counted: { readonly stored: number | null; readonly fromTable: number };
  /** The sparse-space mask and rare heaps stored with the table, or null when its runs had none. */
  readonly sparse: {
    readonly mask: { readonly bits: number; readonly parity: number };
    /** The rare heaps are known among heaps 1..upto. */
    readonly upto: number;
    readonly rareHeaps: number;
    /** [heap, value] of the first rareListed rare heaps. */
    readonly rare: readonly (readonly [number, number])[];
  } | null;
}

/** Heaps read at a time to find the values of the rare heaps. */
const WINDOW = 4096;

export function frequencyTable(
  store: Store | null,
  game: GameRow | undefined,
  named: { readonly key: string; readonly kind: GameKind; readonly spec: string },
  options: FrequencyOptions,
): FrequencyTable {
  // Checked before the store is read: a bad number is bad input whatever is stored.
  const at = options.at !== undefined ? parseCount(String(options.at), '--at', 1) : undefined;
  const spec = named.spec;
  if (named.kind !== 'heap') {
    const kind = named.kind === 'board' ? 'a two-dimensional game' : 'a game graph';
    throw new UsageError(`--freq is for heap games: ${named.key} is ${kind}`, { what: 'its values', game: spec });
  }
  if (!store || !game) {
    throw new NotComputedError(`${named.key} is not stored`, {
      game: spec,
      ...(at !== undefined ? { to: at + 1 } : {}),
    });
  }
  if (game.computed < 2) {
    throw new NotComputedError(`${game.key} has no heap stored past 0`, {
      game: spec,
      to: at !== undefined ? at + 1 : 2,
    });
  }
  const heap = at ?? game.computed - 1;
  if (heap >= game.computed) {
    throw new NotComputedError(
      `${game.key} is stored up to heap ${game.computed - 1}, and --freq --at ${heap} needs heap ${heap}`,
      { game: spec, to: heap + 1 },
    );
  }
  if (game.maxValue >= MAX_HISTOGRAM) {
    throw new UsageError(
      `${game.key} takes values up to ${game.maxValue}, and --freq lists at most ${MAX_HISTOGRAM} of them`,
      { what: 'the table', game: spec },
    );
  }
  const counted = valueCounts(store, game, heap);
  const state = store.sparseState(game);
  let sparse: FrequencyTable['sparse'] = null;
  if (state) {
    const rare = rareHeaps(store, game, state, heap, options.rareListed ?? Number.POSITIVE_INFINITY);
    sparse = {
      mask: { bits: state.mask.bits, parity: state.mask.parity },
      upto: rare.upto,
      rareHeaps: rare.count,
      rare: rare.listed,
    };
  }
  return {
    game: game.key,
    heaps: { from: 1, to: heap },
    counts: Array.from(counted.counts),
    counted: { stored: counted.storedAt > 0 ? counted.storedAt : null, fromTable: counted.read },
    sparse,
  };
}

/**
 * The rare heaps among 1..upto (how many, and the first `limit` with their values): upto is the
 * heap, unless the list stops before it (it holds the rare heaps below `sparse.upto`).
 */
function rareHeaps(
  store: Store,
  game: GameRow,
  sparse: SparseState,
  heap: number,
  limit: number,
): { upto: number; count: number; listed: [number, number][] } {
  const upto = Math.min(heap, sparse.upto - 1);
  let count = 0;
  while (count < sparse.rare.length && sparse.rare[count]! <= upto) count++;
  const listed: [number, number][] = [];
  let from = 0;
  let window = store.readValues(game, 0, 0);
  for (let i = 0; i < Math.min(count, limit); i++) {
    const h = sparse.rare[i]!;
    if (h >= from + window.length) {
      from = h;
      window = store.readValues(game, h, Math.min(heap + 1, h + WINDOW));
    }
    listed.push([h, window[h - from]!]);
  }
  return { upto, count, listed };
}
