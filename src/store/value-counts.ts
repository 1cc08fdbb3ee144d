import { type ChunkValues, NarrowValues, type Values } from '../kernels/values.js';
import { readValues } from './chunks.js';
import { decodeNumbers, encodeNumbers } from './codec.js';
import { statement, type StoreHandle } from './handle.js';
import type { GameRow } from './rows.js';

/**
 * Value counts at the powers of two (migration 'value counts'): for each power of two P that a
 * heap table reaches, how many of the heaps 1..P take each value, as the published tables of
 * octal games give them. The chunk that reaches P writes them in its own transaction
 * (Store.appendChunk), so they never disagree with the table; `grundy show --freq` reads them.
 */

/**
 * Counts are kept while every value is below this. Past it the values grow with the heap (nim,
 * all-but games), and a row, one count a value, would grow as large as the table: `valueCounts`
 * then counts from the table.
 */
export const COUNTED_VALUES = 1 << 16;

/** Heaps read from the table at a time: a table of 2^31 values is never loaded whole. */
const SLICE = 1 << 20;

/**
 * The running tally is stored with each chunk while its values stay below this (a row of 32 KB
 * at most): past it a chunk would write more than its values, and a new process counts the
 * table from the last power of two when it needs to.
 */
const STORED_TALLY_VALUES = 1 << 12;

/** counts[v] = how many heaps 1..upto-1 take value v. */
class Tally {
  counts: Float64Array;

  constructor(
    public upto: number,
    counts: Float64Array | undefined,
    private readonly limit: number,
  ) {
    this.counts = new Float64Array(256);
    // Stored counts end at their largest value: padded to a power of two (addFour's test).
    if (counts) {
      this.grow(counts.length - 1);
      this.counts.set(counts);
    }
  }

  /** Count values[from..to) as heaps upto, upto + 1, ...; false at a value >= limit (the tally is then spoilt). */
  add(values: ChunkValues, from: number, to: number): boolean {
    if (!(values instanceof NarrowValues ? this.countNarrow(values, from, to) : this.count(values, from, to)))
      return false;
    this.upto += to - from;
    return true;
  }

  /**
   * A narrow part's values: its bytes, each escape byte then traded for the value it stands
   * for (no 16-bit copy of the chunk: store/codec.ts encodeNarrowPart).
   */
  private countNarrow(values: NarrowValues, from: number, to: number): boolean {
    const esc = values.escapeByte;
    if (!this.count(values.bytes, from, to)) return false;
    return values.eachEscaped(from, to, (_, v) => {
      if (v >= this.counts.length) {
        if (v >= this.limit) return false;
        this.grow(v);
      }
      this.counts[esc]!--;
      this.counts[v]!++;
      return true;
    });
  }

  private count(values: Values, from: number, to: number): boolean {
    let i = from;
    while (i < to) {
      // Four interleaved tallies while the values fit the counts: one counter alone made every
      // value wait for the last (a periodic table repeats few values), about 3.5 ns a value.
      const L = this.counts.length;
      if (to - i >= 4 * L) i = this.addFour(values, i, to);
      for (const stop = Math.min(to, i + 4); i < stop; i++) {
        const v = values[i]!;
        if (v >= this.counts.length) {
          if (v >= this.limit) return false;
          this.grow(v);
        }
        this.counts[v]!++;
      }
    }
    return true;
  }

  /** Count values[from..) four at a time until `to` or a block with a value past the counts; where it stopped. */
  private addFour(values: Values, from: number, to: number): number {
    const counts = this.counts;
    const L = counts.length;
    const quad = new Uint32Array(4 * L);
    let i = from;
    for (; i + 4 <= to; i += 4) {
      const a = values[i]!;
      const b = values[i + 1]!;
      const c = values[i + 2]!;
      const d = values[i + 3]!;
      // L is a power of two: a value past it sets a bit the OR keeps.
      if ((a | b | c | d) >>> 0 >= L) break;
      quad[a]!++;
      quad[L + b]!++;
      quad[2 * L + c]!++;
      quad[3 * L + d]!++;
    }
    for (let v = 0; v < L; v++) counts[v]! += quad[v]! + quad[L + v]! + quad[2 * L + v]! + quad[3 * L + v]!;
    return i;
  }

  /** Room for value v: the counts' length stays a power of two. */
  private grow(v: number): void {
    let size = this.counts.length;
    while (size <= v) size *= 2;
    const grown = new Float64Array(size);
    grown.set(this.counts);
    this.counts = grown;
  }

  /** counts[0..max], zero counts included. */
  table(): Float64Array {
    let top = this.counts.length;
    while (top > 0 && this.counts[top - 1] === 0) top--;
    return this.counts.slice(0, top);
  }
}

/** The stored counts at the largest power of two <= heap, if any. */
function storedAtMost(
  store: StoreHandle,
  game: GameRow,
  heap: number,
): { heap: number; counts: Float64Array } | undefined {
  const row = statement(
    store,
    'SELECT heap, counts FROM value_counts WHERE game_id = ? AND heap <= ? ORDER BY heap DESC LIMIT 1',
  ).get(game.id, heap) as { heap: number; counts: Uint8Array } | undefined;
  if (!row) return undefined;
  const counts = decodeNumbers(row.counts, Float64Array, `value counts of ${game.key} at ${row.heap} are damaged`);
  return { heap: row.heap, counts };
}

function powerAtLeast(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/**
 * Count the heaps base, base + 1, ... (values[0..]) that the tally has not counted yet, and
 * store the counts at each power of two passed; false when a value reaches the limit.
 */
function advance(store: StoreHandle, game: GameRow, tally: Tally, values: ChunkValues, base: number): boolean {
  const end = base + values.length;
  for (let p = powerAtLeast(tally.upto); p < end; p *= 2) {
    if (!tally.add(values, tally.upto - base, p + 1 - base)) return false;
    statement(store, 'INSERT OR REPLACE INTO value_counts (game_id, heap, counts) VALUES (?, ?, ?)').run(
      game.id,
      p,
      encodeNumbers(tally.table()),
    );
  }
  return tally.add(values, tally.upto - base, end - base);
}

/**
 * The tally of heaps 1..computed-1 from the stored counts and the table after them, storing the
 * counts at the powers of two passed on the way (a table stored before the counts gets them all).
 */
function tallyFromTable(store: StoreHandle, game: GameRow): Tally | undefined {
  const stored = storedAtMost(store, game, game.computed - 1);
  const tally = new Tally(stored ? stored.heap + 1 : 1, stored?.counts, COUNTED_VALUES);
  for (let lo = tally.upto; lo < game.computed; lo += SLICE) {
    const hi = Math.min(game.computed, lo + SLICE);
    if (!advance(store, game, tally, readValues(store, game, lo, hi), lo)) return undefined;
  }
  return tally;
}

/**
 * Each writer's tally of its games' stored heaps, kept from one chunk to the next so that a
 * power of two costs no reading back. A chunk takes it out and puts it back once committed, so a
 * rolled-back chunk leaves none, and the next one counts from the table.
 */
const running = new WeakMap<StoreHandle, Map<number, Tally>>();

/**
 * Inside the transaction that appends `values` after `before` (the game as stored, its
 * computed mark the chunk's first heap): store the counts at every power of two the chunk
 * reaches. Returns what to call once the transaction has committed: it keeps the tally for the
 * next chunk.
 */
export function countChunk(store: StoreHandle, before: GameRow, values: ChunkValues): () => void {
  let kept = running.get(store);
  if (!kept) running.set(store, (kept = new Map()));
  const tally = kept.get(before.id);
  kept.delete(before.id);
  const next = nextTally(store, before, values, tally);
  storeTally(store, before, next);
  return () => {
    if (next) kept.set(before.id, next);
  };
}

/**
 * The tally the last chunk stored (migration 'value tally'), if it counts heaps 1..upto-1: a new
 * process takes it up rather than reading the table back from the last power of two (Officers
 * resumed at 2^30 would read 2^30 values at 2^31, in a chunk's transaction).
 */
function storedTally(store: StoreHandle, game: GameRow, upto: number): Tally | undefined {
  const row = statement(store, 'SELECT upto, counts FROM value_tally WHERE game_id = ?').get(game.id) as
    | { upto: number; counts: Uint8Array }
    | undefined;
  if (row?.upto !== upto) return undefined;
  const counts = decodeNumbers(row.counts, Float64Array, `value tally of ${game.key} at ${row.upto} is damaged`);
  return new Tally(row.upto, counts, COUNTED_VALUES);
}

/** Store the tally after a chunk (inside its transaction), or forget the stored one. */
function storeTally(store: StoreHandle, game: GameRow, tally: Tally | undefined): void {
  const table = tally?.table();
  if (!tally || !table || table.length > STORED_TALLY_VALUES) {
    statement(store, 'DELETE FROM value_tally WHERE game_id = ?').run(game.id);
    return;
  }
  statement(
    store,
    `INSERT INTO value_tally (game_id, upto, counts) VALUES (?, ?, ?)
       ON CONFLICT (game_id) DO UPDATE SET upto = excluded.upto, counts = excluded.counts`,
  ).run(game.id, tally.upto, encodeNumbers(table));
}

function nextTally(
  store: StoreHandle,
  before: GameRow,
  values: ChunkValues,
  kept: Tally | undefined,
): Tally | undefined {
  const lo = before.computed;
  if (before.maxValue >= COUNTED_VALUES) return undefined;
  const tally = kept?.upto === Math.max(1, lo) ? kept : storedTally(store, before, Math.max(1, lo));
  if (tally) return advance(store, before, tally, values, lo) ? tally : undefined;
  // No tally (a new process, or one spoilt): count the stored heaps only when a power of two needs them.
  if (powerAtLeast(Math.max(1, lo)) >= lo + values.length) return undefined;
  const fresh = tallyFromTable(store, before);
  return fresh && advance(store, before, fresh, values, lo) ? fresh : undefined;
}

/** How many of the heaps 1..heap take each value, and where the counts came from. */
export interface ValueCounts {
  /** counts[v] for v = 0..max, zero counts included. */
  readonly counts: Float64Array;
  readonly heap: number;
  /** The power of two whose stored counts were the start, or 0: none. */
  readonly storedAt: number;
  /** Heaps read from the table after it. */
  readonly read: number;
}

/**
 * The counts over heaps 1..heap (1 <= heap < game.computed): those stored at the largest power of
 * two <= heap plus the table after it, read a slice at a time.
 */
export function valueCounts(store: StoreHandle, game: GameRow, heap: number): ValueCounts {
  if (!Number.isSafeInteger(heap) || heap < 1 || heap >= game.computed)
    throw new RangeError(`heap ${heap} of ${game.key} is not stored (g(0..${game.computed - 1}) are)`);
  const stored = storedAtMost(store, game, heap);
  const tally = new Tally(stored ? stored.heap + 1 : 1, stored?.counts, Infinity);
  for (let lo = tally.upto; lo <= heap; lo += SLICE) {
    const hi = Math.min(heap + 1, lo + SLICE);
    tally.add(readValues(store, game, lo, hi), 0, hi - lo);
  }
  return { counts: tally.table(), heap, storedAt: stored?.heap ?? 0, read: heap - (stored?.heap ?? 0) };
}

/** The powers of two at which counts are stored for the game, ascending. */
export function countedHeaps(store: StoreHandle, game: GameRow): number[] {
  const rows = statement(store, 'SELECT heap FROM value_counts WHERE game_id = ? ORDER BY heap').all(game.id) as {
    heap: number;
  }[];
  return rows.map((r) => r.heap);
}
