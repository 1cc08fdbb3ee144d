import { plainValues, type Values, type Width } from '../kernels/values.js';
import { decodeChunk } from './codec.js';
import { statement, type StoreHandle } from './handle.js';
import type { GameRow } from './rows.js';

/** g(lo..hi) from the stored chunks, in the table's width. Requires hi <= computed. */
export function readValues(store: StoreHandle, game: GameRow, lo = 0, hi = game.computed): Values {
  const out = plainValues(game.width, Math.max(0, hi - lo));
  if (hi <= lo) return out;
  type Row = { lo: number; hi: number; width: number; data: Uint8Array };
  // Seek with the (game_id, lo) key: the row holding `lo`, then every row starting inside.
  const first = statement(
    store,
    'SELECT lo, hi, width, data FROM chunks WHERE game_id = ? AND lo <= ? ORDER BY lo DESC LIMIT 1',
  ).get(game.id, lo) as Row | undefined;
  const rest = statement(
    store,
    'SELECT lo, hi, width, data FROM chunks WHERE game_id = ? AND lo > ? AND lo < ? ORDER BY lo',
  ).all(game.id, lo, hi) as Row[];
  const rows = first ? [first, ...rest] : rest;
  let filled = lo;
  for (const row of rows) {
    if (row.lo > filled) break;
    const chunk = decodeChunk(row.data, row.width as Width, row.hi - row.lo);
    const from = Math.max(lo, row.lo);
    const to = Math.min(hi, row.hi);
    out.set(chunk.subarray(from - row.lo, to - row.lo), from - lo);
    filled = to;
  }
  if (filled < hi) throw new Error(`store for ${game.key} has a hole at ${filled} (expected values up to ${hi})`);
  return out;
}
