import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { answerVertex, formatVertexValue, vertexJson, type GraphTable } from '../api/graph.js';
import { MAX_RANGE, type GrundyStore } from '../api/store.js';
import { NotComputedError } from '../errors.js';
import { closedFormOf, describeRules, parseRules } from '../games/registry.js';
import { csvField } from '../play/format.js';
import type { ContestSource } from './contest.js';

/**
 * `grundy export` of stored tables: heap tables streamed as CSV, JSON or an OEIS b-file (past
 * the table from the proven period), a game graph's vertices, and the values a contest
 * function is generated from. Every read goes through the library's store view.
 */

export type TableFormat = 'csv' | 'json' | 'bfile';

/** Values written at a time: a large table never sits in memory as one string. */
const BLOCK = 1 << 16;

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/** g(0..to-1) of a stored heap game; NotComputedError when `to` passes the table and no period is proven. */
export async function writeTable(
  out: Writable,
  store: GrundyStore,
  spec: string,
  to: number,
  format: TableFormat,
): Promise<void> {
  const game = store.game(spec);
  if (to > game.computed && !game.periodicity?.proven) {
    throw new NotComputedError(`${game.key} has ${game.computed} stored values and no proven period`, {
      game: spec,
      to,
    });
  }
  const answerer = store.answerer(spec);
  if (format === 'csv') await write(out, 'n,value\n');
  if (format === 'json') await write(out, `{"game":${JSON.stringify(game.key)},"count":${to},"values":[`);
  for (let lo = 0; lo < to; lo += BLOCK) {
    const hi = Math.min(to, lo + BLOCK);
    const stored = Math.min(hi, game.computed);
    const values: (number | bigint)[] = lo < stored ? Array.from(store.values(spec, lo, stored)) : [];
    for (let n = Math.max(lo, stored); n < hi; n++) values.push(answerer.answer(BigInt(n)).value);
    let text: string;
    if (format === 'csv') text = values.map((v, i) => `${lo + i},${v}\n`).join('');
    else if (format === 'bfile') text = values.map((v, i) => `${lo + i} ${v}\n`).join('');
    else text = (lo > 0 ? ',' : '') + values.join(',');
    await write(out, text);
  }
  if (format === 'json') await write(out, ']}\n');
}

/** One row per vertex in the file's vertex order: `vertex,value,outcome`, value `3` or `inf{0,2}`. */
export async function writeGraphTable(out: Writable, t: GraphTable, format: 'csv' | 'json'): Promise<void> {
  const n = t.source.vertices;
  const head =
    format === 'csv' ? 'vertex,value,outcome\n' : `{"game":${JSON.stringify(t.key)},"count":${n},"vertices":[`;
  await write(out, head);
  for (let lo = 0; lo < n; lo += BLOCK) {
    const parts: string[] = [];
    for (let v = lo; v < Math.min(n, lo + BLOCK); v++) {
      const a = answerVertex(t, v);
      if (format === 'csv') parts.push(`${csvField(a.vertex)},${csvField(formatVertexValue(a))},${a.outcome}\n`);
      else parts.push(JSON.stringify(vertexJson(a)));
    }
    await write(out, format === 'csv' ? parts.join('') : (lo > 0 ? ',' : '') + parts.join(','));
  }
  if (format === 'json') await write(out, ']}\n');
}

/** Contest code from the game's closed form when it has one with code (one subtraction interval), else null. */
export function formulaContest(spec: string): ContestSource | null {
  let rules: ReturnType<typeof parseRules>;
  try {
    rules = parseRules(spec);
  } catch {
    return null; // a stored key or a bad spec: the table path says what is wrong
  }
  const code = closedFormOf(rules)?.code;
  if (!code) return null;
  return { key: rules.key, description: describeRules(rules), values: [], cert: null, formula: code };
}

/**
 * What grundy(n) is generated from: the proven certificate and g(0..e+p-1) when there is one,
 * else the stored prefix g(0..to-1) (default all stored), with a guard beyond it.
 */
export function tableContest(store: GrundyStore, spec: string, to?: number): ContestSource {
  const game = store.game(spec);
  const proven = game.periodicity?.proven ? game.periodicity : null;
  const n = proven ? proven.preperiod + proven.period : (to ?? game.computed);
  if (n > game.computed) {
    throw new NotComputedError(`${game.key} has ${game.computed} stored values and no proven period`, {
      game: spec,
      to: n,
    });
  }
  const values = new Uint32Array(n);
  for (let lo = 0; lo < n; lo += MAX_RANGE) values.set(store.values(spec, lo, Math.min(n, lo + MAX_RANGE)), lo);
  return { key: game.key, description: game.description, values, cert: proven };
}

/** A board's stored N x N table: CSV rows `x,y,value`, or JSON {game, size, values: rows x of g(x, y)}. */
export async function writeBoardTable(
  out: Writable,
  t: { readonly key: string; readonly size: number; readonly values: ArrayLike<number> },
  format: 'csv' | 'json',
): Promise<void> {
  await write(out, format === 'csv' ? 'x,y,value\n' : `{"game":${JSON.stringify(t.key)},"size":${t.size},"values":[`);
  for (let x = 0; x < t.size; x++) {
    const row = Array.from({ length: t.size }, (_, y) => t.values[x * t.size + y]!);
    if (format === 'csv') await write(out, row.map((v, y) => `${x},${y},${v}\n`).join(''));
    else await write(out, `${x > 0 ? ',' : ''}[${row.join(',')}]`);
  }
  if (format === 'json') await write(out, ']}\n');
}
