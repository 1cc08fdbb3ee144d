import type { SparseMask } from '../kernels/sparse-mask.js';
import { decodeNumbers, encodeNumbers } from './codec.js';
import { statement, type StoreHandle } from './handle.js';
import type { GameRow } from './rows.js';

/** What a sparse-space run keeps with its table (migration 'sparse-space state'). */
export interface SparseState {
  readonly mask: SparseMask;
  /** The rare list holds every rare heap in [1, upto) under `mask`. */
  readonly upto: number;
  /** Rare heap positions, ascending (Uint32: a windowed run goes on to 2^32 heaps). */
  readonly rare: Uint32Array;
  /**
   * The value histogram of heaps [1, upto) that masks are chosen from (kernels/sparse-mask.ts
   * ValueHistogram: a count for each value and heap parity), where the run had counted it to.
   */
  readonly histogram?: { readonly upto: number; readonly counts: Float64Array };
}

export function loadSparseState(store: StoreHandle, game: GameRow): SparseState | undefined {
  const row = statement(
    store,
    'SELECT mask_bits, mask_parity, upto, rare, counted, counts FROM sparse_state WHERE game_id = ?',
  ).get(game.id) as
    | {
        mask_bits: number;
        mask_parity: number;
        upto: number;
        rare: Uint8Array;
        counted: number | null;
        counts: Uint8Array | null;
      }
    | undefined;
  if (!row) return undefined;
  const rare = decodeNumbers(row.rare, Uint32Array, `sparse state of ${game.key} is damaged: its rare heaps`);
  const mask: SparseMask = { bits: row.mask_bits, parity: row.mask_parity === 1 ? 1 : 0 };
  if (row.counts === null || row.counted === null) return { mask, upto: row.upto, rare };
  const counts = decodeNumbers(row.counts, Float64Array, `sparse state of ${game.key} is damaged: its value counts`);
  return { mask, upto: row.upto, rare, histogram: { upto: row.counted, counts } };
}

/** Replace the game's sparse state. Call inside the transaction that appends the chunk. */
export function saveSparseState(store: StoreHandle, game: GameRow, state: SparseState): void {
  const blob = encodeNumbers(state.rare);
  const h = state.histogram;
  const counts = h ? encodeNumbers(h.counts) : null;
  statement(
    store,
    `INSERT INTO sparse_state (game_id, mask_bits, mask_parity, upto, rare, counted, counts)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (game_id) DO UPDATE SET mask_bits = excluded.mask_bits, mask_parity = excluded.mask_parity,
         upto = excluded.upto, rare = excluded.rare, counted = excluded.counted, counts = excluded.counts`,
  ).run(game.id, state.mask.bits, state.mask.parity, state.upto, blob, h?.upto ?? null, counts);
}

export function deleteSparseState(store: StoreHandle, game: GameRow): void {
  statement(store, 'DELETE FROM sparse_state WHERE game_id = ?').run(game.id);
}
