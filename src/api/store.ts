import { NotComputedError, UsageError } from '../errors.js';
import { closedFormOf, describeRules, parseRules } from '../games/registry.js';
import { parseBigInteger } from '../numbers.js';
import type { Periodicity } from '../period/detect.js';
import type { Rules } from '../rules/types.js';
import { boardBytes, loadBoard } from '../store/boards.js';
import { graphSource, type GraphSource } from '../store/graph-tables.js';
import type { RunRecord } from '../store/rows.js';
import type { SparseState } from '../store/sparse-state.js';
import { locateStore } from '../store/location.js';
import { WINDOW_KERNEL } from '../engine/sparse-window.js';

export { locateStore, type StoreLocation } from '../store/location.js';
import { Store, type GameRow } from '../store/store.js';
import { Answerer, MAX_RANGE, type Answer } from './answerer.js';
import { answerCells, requireBoard, type BoardTable, type CellAnswer } from './board.js';
import { frequencyTable, type FrequencyOptions, type FrequencyTable } from './frequencies.js';
import { gameKind, knownResult, parseGameWithoutFiles, storedKind, type GameKind } from './game.js';
import { answerVertexNamed, findGraphTable, type GraphTable, type VertexAnswer } from './graph.js';
import { answerTheorem, type TheoremAnswer } from './theorem.js';

export { Answerer, MAX_RANGE, type Answer } from './answerer.js';
export type { FrequencyOptions, FrequencyTable } from './frequencies.js';
export type { RunRecord } from '../store/rows.js';

/** g(n) of a heap game, marked as such among the answers of several kinds. */
export interface HeapAnswer extends Answer {
  readonly kind: 'heap';
}

/** One position's answer, by the game's kind: a heap n, a cell x,y or a vertex of a graph. */
export type PositionAnswer = HeapAnswer | CellAnswer | VertexAnswer | TheoremAnswer;

/** A stored game's table, as listed. */
export interface StoredGame {
  readonly key: string;
  readonly family: string;
  /** One line naming the game (its key when the stored rules can no longer be described). */
  readonly description: string;
  /** What its positions are: heap sizes, cells of a board, vertices of a graph. */
  readonly kind: GameKind;
  /** g(0..computed-1) are stored. */
  readonly computed: number;
  readonly maxValue: number;
  readonly periodicity: Periodicity | null;
  readonly createdAt: string;
}

/** A stored game with what `grundy list` shows besides: bits a value, bytes stored, a graph's source. */
export interface StoredTable extends StoredGame {
  /** Bits a stored value takes. */
  readonly width: number;
  /** Bytes in the store: values, and a board's table. */
  readonly bytes: number;
  /** What a game graph's table was computed from; undefined for other kinds. */
  readonly graph?: GraphSource & { readonly infinite: number; readonly acyclic: boolean };
}

export interface OpenStoreOptions {
  /**
   * How game names are read. 'any' (default): a stored key or any spec, as the CLI does (a
   * module: spec reads its file to find its key). 'no-files': a spec that names a file is
   * refused; such games are found only by their stored key (for servers).
   */
  readonly specs?: 'any' | 'no-files';
}

/**
 * A read-only view of a store. Opening never creates anything: with no store file yet, it
 * lists no games and every lookup fails as not computed.
 */
export class GrundyStore {
  private constructor(
    private readonly store: Store | null,
    /** The store file this view reads. */
    readonly path: string,
    private readonly specs: 'any' | 'no-files',
  ) {}

  /** Open the store at `path` (default: as the CLI finds it: $GRUNDY_DB, the checkout, the user's data dir). */
  static open(path?: string, options: OpenStoreOptions = {}): GrundyStore {
    const resolved = locateStore(path).path;
    return new GrundyStore(Store.openForRead(resolved), resolved, options.specs ?? 'any');
  }

  /** Whether the store file exists yet. */
  get exists(): boolean {
    return this.store !== null;
  }

  close(): void {
    this.store?.close();
  }

  games(): StoredGame[] {
    if (!this.store) return [];
    return this.store.listGames().map((g) => this.info(g));
  }

  /** Every stored game with its width, bytes and, for a game graph, its source (as `grundy list`). */
  tables(): StoredTable[] {
    const store = this.store;
    if (!store) return [];
    return store.listGames().map((g) => this.tableOf(store, g));
  }

  /**
   * One stored game with its width, bytes and graph source (a game stored only for its misère
   * quotient has no values); NotComputedError when it is not stored.
   */
  table(spec: string): StoredTable {
    return this.tableOf(this.store!, this.requireRow(spec, true));
  }

  /** The latest runs that computed a stored game, newest first. */
  runs(spec: string, limit = 10): RunRecord[] {
    return this.store!.listRuns(this.requireRow(spec, true), limit);
  }

  /**
   * How many of the heaps 1..N of a heap game take each value (N: options.at, default the last
   * stored heap), with the sparse-space mask and rare heaps when the table has them.
   */
  frequencies(spec: string, options: FrequencyOptions = {}): FrequencyTable {
    const row = this.row(spec);
    const kind = row ? storedKind(row.family) : gameKind(this.parse(spec));
    const key = row?.key ?? this.parse(spec).key;
    return frequencyTable(this.store, row, { key, kind, spec }, options);
  }

  /** What the positions of a game are (a stored key or any spelling); UsageError when neither. */
  kind(spec: string): GameKind {
    const row = this.row(spec);
    return row ? storedKind(row.family) : gameKind(this.parse(spec));
  }

  /**
   * A two-dimensional game's stored N x N table; NotComputedError when none is stored. A store
   * opened with specs 'no-files' serves a stored key as stored, without parsing it (a 2d:module:
   * key would read its file), so its description is its key.
   */
  board(spec: string): BoardTable {
    const row = this.specs === 'no-files' ? this.store?.getGame(spec.trim()) : undefined;
    const stored = row && storedKind(row.family) === 'board' ? loadBoard(this.store!, row) : undefined;
    if (row && stored) {
      return { ...stored, key: row.key, family: row.family, description: row.key, bytes: boardBytes(this.store!, row) };
    }
    return requireBoard(this.store, this.boardRules(spec), spec);
  }

  /**
   * g(x, y) of cells 'x,y' (or pairs) of a two-dimensional game: from the stored table, else
   * the family's closed forms (Wythoff's P-positions at any size), else NotComputedError.
   */
  cells(spec: string, cells: readonly (string | readonly [bigint, bigint])[]): CellAnswer[] {
    return answerCells(this.store, this.boardRules(spec), cells, spec);
  }

  /** A game graph's stored table; NotComputedError when none is stored, UsageError for another kind. */
  graph(spec: string): GraphTable {
    const table = findGraphTable(this.store, spec, (s) => this.parse(s));
    if (table) return table;
    const row = this.requireRow(spec);
    throw new UsageError(`${row.key} is not a game graph (its kind: ${storedKind(row.family)})`);
  }

  /** Vertices of a stored game graph by name: value (n or infinity(K)) and outcome P, N or D. */
  vertices(spec: string, names: readonly string[]): VertexAnswer[] {
    const table = this.graph(spec);
    return names.map((name) => answerVertexNamed(table, name));
  }

  /**
   * Positions of any kind of game, as `grundy query` reads them: heap sizes ('1e30', ranges
   * 'a..b', numbers, bigints), cells 'x,y' of a board, or vertex names of a stored graph.
   */
  positions(spec: string, items: readonly (string | number | bigint)[]): PositionAnswer[] {
    const theorem = this.specs === 'any' ? answerTheorem(spec, items.map(String)) : null;
    if (theorem) return theorem;
    const board = this.boardRulesOrNull(spec);
    if (board) return answerCells(this.store, board, items.map(String), spec);
    const graph = findGraphTable(this.store, spec, (s) => this.parse(s));
    if (graph) return items.map((item) => answerVertexNamed(graph, String(item)));
    return this.queryItems(spec, items).flatMap((g) => g.answers.map((a) => ({ kind: 'heap' as const, ...a })));
  }

  /**
   * Stored games matching a search: every word of `text` (case-insensitive) in the key, family,
   * description or known name, or `text` a spelling of a stored game ('kayles' finds octal:0.77).
   * Blank text lists every game.
   */
  search(text: string): StoredGame[] {
    const all = this.games();
    const words = text
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => w !== '');
    if (words.length === 0) return all;
    let spelled: string | undefined;
    try {
      spelled = this.find(text)?.key;
    } catch {
      spelled = undefined; // not a spec: the words alone decide
    }
    return all.filter((g) => {
      if (g.key === spelled) return true;
      const hay = [g.key, g.family, g.description, knownResult(g.key)?.name ?? ''].join(' ').toLowerCase();
      return words.every((w) => hay.includes(w));
    });
  }

  /** A stored game by its exact key or any spelling of its rules, or undefined. */
  find(spec: string): StoredGame | undefined {
    const row = this.row(spec);
    return row ? this.info(row) : undefined;
  }

  /** The stored game, or NotComputedError naming the command that computes it. */
  game(spec: string): StoredGame {
    return this.info(this.requireRow(spec));
  }

  /**
   * g(lo..hi-1) from the table (hi <= computed, at most MAX_RANGE values), as plain numbers: a
   * stored value is below 2^32, so a number holds it exactly and arithmetic on it never wraps as
   * it would in the store's byte arrays. (query() answers bigints: past a proven period n and
   * g(n) may pass 2^53.)
   */
  values(spec: string, lo: number, hi: number): number[] {
    const row = this.requireRow(spec);
    checkRange(lo, hi, row.computed);
    return Array.from(this.store!.readValues(row, lo, hi));
  }

  /** The sparse-space mask and rare heaps stored with the table, if its run used sparse space. */
  sparse(spec: string): SparseState | undefined {
    return this.store!.sparseState(this.requireRow(spec));
  }

  /** g(n), from the table or, beyond it, from the proven period. */
  query(spec: string, n: bigint | number | string): Answer {
    return this.answerer(spec).answer(toBigInt(n, 'n'));
  }

  /** Several positions: numbers, or text items '1e30' and ranges 'a..b' (as grundy query reads them). */
  queryItems(spec: string, items: readonly (string | number | bigint)[]): { item: string; answers: Answer[] }[] {
    const answerer = this.answerer(spec);
    return items.map((raw) => ({ item: String(raw), answers: answerer.answerItem(String(raw)) }));
  }

  /** Answers for one game, reused across many lookups (its period and a value cache). */
  answerer(spec: string): Answerer {
    const row = this.row(spec);
    if (!row || row.computed === 0) {
      // A game with a closed form (nim, one subtraction interval) needs no table.
      const rules = this.parse(spec);
      const closed = closedFormOf(rules);
      if (closed) return new Answerer(this.store, null, spec, (s) => this.parse(s), { key: rules.key, closed });
    }
    return new Answerer(this.store!, this.requireRow(spec), spec, (s) => this.parse(s));
  }

  private parse(spec: string): Rules {
    return this.specs === 'no-files' ? parseGameWithoutFiles(spec).rules : parseRules(spec);
  }

  private boardRulesOrNull(spec: string): Rules | null {
    let rules: Rules;
    try {
      rules = this.parse(spec);
    } catch {
      return null;
    }
    return gameKind(rules) === 'board' ? rules : null;
  }

  private boardRules(spec: string): Rules {
    const rules = this.parse(spec);
    if (gameKind(rules) !== 'board') throw new UsageError(`${rules.key} is not a two-dimensional game`);
    return rules;
  }

  private tableOf(store: Store, g: GameRow): StoredTable {
    const info = this.info(g);
    const graph = info.kind === 'graph' ? graphSource(store, g) : undefined;
    return {
      ...info,
      width: g.width,
      bytes: store.storedBytes(g) + boardBytes(store, g),
      ...(graph ? { graph } : {}),
    };
  }

  private info(g: GameRow): StoredGame {
    return {
      key: g.key,
      family: g.family,
      description: describeStored(g),
      kind: storedKind(g.family),
      computed: g.computed,
      maxValue: g.maxValue,
      periodicity: this.store!.getCertificate(g) ?? null,
      createdAt: g.createdAt,
    };
  }

  private row(spec: string): GameRow | undefined {
    if (!this.store) {
      if (this.specs === 'no-files') parseGameWithoutFiles(spec);
      return undefined;
    }
    const byKey = this.store.getGame(spec.trim());
    if (byKey) return byKey;
    const key = this.specs === 'no-files' ? parseGameWithoutFiles(spec).key : parseRules(spec).key;
    return this.store.getGame(key);
  }

  /** The stored game's row; NotComputedError when it has no values (or no row, with `empty` allowed). */
  private requireRow(spec: string, empty = false): GameRow {
    const row = this.row(spec);
    if (!row || (row.computed === 0 && !empty)) {
      const key =
        this.specs === 'no-files' ? spec.trim() : (this.store?.getGame(spec.trim())?.key ?? parseRules(spec).key);
      throw new NotComputedError(`${key} has no stored values`, { game: spec });
    }
    return row;
  }
}

/** Open a read-only view of a store (see GrundyStore.open). */
export function openStore(path?: string, options: OpenStoreOptions = {}): GrundyStore {
  return GrundyStore.open(path, options);
}

/** The stored game's one-line description; its key when the stored rules no longer parse. */
function describeStored(g: GameRow): string {
  try {
    return describeRules({ key: g.key, family: g.family, ...(JSON.parse(g.params) as object) } as Rules);
  } catch {
    return g.key;
  }
}

/** Whether a run kept its table in a window (src/engine/sparse-window.ts): its periodicity went unchecked. */
export function keptInWindow(run: RunRecord): boolean {
  return run.kernel.split('+').includes(WINDOW_KERNEL);
}

function checkRange(lo: number, hi: number, computed: number): void {
  if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi) || lo < 0 || hi < lo) {
    throw new UsageError(`range ${lo}..${hi} is not a range of heap sizes (0 <= lo <= hi)`);
  }
  if (hi > computed) throw new NotComputedError(`only g(0..${computed - 1}) are stored; the range ends at ${hi - 1}`);
  if (hi - lo > MAX_RANGE) throw new UsageError(`range ${lo}..${hi - 1} has more than ${MAX_RANGE} values; split it`);
}

function toBigInt(n: bigint | number | string, what: string): bigint {
  if (typeof n === 'bigint') {
    if (n < 0n) throw new UsageError(`${what} ${n} is negative; it must be >= 0`);
    return n;
  }
  if (typeof n === 'number') {
    if (!Number.isSafeInteger(n) || n < 0)
      throw new UsageError(`${what} ${n} is not a non-negative safe integer; pass a bigint`);
    return BigInt(n);
  }
  return parseBigInteger(n, what);
}
