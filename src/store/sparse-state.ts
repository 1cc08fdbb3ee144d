import type { SparseMask } from '../kernels/sparse-mask.js';
import { decodeFloat64s, encodeFloat64s } from './codec.js';
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

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

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
  if (row.rare.byteLength % 4 !== 0)
    throw new Error(`sparse state of ${game.key} is damaged (${row.rare.byteLength} bytes of rare heaps)`);
  // Copy into aligned buffers: SQLite's blob may sit at any byte offset.
  const rare = new Uint32Array(row.rare.byteLength / 4);
  new Uint8Array(rare.buffer).set(row.rare);
  const mask: SparseMask = { bits: row.mask_bits, parity: row.mask_parity === 1 ? 1 : 0 };
  if (row.counts === null || row.counted === null) return { mask, upto: row.upto, rare };
  const counts = decodeFloat64s(row.counts, `sparse state of ${game.key} is damaged: its value counts`);
  return { mask, upto: row.upto, rare, histogram: { upto: row.counted, counts } };
}

/** Replace the game's sparse state. Call inside the transaction that appends the chunk. */
export function saveSparseState(store: StoreHandle, game: GameRow, state: SparseState): void {
  if (!LITTLE_ENDIAN) throw new Error('grundy-engine stores little-endian data; this platform is big-endian');
  const blob = Buffer.from(state.rare.buffer, state.rare.byteOffset, state.rare.byteLength);
  const h = state.histogram;
  const counts = h ? encodeFloat64s(h.counts) : null;
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
