import { MAX_HISTOGRAM } from '../count/histogram.js';
import { NotComputedError, UsageError } from '../errors.js';
import { gameKind, storedKind } from '../api/game.js';
import { parseCount } from '../numbers.js';
import type { SparseState } from '../store/sparse-state.js';
import type { GameRow, Store } from '../store/store.js';
import { valueCounts } from '../store/value-counts.js';
import { announceStore, findStoredGame, openForRead, quoteSpec, type GlobalArgs } from './context.js';
import { fmtInt, printJson } from './output.js';

/**
 * `grundy show GAME --freq [--at N]`: how many of the heaps 1..N take each value, as the
 * published tables of octal games give them ("value count" lines, values 0..max, zero counts
 * included), with the sparse-space mask and rare heaps stored beside the table.
 */

export interface FreqArgs extends GlobalArgs {
  game: string;
  at?: string;
  first?: string;
  rows?: boolean;
}

/** Rare heaps listed in text (--json lists them all). */
const RARE_SHOWN = 100;
/** Heaps read at a time to find the values of the rare heaps. */
const WINDOW = 4096;

export function showFreqCommand(args: FreqArgs): void {
  if (args.first !== undefined || args.rows)
    throw new UsageError('--freq prints the frequency table alone: drop --first and --rows');
  // Checked before the store is read: a bad number is bad input whatever is stored.
  const at = args.at !== undefined ? parseCount(args.at, '--at', 1) : undefined;
  const store = openForRead(args);
  try {
    const found = findStoredGame(store, args.game);
    const gameKindOf = found.game ? storedKind(found.game.family) : found.rules ? gameKind(found.rules) : 'heap';
    if (gameKindOf !== 'heap') {
      const kind = gameKindOf === 'board' ? 'a two-dimensional game' : 'a game graph';
      throw new UsageError(
        `--freq is for heap games: ${found.key} is ${kind}; grundy export ${quoteSpec(args.game)} lists its values`,
      );
    }
    const game = found.game;
    const spec = quoteSpec(args.game);
    const upTo = at !== undefined ? ` --to ${at + 1}` : '';
    if (!store || !game) throw new NotComputedError(`${found.key} is not stored; run: grundy compute ${spec}${upTo}`);
    if (game.computed < 2)
      throw new NotComputedError(
        `${game.key} has no heap stored past 0; run: grundy compute ${spec}${upTo || ' --to 2'}`,
      );
    const heap = at ?? game.computed - 1;
    if (heap >= game.computed) {
      throw new NotComputedError(
        `${game.key} is stored up to heap ${game.computed - 1}, and --freq --at ${heap} needs heap ${heap}; ` +
          `run: grundy compute ${spec} --to ${heap + 1}`,
      );
    }
    if (game.maxValue >= MAX_HISTOGRAM) {
      throw new UsageError(
        `${game.key} takes values up to ${game.maxValue}, and --freq lists at most ${MAX_HISTOGRAM} of them; ` +
          `grundy export ${spec} writes the table`,
      );
    }
    const counted = valueCounts(store, game, heap);
    const sparse = store.sparseState(game);
    const rare = sparse ? rareHeaps(store, game, sparse, heap, args.json ? Infinity : RARE_SHOWN) : undefined;
    if (args.json) {
      printJson({
        store: store.path,
        game: game.key,
        heaps: { from: 1, to: heap },
        max: counted.counts.length - 1,
        counts: Array.from(counted.counts),
        counted: { stored: counted.storedAt > 0 ? counted.storedAt : null, fromTable: counted.read },
        sparse:
          sparse && rare
            ? {
                mask: { bits: sparse.mask.bits, parity: sparse.mask.parity },
                heaps: { from: 1, to: rare.upto },
                rareHeaps: rare.count,
                rare: rare.listed,
              }
            : null,
      });
      return;
    }
    announceStore(args, store);
    const lines: string[] = [];
    if (sparse && rare) {
      lines.push(
        `SPARSE mask=0x${sparse.mask.bits.toString(16)} parity=${sparse.mask.parity} ` +
          `rare_heaps=${rare.count} (among heaps 1..${rare.upto}, under the mask stored with the table)`,
      );
      const more = rare.count - rare.listed.length;
      const listed = rare.listed.map(([h, v]) => `${h}(g=${v})`).join(' ');
      lines.push(`RARE ${listed}${more > 0 ? ` ... and ${fmtInt(more)} more (--json lists them all)` : ''}`);
    }
    lines.push(`FREQ heaps=1..${heap}`);
    for (const [value, count] of counted.counts.entries()) lines.push(`${value} ${count}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    store?.close();
  }
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
