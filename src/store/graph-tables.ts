import type { GraphValues } from '../graph/gsg.js';
import { INFINITE } from '../graph/gsg.js';
import type { VertexNames } from '../graph/names.js';
import { widthFor, type Width } from '../kernels/values.js';
import { decodeChunk, encodeChunk } from './codec.js';
import { commitPoint, handleOf, statement } from './handle.js';
import type { GameRow } from './rows.js';
import type { Store } from './store.js';

/** Values per chunk row: a query decodes one row, not the whole table. */
const ROW = 1 << 16;

/** What a game graph's table was computed from, stored beside it. */
export interface GraphSource {
  readonly format: string;
  readonly sha256: string;
  readonly bytes: number;
  readonly vertices: number;
  readonly edges: number;
}

/** A stored game-graph table: the values as src/graph computed them, the names, the source. */
export interface StoredGraphTable {
  readonly source: GraphSource;
  readonly values: GraphValues;
  readonly names: VertexNames;
  /** Infinite vertices. */
  readonly infinite: number;
}

interface RawGraphRow {
  format: string;
  sha256: string;
  bytes: number;
  vertices: number;
  edges: number;
  acyclic: number;
  kahn_done: number;
  stages: number;
  names_kind: string;
  names: Uint8Array | null;
  inf_vertices: Uint8Array;
  k_offsets: Uint8Array;
  k_values: Uint8Array;
}

function int32Blob(a: Int32Array): Buffer {
  return Buffer.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
}

function blobInt32(b: Uint8Array): Int32Array {
  const out = new Int32Array(b.byteLength / 4);
  new Uint8Array(out.buffer).set(b);
  return out;
}

/**
 * Store a whole game-graph table in one IMMEDIATE transaction: the finite values as chunk rows
 * (an infinite vertex holds 0 there), the high-water mark n, and the side row with the infinite
 * vertices, their K sets and the names. A crash leaves all of it or none.
 */
export function saveGraphTable(
  store: Store,
  game: GameRow,
  source: GraphSource,
  gv: GraphValues,
  names: VertexNames,
): GameRow {
  const n = gv.values.length;
  let maxValue = 0;
  let infinite = 0;
  for (let v = 0; v < n; v++) {
    const x = gv.values[v]!;
    if (x === INFINITE) infinite++;
    else if (x > maxValue) maxValue = x;
  }
  const width: Width = widthFor(maxValue);
  const infVertices = new Int32Array(infinite);
  const kOffsets = new Int32Array(infinite + 1);
  for (let v = 0, i = 0; v < n; v++) {
    if (gv.values[v] !== INFINITE) continue;
    infVertices[i] = v;
    kOffsets[i + 1] = kOffsets[i]! + (gv.kOffsets[v + 1]! - gv.kOffsets[v]!);
    i++;
  }
  // A JSON array of strings: JSON files may name vertices with any characters, newlines included.
  const namesBlob =
    names.kind === 'range'
      ? null
      : names.kind === 'ints'
        ? int32Blob(names.ints)
        : Buffer.from(JSON.stringify(names.strings), 'utf8');
  const tx = handleOf(store).transaction(() => {
    const current = statement(store, 'SELECT computed FROM games WHERE id = ?').get(game.id) as
      | { computed: number }
      | undefined;
    if (!current) throw new Error(`game ${game.key} vanished from the store`);
    if (current.computed !== 0) throw new Error(`store for ${game.key} already holds its table`);
    const insert = statement(store, 'INSERT INTO chunks (game_id, lo, hi, width, data) VALUES (?, ?, ?, ?, ?)');
    const row = width === 8 ? new Uint8Array(ROW) : width === 16 ? new Uint16Array(ROW) : new Uint32Array(ROW);
    for (let lo = 0; lo < n; lo += ROW) {
      const hi = Math.min(n, lo + ROW);
      const chunk = row.subarray(0, hi - lo);
      for (let v = lo; v < hi; v++) chunk[v - lo] = Math.max(0, gv.values[v]!);
      insert.run(game.id, lo, hi, width, encodeChunk(chunk));
    }
    statement(
      store,
      `INSERT INTO graph_tables (game_id, format, sha256, bytes, vertices, edges, acyclic, kahn_done, stages,
         names_kind, names, inf_vertices, k_offsets, k_values) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      game.id,
      source.format,
      source.sha256,
      source.bytes,
      source.vertices,
      source.edges,
      gv.acyclic ? 1 : 0,
      gv.kahnDone,
      gv.stages,
      names.kind,
      namesBlob,
      int32Blob(infVertices),
      int32Blob(kOffsets),
      int32Blob(gv.kValues),
    );
    commitPoint(store, 'commit');
    statement(store, 'UPDATE games SET computed = ?, max_value = ?, width = ? WHERE id = ?').run(
      n,
      maxValue,
      width,
      game.id,
    );
  });
  tx.immediate();
  commitPoint(store, 'after-commit');
  return store.getGame(game.key)!;
}

/** The stored side row of a game graph, without the values (show, list), or undefined. */
export function graphSource(
  store: Store,
  game: GameRow,
): (GraphSource & { infinite: number; acyclic: boolean }) | undefined {
  const row = statement(
    store,
    `SELECT format, sha256, bytes, vertices, edges, acyclic, length(inf_vertices) AS inf
       FROM graph_tables WHERE game_id = ?`,
  ).get(game.id) as (Omit<RawGraphRow, 'acyclic'> & { acyclic: number; inf: number }) | undefined;
  if (!row) return undefined;
  const { format, sha256, bytes, vertices, edges } = row;
  return { format, sha256, bytes, vertices, edges, infinite: row.inf / 4, acyclic: row.acyclic === 1 };
}

/** The whole stored table of a game graph, or undefined when none is stored. */
export function loadGraphTable(store: Store, game: GameRow): StoredGraphTable | undefined {
  const row = statement(store, 'SELECT * FROM graph_tables WHERE game_id = ?').get(game.id) as RawGraphRow | undefined;
  if (!row) return undefined;
  const n = row.vertices;
  if (game.computed !== n) throw new Error(`store for ${game.key} holds ${game.computed} values for ${n} vertices`);
  const values = new Int32Array(n);
  const rows = statement(store, 'SELECT lo, hi, width, data FROM chunks WHERE game_id = ? ORDER BY lo').all(
    game.id,
  ) as {
    lo: number;
    hi: number;
    width: number;
    data: Uint8Array;
  }[];
  for (const r of rows) values.set(decodeChunk(r.data, r.width as Width, r.hi - r.lo), r.lo);
  const infVertices = blobInt32(row.inf_vertices);
  const infOffsets = blobInt32(row.k_offsets);
  const kValues = blobInt32(row.k_values);
  // Back to the per-vertex layout of src/graph (kOffsets over all n vertices).
  const kOffsets = new Int32Array(n + 1);
  let at = 0;
  for (let v = 0, i = 0; v < n; v++) {
    if (i < infVertices.length && infVertices[i] === v) {
      values[v] = INFINITE;
      at += infOffsets[i + 1]! - infOffsets[i]!;
      i++;
    }
    kOffsets[v + 1] = at;
  }
  const gv: GraphValues = {
    values,
    kOffsets,
    kValues,
    acyclic: row.acyclic === 1,
    kahnDone: row.kahn_done,
    stages: row.stages,
  };
  let names: VertexNames;
  if (row.names_kind === 'ints') names = { kind: 'ints', ints: blobInt32(row.names!) };
  else if (row.names_kind === 'strings') {
    names = { kind: 'strings', strings: JSON.parse(Buffer.from(row.names!).toString('utf8')) as string[] };
  } else names = { kind: 'range' };
  const { format, sha256, bytes, vertices, edges } = row;
  return { source: { format, sha256, bytes, vertices, edges }, values: gv, names, infinite: infVertices.length };
}
