import { defaultWorkers } from '../engine/pool.js';
import { GrundyError, UsageError } from '../errors.js';
import { kindOf, parseRules } from '../games/registry.js';
import { MisereBudgetError, type MisereSearch } from '../misere/search.js';
import type { MovesMode } from '../play/evaluate.js';
import {
  budgetRefusal,
  evaluateMisereSum,
  type MisereComponent,
  type MisereEvaluation,
  type MisereMove,
  MisereResolver,
} from '../play/misere.js';
import { type MisereGame, misereGame, misereKind } from '../play/misere-games.js';
import { misereBoardRows, misereGraphRows, misereHeapRows, nimGenus } from '../play/misere-table.js';
import { splitPosition, type WrittenComponent } from '../play/position.js';
import { locateStore } from '../store/location.js';
import { loadMisereRows, loadMisereTable, type MisereRow, misereTableInfo, saveMisereTable } from '../store/misere.js';
import { Store } from '../store/store.js';
import { formatGenus } from '../misere/genus.js';
import { cellOfNumber } from '../board/cells.js';
import type { ContestSource } from '../export/contest.js';
import type { MisereContestSource } from '../export/misere.js';
import { closedFormOf, describeRules } from '../games/registry.js';
import { plainValues } from '../kernels/values.js';
import { GameValues } from '../play/game-values.js';
import { antiSgBound, genusValue } from '../play/misere.js';
import { type MisereQuotientReader, type MisereSumAnswer, openQuotient, quotientGame } from './quotient.js';
import { fmtInt } from '../numbers.js';

export type { MisereEvaluation, MisereMethod, MisereMove, MisereComponent } from '../play/misere.js';
export type { MisereRow } from '../store/misere.js';

/**
 * Misère play in the library (docs/misere.md): the player who cannot move wins. Every command's
 * --misere goes through here: evaluate a sum (outcome and winning moves), query positions of one
 * game (outcome, misère value, genus, tameness), compute and store a game's misère table.
 */

export interface MisereEvaluateOptions {
  readonly db?: string;
  /** Which winning moves to list: 'one' (default), 'all' or 'none'. */
  readonly moves?: MovesMode;
  /** With moves 'all': at most this many (default 100). */
  readonly limit?: number;
  /** Most positions an exact search may store (default 2e6); past it, a UsageError saying what to do. */
  readonly budget?: number;
  readonly workers?: number;
  /** Compute a missing normal-play table of heaps up to 1e6 on the fly, as grundy eval does (default true). */
  readonly computeMissing?: boolean;
  readonly onCompute?: (key: string, to: number, untilProven?: boolean) => void;
}

export interface MisereEvaluated {
  /** The position as written, components joined by ' + '. */
  readonly position: string;
  readonly components: readonly MisereComponent[];
  readonly evaluation: MisereEvaluation;
}

/** One line of a batch: its evaluation or the error that stopped it. */
export type MisereLine = MisereEvaluated | { readonly position: string; readonly error: GrundyError };

/**
 * The misère outcome of a sum of games of any kind ('kayles@3,4 + nim@2', 'graph:g.txt@a + nim@1',
 * 'wythoff@2,3'), with winning moves: by misère Nim where a theorem allows it, else exact search.
 */
export async function evaluateMisere(position: string, options: MisereEvaluateOptions = {}): Promise<MisereEvaluated> {
  const [line] = await evaluateMisereBatch([position], options);
  if ('error' in line!) throw line.error;
  return line!;
}

/**
 * Evaluate many positions, resolving each game once: a line that fails (bad input, a search past
 * its budget) carries its error, the others their evaluations, in input order.
 */
export async function evaluateMisereBatch(
  positions: readonly string[],
  options: MisereEvaluateOptions = {},
): Promise<MisereLine[]> {
  const out: MisereLine[] = [];
  await eachMisereLine(positions, options, (line) => out.push(line));
  return out;
}

/**
 * evaluateMisereBatch without keeping the results: each line's result goes to `visit` in input
 * order and may be dropped at once (a file of 10^6 lines holds no 10^6 evaluations in memory).
 */
export async function eachMisereLine(
  positions: readonly string[],
  options: MisereEvaluateOptions,
  visit: (line: MisereLine, index: number) => void,
): Promise<void> {
  const mode = options.moves ?? 'one';
  if (!['one', 'all', 'none'].includes(mode))
    throw new UsageError(`moves '${String(mode)}' is not one of one, all, none`);
  const limit = options.limit ?? 100;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new UsageError(`limit ${limit} must be a positive integer`);
  const split = (p: string): WrittenComponent[] | GrundyError => {
    try {
      return splitPosition(p);
    } catch (err) {
      if (err instanceof GrundyError) return err;
      throw err;
    }
  };
  function* scanned(): Iterable<readonly WrittenComponent[]> {
    for (const p of positions) {
      const w = split(p);
      if (!(w instanceof GrundyError)) yield w;
    }
  }
  const dbPath = locateStore(options.db).path;
  const store = Store.openForRead(dbPath);
  let resolver: MisereResolver;
  try {
    const stored = new Map<string, ReadonlyMap<number, MisereRow> | undefined>();
    resolver = await MisereResolver.create(scanned(), {
      dbPath,
      workers: options.workers ?? defaultWorkers(),
      moves: mode !== 'none',
      ...(options.computeMissing === false ? { computeMissing: false } : {}),
      ...(options.onCompute ? { onCompute: options.onCompute } : {}),
      storedRows: (key) => {
        if (!stored.has(key)) {
          const rows = store && misereTableInfo(store, key) ? loadMisereTable(store, key) : [];
          stored.set(key, rows.length > 0 ? new Map(rows.map((r) => [r.position, r])) : undefined);
        }
        return stored.get(key);
      },
    });
  } finally {
    store?.close();
  }
  const searches = new Map<string, MisereSearch>();
  const quotients = new StoredQuotients(options.db);
  for (let i = 0; i < positions.length; i++) {
    const w = split(positions[i]!);
    if (w instanceof GrundyError) {
      visit({ position: positions[i]!.trim(), error: w }, i);
      continue;
    }
    const text = w.map((c) => `${c.spec}@${c.tokens.join(',')}`).join(' + ');
    let line: MisereLine;
    try {
      const components = resolver.resolve(w);
      const evaluation =
        (mode !== 'all' ? quotients.evaluate(w, mode) : null) ??
        evaluateMisereSum(components, {
          moves: mode,
          limit,
          searches,
          ...(options.budget !== undefined ? { budget: options.budget } : {}),
        });
      line = { position: text, components, evaluation };
    } catch (err) {
      if (err instanceof MisereBudgetError) line = { position: text, error: budgetRefusal(err, text) };
      else if (err instanceof GrundyError) line = { position: text, error: err };
      else throw err;
    }
    visit(line, i);
  }
}

/** One position of one game under misère play. */
export interface MisereAnswer {
  readonly kind: 'heap' | 'board' | 'graph';
  /** The position as the user reads it: '7', '(3, 5)', a vertex name. */
  readonly position: string;
  readonly outcome: 'P' | 'N' | 'D';
  /** Misère Grundy value (mex of the options', 1 at a terminal position); null where play may cycle. */
  readonly value: number | null;
  /** Heaps: g^γ0γ1... and whether the heap is tame. */
  readonly genus: string | null;
  readonly tame: boolean | null;
  /** Where the answer came from: the stored misère table, a rule (nim), or a search now. */
  readonly source: 'table' | 'rule' | 'search';
}

export interface MisereQueryOptions {
  readonly db?: string;
  readonly budget?: number;
}

/** Answers for positions of one game (heap sizes, cells 'x,y', vertex names), stored or computed now. */
export async function queryMisere(
  game: string,
  positions: readonly string[],
  options: MisereQueryOptions = {},
): Promise<{ readonly key: string; readonly answers: MisereAnswer[] }> {
  const g = await misereGame(game);
  const key = g.rules.key;
  if (positions.length === 0) throw new UsageError(`name a position of ${key}`);
  const parsed = positions.map((p) => g.parse(p.trim()));
  const store = Store.openForRead(locateStore(options.db).path);
  let stored: Map<number, MisereRow>;
  try {
    stored = store ? loadMisereRows(store, key, parsed) : new Map();
  } finally {
    store?.close();
  }
  const answer = (n: number, row: MisereRow, source: MisereAnswer['source']): MisereAnswer => ({
    kind: g.kind,
    position: g.kind === 'heap' ? String(n) : g.label(n),
    outcome: row.outcome,
    value: row.value,
    genus: row.genus,
    tame: row.tame,
    source,
  });
  const missing = parsed.filter((n) => !stored.has(n));
  const computed = new Map<number, MisereRow>();
  if (missing.length > 0) {
    try {
      for (const row of rowsFor(g, missing, options.budget)) computed.set(row.position, row);
    } catch (err) {
      if (err instanceof MisereBudgetError) throw queryRefusal(err, key, Math.max(...missing), g);
      throw err;
    }
  }
  const answers = parsed.map((n) => {
    const s = stored.get(n);
    if (s) return answer(n, s, 'table');
    return answer(n, computed.get(n)!, g.rules.family === 'nim' ? 'rule' : 'search');
  });
  return { key, answers };
}

function rowsFor(g: MisereGame, positions: readonly number[], budget: number | undefined): MisereRow[] {
  if (g.kind === 'graph') return misereGraphRows(g);
  if (g.kind === 'heap') {
    if (g.rules.family === 'nim') {
      return positions.map((n) => {
        const genus = nimGenus(n);
        const value = genus.gammas[0]!;
        return { position: n, outcome: value === 0 ? 'P' : 'N', value, genus: formatGenus(genus), tame: true };
      });
    }
    return misereHeapRows(g, Math.max(...positions) + 1, budget);
  }
  // A board: every cell up to the farthest anti-diagonal asked, one square at a time.
  const side = Math.max(...positions.map((c) => cellOfNumber(c)[0] + cellOfNumber(c)[1])) + 1;
  return misereBoardRows(g, side, budget);
}

function queryRefusal(err: MisereBudgetError, key: string, top: number, g: MisereGame): UsageError {
  const what = g.kind === 'heap' ? `heaps up to ${top}` : g.kind === 'board' ? `cells up to ${g.label(top)}` : 'it';
  return new UsageError(
    `the misère genus of ${key} for ${what} needs more than ${fmtInt(err.budget)} positions of ` +
      'exact search; ask for smaller positions (grundy compute --misere --to N stores what fits)',
  );
}

export interface MisereComputeOptions {
  readonly db?: string;
  /** A heap game: heaps 0..to-1 (default 64). */
  readonly to?: number;
  /** A board game: cells with x, y < size (default 32). */
  readonly size?: number;
  readonly budget?: number;
}

export interface MisereComputeSummary {
  readonly game: string;
  readonly kind: 'heap' | 'board' | 'graph';
  readonly positions: number;
  /** Positions by outcome. */
  readonly outcomes: { readonly P: number; readonly N: number; readonly D: number };
  /** Heaps: how many are tame, and the first that is not (null: all tame). */
  readonly tame: number | null;
  readonly firstWild: number | null;
  readonly elapsedMs: number;
}

/** Heaps of a misère heap table by default, and cells of a board's side. */
export const DEFAULT_MISERE_TO = 64;
export const DEFAULT_MISERE_SIZE = 32;

/**
 * Compute a game's misère table (outcome, misère value; heaps also genus and tameness) and store
 * it in one transaction, replacing the stored one: a refusal (a search past its budget) stores nothing.
 */
export async function computeMisere(game: string, options: MisereComputeOptions = {}): Promise<MisereComputeSummary> {
  const started = performance.now();
  const rules = parseRules(game);
  const kind = misereKind(rules);
  if (kind !== 'heap' && options.to !== undefined)
    throw new UsageError(
      `--to counts heaps; ${rules.key} is ` +
        (kind === 'board' ? 'played on cells: give --size N' : 'a game graph, computed whole: drop --to'),
    );
  if (kind !== 'board' && options.size !== undefined)
    throw new UsageError(`--size is the side of a two-dimensional game's table; ${rules.key} is not one`);
  const to = options.to ?? DEFAULT_MISERE_TO;
  if (!Number.isSafeInteger(to) || to < 1 || to > 1_000_000) throw new UsageError(`--to ${to} must be in [1, 1000000]`);
  const size = options.size ?? DEFAULT_MISERE_SIZE;
  if (!Number.isSafeInteger(size) || size < 1 || size > 4096)
    throw new UsageError(`--size ${size} must be in [1, 4096]`);
  const g = await misereGame(rules);
  let rows: MisereRow[];
  try {
    rows =
      kind === 'graph'
        ? misereGraphRows(g)
        : kind === 'board'
          ? misereBoardRows(g, size, options.budget)
          : misereHeapRows(g, to, options.budget);
  } catch (err) {
    if (err instanceof MisereBudgetError) {
      const what = kind === 'heap' ? `heaps 0..${to - 1}` : `the ${size} x ${size} cells`;
      throw new UsageError(
        `the misère table of ${rules.key} for ${what} needs more than ` +
          `${fmtInt(err.budget)} positions ` +
          `of exact search; nothing was stored: give a smaller ${kind === 'heap' ? '--to' : '--size'}`,
      );
    }
    throw err;
  }
  const store = Store.openForWrite(locateStore(options.db).path);
  try {
    saveMisereTable(store, rules.key, kind, rows);
  } finally {
    store.close();
  }
  const outcomes = { P: 0, N: 0, D: 0 };
  for (const r of rows) outcomes[r.outcome]++;
  const wild = rows.find((r) => r.tame === false);
  return {
    game: rules.key,
    kind,
    positions: rows.length,
    outcomes,
    tame: kind === 'heap' ? rows.filter((r) => r.tame).length : null,
    firstWild: kind === 'heap' ? (wild?.position ?? null) : null,
    elapsedMs: performance.now() - started,
  };
}

/**
 * The misère rule of a solved heap game as contest code data (src/export/misere.ts): the Anti-SG
 * rule over its normal values (a closed form, a proven period or the stored prefix) where no heap
 * splits and every heap of value 0 is terminal, else the stored misère table's tame heaps. A game
 * with neither is refused in one line saying what it lacks.
 */
export function misereExportSource(spec: string, options: { readonly db?: string } = {}): MisereContestSource {
  const rules = parseRules(spec);
  if (kindOf(rules) !== 'heap')
    throw new UsageError(`export --misere writes rules for sums of heaps; ${rules.key} is not a heap game`);
  const description = describeRules(rules);
  if (rules.family === 'nim') {
    const grundy = { key: rules.key, description, values: [], cert: null, formula: NIM_FORMULA };
    return { rule: 'anti-sg', key: rules.key, grundy, limit: null, theorem: "Bouton's misère Nim (1901)" };
  }
  const store = Store.openForRead(locateStore(options.db).path);
  try {
    const closed = closedFormOf(rules);
    const game = store?.getGame(rules.key);
    const cert = game && store ? store.getCertificate(game) : undefined;
    const proven = cert?.proven ? cert : null;
    if (closed?.code || (game && game.computed > 0)) {
      const table = closed
        ? plainValues(8, 0)
        : store!.readValues(game!, 0, proven ? proven.preperiod + proven.period : game!.computed);
      const values = new GameValues(rules, table, proven);
      const reach = closed || proven ? 1n << 62n : BigInt(table.length);
      const bound = antiSgBound(values, undefined, reach);
      if (bound > reach || (bound === reach && !(closed || proven))) {
        const grundy: ContestSource = closed?.code
          ? { key: rules.key, description, values: [], cert: null, formula: closed.code }
          : { key: rules.key, description, values: table, cert: proven };
        return {
          rule: 'anti-sg',
          key: rules.key,
          grundy,
          limit: closed || proven ? null : bound,
          theorem: ANTI_SG_THEOREM,
        };
      }
    }
    const rows = store && misereTableInfo(store, rules.key) ? loadMisereTable(store, rules.key) : [];
    const wild = rows.findIndex((r) => !r.tame);
    const tame = wild < 0 ? rows : rows.slice(0, wild);
    if (tame.length === 0) {
      throw new UsageError(
        `${rules.key} has no misère rule to export: ` +
          (rows.length > 0 ? `heap ${wild} is wild (genus ${rows[wild]!.genus})` : 'no misère table is stored') +
          ` and the Anti-SG rule does not apply (a heap splits, or a heap of value 0 can move); ` +
          `grundy compute ${spec} --misere --to N stores genus and tameness, grundy eval --misere searches positions`,
      );
    }
    return {
      rule: 'tame',
      key: rules.key,
      description,
      values: tame.map((r) => genusValue(r.genus!)),
      small: tame.map((r) => r.value !== genusValue(r.genus!)),
    };
  } finally {
    store?.close();
  }
}

const NIM_FORMULA = { cpp: 'n', py: 'n', theorem: 'g(n) = n (Bouton)' };
const ANTI_SG_THEOREM =
  "the Anti-SG rule (Jia Zhihao's SJ theorem: no move splits a heap and every heap of value 0 is terminal)";

/**
 * Sums of heaps of one take-and-break game whose misère quotient is stored (grundy quotient):
 * the sum's class in the quotient decides it at once, with a winning move. Anything else (games
 * mixed, no quotient stored, a heap past it with no proven period) is left to the other methods.
 */
class StoredQuotients {
  private readonly readers = new Map<string, MisereQuotientReader | null>();

  constructor(private readonly db: string | undefined) {}

  evaluate(written: readonly WrittenComponent[], mode: MovesMode): MisereEvaluation | null {
    const specs = new Set(written.map((c) => c.spec));
    if (specs.size !== 1) return null;
    const reader = this.reader([...specs][0]!);
    if (!reader) return null;
    const heaps = written.map((c) => c.tokens.map(Number));
    if (!heaps.flat().every((n) => Number.isSafeInteger(n) && n >= 0)) return null;
    let answer: MisereSumAnswer;
    try {
      answer = reader.answer(heaps.flat());
    } catch (err) {
      if (err instanceof GrundyError) return null;
      throw err;
    }
    const moves: MisereMove[] = [];
    const move = answer.move;
    if (move && mode !== 'none') {
      const component = heaps.findIndex((list) => list.includes(move.heap));
      const heap = heaps[component]!.indexOf(move.heap);
      moves.push({
        component: component + 1,
        heap: heap + 1,
        game: reader.game,
        from: BigInt(move.heap),
        move: moveWords(move.heap, move.to),
        leaves: move.to.map(BigInt),
        outcomeAfter: 'P',
      });
    }
    return { outcome: answer.outcome, method: 'quotient', values: null, moves, truncated: false, searched: 0 };
  }

  private reader(spec: string): MisereQuotientReader | null {
    let reader = this.readers.get(spec);
    if (reader === undefined) {
      try {
        quotientGame(spec);
        reader = openQuotient(spec, this.db !== undefined ? { db: this.db } : {});
      } catch (err) {
        if (!(err instanceof GrundyError)) throw err;
        reader = null;
      }
      this.readers.set(spec, reader);
    }
    return reader;
  }
}

/** A take-and-break move in the words the other methods use (games/heap-moves.ts). */
function moveWords(heap: number, to: readonly number[]): string {
  const taken = heap - to.reduce((a, b) => a + b, 0);
  const tokens = `${taken} token${taken === 1 ? '' : 's'}`;
  if (to.length === 0) return `remove ${tokens} (the whole heap)`;
  if (to.length === 1) return `remove ${tokens}, leaving ${to[0]}`;
  const parts = to.join(' + ');
  return taken === 0 ? `split into ${parts}` : `remove ${tokens} and split the rest into ${parts}`;
}
