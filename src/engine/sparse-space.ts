import { collectRare, RareList, type SparseShape } from '../kernels/sparse.js';
import {
  bestMask,
  classTable,
  rareCountOf,
  sameMask,
  ValueHistogram,
  worthSwitching,
  type SparseMask,
} from '../kernels/sparse-mask.js';
import { eachRun, NarrowValues, valueAt, type Table } from '../kernels/values.js';
import type { SparseState } from '../store/sparse-state.js';
import type { GameRow } from '../store/store.js';
import type { StoredState } from './strategy.js';

/**
 * What a sparse-space run knows of its table on the main thread (docs/sparse.md): the
 * value histogram the mask is chosen from, the mask, and the rare heaps under it, covering
 * heaps [0, upto). Stored with every chunk (stateAt), so that a resumed run picks them up.
 */
export class SparseSpace {
  mask: SparseMask | null = null;
  /** Replaced when the mask changes: read it afresh, never keep it. */
  rare = new RareList();
  /** The rare list covers heaps [0, upto): the next chunk starts there. */
  upto = 0;
  private hist = new ValueHistogram();
  /** The mask a crowded window last declined, with the last rare heap then (revise). */
  private declined = '';
  /** The histogram counts g[0, talliedTo). */
  private talliedTo = 0;

  constructor(private readonly shape: SparseShape) {}

  /** The heaps the mask's histogram counts: g[0, tallied). */
  get tallied(): number {
    return this.talliedTo;
  }

  /** The last rare heap (0 when there is none). */
  get lastRare(): number {
    return this.rare.count > 0 ? this.rare.pos[this.rare.count - 1]! : 0;
  }

  /** The mask as the octal-game literature writes it (0x1ee for Officers), and the rare heaps' count. */
  facts(): { mask: string; rare: number } | null {
    if (!this.mask) return null;
    return { mask: `0x${this.mask.bits.toString(16)}${this.mask.parity ? '+parity' : ''}`, rare: this.rare.count };
  }

  /**
   * Pick up the stored mask and rare list for g[0, computed) (none given: start afresh); extend
   * them over anything newer.
   */
  resume(game: GameRow, g: Table, computed: number, stored: StoredState | null): void {
    const state = stored?.sparseState(game);
    // The stored histogram, if any, and the heaps after it: not the whole table again.
    const counted = state?.histogram;
    if (counted && this.talliedTo === 0 && counted.upto <= computed) {
      this.hist = ValueHistogram.of(counted.counts);
      this.talliedTo = counted.upto;
    }
    this.tally(g, computed);
    if (state && (state.mask.parity === 0 || this.shape.parityAllowed)) {
      this.mask = state.mask;
      this.rare = RareList.of(state.rare, (n) => valueAt(g, n));
      this.rare.truncate(computed);
      this.upto = Math.min(state.upto, computed);
      this.collect(g, this.upto, computed);
    } else {
      this.mask = null;
      this.rare = new RareList();
    }
    this.upto = computed;
  }

  /** The mask and rare list to store with the chunk that ends at hi (null before any mask). */
  stateAt(hi: number): SparseState | null {
    if (this.mask === null) return null;
    const histogram = { upto: Math.max(1, this.talliedTo), counts: this.hist.used() };
    return { mask: this.mask, upto: hi, rare: this.rare.positions(), histogram };
  }

  /**
   * Before the chunk at lo: switch to the mask with the fewest rare heaps among those tallied
   * (tally) when it is clearly better. `crowded` (a window whose tail is too short for the rare
   * heaps' partners) takes one with no more rare heaps whose last comes sooner: Grundy's game
   * under 0xfe has a rare heap at 7,250,049 (its first value 256), under 0x1fe none before 4.7 *
   * 10^7 with one fewer in all; waiting for a clear gain grew the tail (2^24 heaps) or filled the
   * band for it.
   */
  revise(g: Table, lo: number, crowded = false): void {
    const choice = bestMask(this.hist, this.shape.parityAllowed);
    if (this.mask !== null && sameMask(choice.mask, this.mask)) return;
    const current = this.mask === null ? Number.POSITIVE_INFINITY : rareCountOf(choice, this.mask);
    if (this.mask !== null && !worthSwitching(current, choice.rare)) {
      if (!crowded || choice.rare > current) return;
      // Tried once for each last rare heap: the rare heaps under a mask are a pass over the table.
      const key = `${choice.mask.bits}:${choice.mask.parity}:${this.lastRare}`;
      if (key === this.declined) return;
      const rare = this.rareUnder(choice.mask, g, lo);
      if (rare.count > 0 && rare.pos[rare.count - 1]! >= this.lastRare) {
        this.declined = key;
        return;
      }
      this.mask = choice.mask;
      this.rare = rare;
      return;
    }
    this.mask = choice.mask;
    this.rare = this.rareUnder(choice.mask, g, lo);
  }

  /** g(n) = v, computed outside a kernel: on the rare list if rare, and the list covers n. */
  add(n: number, v: number): void {
    collectRare([v], n, n + 1, this.mask!, classTable(this.mask!.bits), this.rare, n);
    this.upto = n + 1;
  }

  /**
   * Count g[tallied, hi) in the value histogram the mask is chosen from. Only a mask revision
   * reads it, and none happens while a gang goes on: counted then, at every chunk, its heaps
   * took the main thread 12 ms of Grundy's game to 2 * 10^6, and a member's core with it. A
   * one-worker run past its first 2^16 heaps counts each chunk once the next is sent
   * (sparse-runner.ts LATE_TALLY), so a revision sees the heaps before the chunk just finished.
   */
  tally(g: Table, hi: number): void {
    if (hi <= this.talliedTo) return;
    if (g instanceof NarrowValues) this.hist.addNarrow(g, this.talliedTo, hi);
    else eachRun(g, this.talliedTo, hi, (values, a, b, base) => this.hist.add(values, a, b, base));
    this.talliedTo = Math.max(this.talliedTo, hi);
  }

  /** Append the rare heaps of g[lo, hi) under the mask to the rare list. */
  private collect(g: Table, lo: number, hi: number): void {
    collectAll(g, lo, hi, this.mask!, this.rare);
  }

  /** The rare heaps of g[0, lo) under `mask`. */
  private rareUnder(mask: SparseMask, g: Table, lo: number): RareList {
    const rare = new RareList();
    collectAll(g, 0, lo, mask, rare);
    return rare;
  }
}

/** Append the rare heaps of g[lo, hi) under `mask` to `rare`. */
function collectAll(g: Table, lo: number, hi: number, mask: SparseMask, rare: RareList): void {
  const cls = classTable(mask.bits);
  eachRun(g, lo, hi, (values, a, b, base) => collectRare(values, a, b, mask, cls, rare, base));
}
