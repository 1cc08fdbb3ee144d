import type { OptionsFunction, RangeKernel } from '../kernels/kernel.js';
import type { SparseShape } from '../kernels/sparse.js';
import type { OrderedShare, FrozenKernel } from '../kernels/frozen/frozen-kernel.js';
import type { ProofCriterion } from '../period/detect.js';
import type { MoveValues, HeapMove, MoveSearchState } from './heap-moves.js';
import type { BoardTable, BoardValues, PackedUpper } from '../board/table.js';
import type { Rules } from '../rules/types.js';
import type { StatesThreads } from '../states/protocol.js';
import type { Graph } from '../graph/csr.js';
import type { VertexNames } from '../graph/names.js';

/**
 * A game family: everything the engine, the CLI and the store need to know about one kind of
 * game, in one module (src/games/<family>.ts), registered in src/games/registry.ts. Nothing
 * outside the registry asks which family a game is: it asks the family.
 *
 * A family is of one kind, decided where it is declared (`kind`), and has the members of its
 * kind: a heap game (`HeapFamily`, positions are heap sizes computed in index order, every option
 * of position n has a smaller index), a game graph (`GraphFamily`, positions are the vertices of
 * an explicit graph, cycles allowed, computed whole) or a game on a board (`BoardFamily`, cells
 * (x, y) of the quadrant stored as N x N tables). Code outside src/games switches on `kind`.
 */
export type GameFamily<R extends Rules = Rules> = HeapFamily<R> | GraphFamily<R> | BoardFamily<R> | TheoremFamily<R>;

/** The kinds of game: how positions are written, computed and stored. */
export type GameKind = GameFamily['kind'];

/** How every family is named and parsed, whatever its kind. */
export interface FamilyNaming<R extends Rules> {
  /** The `family` tag of the rules this module owns. */
  readonly id: string;
  /** The spec forms it reads, for help and error messages ('sub:1,3,4'). */
  readonly syntax: readonly string[];
  /** Bare words it answers to ('nim'), and prefixes before a colon ('sub' in 'sub:1,3,4'). */
  readonly names?: readonly string[];
  readonly prefixes?: readonly string[];
  /** A spec with neither a known name nor a colon that is still this family's ('.77'). */
  matches?(text: string): boolean;
  /**
   * Canonical rules from a spec: `body` is what follows the prefix (the whole text for a name
   * or a match). May return another family's rules when the game is the same (allbut: is nim).
   */
  parse(body: string, spec: string, context: ParseContext): Rules;
  /**
   * What to tell the user about how a valid spec reads when it may not be what they meant (a hex
   * digit in an octal code): one line each, said on stderr before a compute.
   */
  notes?(body: string, spec: string): string[];
  /** One line naming the game, for summaries. */
  describe(rules: R): string;
  /**
   * The spec names a file that parse() reads (custom modules): a server never parses such a spec
   * from a request, it serves the game only by its stored key (src/api/game.ts).
   */
  readonly readsFiles?: boolean;
}

/** What every family with positions numbered 0, 1, ... has (heaps, cells, vertices). */
export interface FamilyBase<R extends Rules> extends FamilyNaming<R> {
  /**
   * The options of position n as tuples of positions (their values XOR): the slow, obvious way.
   * A board family sees a cell as its anti-diagonal index (src/board/cells.ts).
   */
  options(rules: R, n: number, loaded?: OptionsFunction): Iterable<readonly number[]>;
  /** Rough option visits to compute the value of position n: sizes chunks (engine/budget.ts). */
  cost(rules: R, n: number): number;
  /** User code the kernels call (custom modules): loaded once per worker thread and game. */
  readonly code?: UserCode<R>;
  /** How a period is proven from a finite prefix, or null when it is only ever observed. */
  criterion(rules: R): ProofCriterion | null;
  /** Moves from position n to options of value `target`, described in the game's own terms. */
  moves(context: MoveContext<R>): Iterable<HeapMove>;
}

/** A heap game: positions are heap sizes, its table is computed in index order, chunk by chunk. */
export interface HeapFamily<R extends Rules = Rules> extends FamilyBase<R> {
  readonly kind: 'heap';
  /** The plain range kernel: the reference every faster strategy must equal. */
  plain(rules: R, loaded?: OptionsFunction): RangeKernel;
  /**
   * Count kernels rebuild their histogram from the prefix on every chunk, so their chunks grow
   * with the prefix instead of by work alone.
   */
  readonly chunksGrowWithPrefix?: boolean;
  /** The frozen-prefix kernel (gather from final values, finish in order), where it exists. */
  frozen?(rules: R): FrozenSupport | null;
  /** Sparse space: the shape of its one- and two-heap moves, where it applies. */
  sparse?(rules: R): SparseShape | null;
  /** A subtraction game on an increasing element list: the WebAssembly subtraction gang. */
  subtraction?(rules: R): SubtractionElements | null;
  /** Values grow without bound: periodicity is arithmetic (with a saltus); for all or some rules. */
  readonly arithmetic?: boolean | ((rules: R) => boolean);
  /** Values known for every position without a table (nim: g(n) = n), or null for these rules. */
  closedForm?(rules: R): ClosedForm | null;
  /**
   * How `grundy sweep` enumerates the family's games: 'sets' (every set of amounts, shipped to
   * workers as arrays through `sets`) or 'codes' (every take-and-break digit string).
   */
  readonly sweep?: 'sets' | 'codes';
  /** The rules as a sorted set of positive amounts, and back (sweeps ship games as sets). */
  readonly sets?: SetForm<R>;
}

/**
 * A game whose whole position is written out (a list of heaps, a grounded graph) and answered by a
 * theorem, with no table: Staircase Nim, Moore's Nim_k, Green Hackenbush (src/games/theorem.ts).
 */
export interface TheoremFamily<R extends Rules = Rules> extends FamilyNaming<R> {
  readonly kind: 'theorem';
  readonly theorem: TheoremSupport<R>;
}

/** A position of a theorem family, as the family reads it (plain data, opaque to the engine). */
export type TheoremPosition = unknown;

export interface TheoremSupport<R extends Rules> {
  /** The theorem, one line, for answers and exports: 'the nim-sum of the heaps on odd steps'. */
  statement(rules: R): string;
  /** How a position is written after '@', for help and errors: '[3,0,5] (coins on steps 1, 2, 3)'. */
  readonly positionHelp: string;
  /** Read one written position ('[3,0,5]', a ground vertex); a UsageError saying how to write it. */
  read(rules: R, token: string): TheoremPosition;
  format(rules: R, position: TheoremPosition): string;
  /** The Grundy value by the theorem, or null where the theorem gives the outcome only (Moore's Nim_k). */
  value(rules: R, position: TheoremPosition): bigint | null;
  /** P (the previous player wins) or N. */
  outcome(rules: R, position: TheoremPosition): 'P' | 'N';
  /**
   * Moves to positions of value `target` (outcome-only games: to P-positions, target 0), at most
   * `limit`; each is re-checked by the caller through value() or outcome() of `to`.
   */
  moves(rules: R, position: TheoremPosition, target: bigint, limit: number): Iterable<TheoremMove>;
  /** The parts of a position that meet only at the ground, with their values (Hackenbush), or null. */
  parts?(rules: R, position: TheoremPosition): readonly { readonly label: string; readonly value: bigint }[] | null;
  /** Contest code: a self-contained C++ or Python program for the theorem (main: reads positions on stdin). */
  code?(rules: R, language: 'cpp' | 'py', main: boolean): string;
  /** What `export --main` reads, one line, for its help and the generated comment. */
  readonly mainInput?: string;
}

export interface TheoremMove {
  readonly move: string;
  readonly to: TheoremPosition;
}

/**
 * A game on an explicit directed graph (cycles allowed): its table is computed whole by the
 * generalized Sprague-Grundy function, and the user names positions through its codec.
 */
export interface GraphFamily<R extends Rules = Rules> extends FamilyBase<R> {
  readonly kind: 'graph';
  /** The whole graph, and how positions are written. */
  readonly explicit: ExplicitSupport<R>;
}

/** A game on cells (x, y) of the quadrant, stored as N x N tables (src/engine/board-compute.ts). */
export interface BoardFamily<R extends Rules = Rules> extends FamilyBase<R> {
  readonly kind: 'board';
  /** The mex over the options in anti-diagonal order: the reference for every board kernel. */
  plain(rules: R, loaded?: OptionsFunction): RangeKernel;
  readonly board: BoardSupport<R>;
}

/**
 * An explicit game graph: positions are its vertices, moves its edges, cycles allowed. The
 * engine computes the generalized Sprague-Grundy table of the whole graph in one piece.
 */
export interface ExplicitSupport<R extends Rules> {
  /**
   * Read or build the whole graph from its source; a UsageError (with the line) when it is
   * malformed. A family that runs user code to build it (states:) does so on `context.pool`.
   */
  load(rules: R, context: ExplicitContext): ExplicitGraph | Promise<ExplicitGraph>;
  /** The graph is generated by exploring from starts: --max-states bounds it. */
  readonly explores?: boolean;
  /** How the user writes positions of this family, from the names stored with its table. */
  codec(names: VertexNames, n: number, game: string): PositionCodec;
}

export interface ExplicitContext {
  /**
   * Threads for user code (a states module's moves), under the pool's --module-timeout: the
   * engine passes them down (engine/states-threads.ts), so families never import the engine.
   */
  readonly threads: StatesThreads;
  /** The most positions a generated graph may have (grundy compute --max-states). */
  readonly maxStates?: number;
  /** Progress of a long build: positions found and expanded so far. */
  readonly onProgress?: (found: number, expanded: number) => void;
}

export interface ExplicitGraph {
  readonly graph: Graph;
  readonly names: VertexNames;
  /** What the table was computed from, stored beside it: format, content hash and size. */
  readonly source: { readonly format: string; readonly sha256: string; readonly bytes: number };
}

/** A position as the user writes it <-> its index. */
export interface PositionCodec {
  /** The index of a written position; a UsageError naming it when there is none. */
  parse(token: string): number;
  format(index: number): string;
}

export interface SetForm<R extends Rules> {
  of(rules: R): readonly number[];
  rules(set: readonly number[]): Rules;
  /** What a sweep of these sets is, for summaries: 'subtraction sets'. */
  readonly noun: string;
  /** A finite subtraction game: the window solver proves its period alone. */
  readonly window?: boolean;
}

export interface ParseContext {
  /** Relative paths in a spec are resolved against it. */
  readonly cwd: string;
}

export interface UserCode<R extends Rules> {
  /** What runs, for messages: "custom rules module /path/rules.js". */
  describe(rules: R): string;
  load(rules: R): Promise<OptionsFunction>;
}

export interface FrozenSupport {
  /** How the ordered (in-chunk) share of the work grows with the chunk: 'none' = it does not pay. */
  readonly share: OrderedShare;
  /** Int32 words of row scratch per heap while values stay below maxValue. */
  rowWords(maxValue: number): number;
  create(loaded?: OptionsFunction): FrozenKernel;
}

export interface SubtractionElements {
  /** Names the kernel: 'squares' gives 'wasm-gang:subtract-squares'. */
  readonly label: string;
  /** The elements up to limit, ascending. */
  elements(limit: number): Int32Array;
}

export interface ClosedForm {
  value(n: bigint): bigint;
  /** The value as a number without BigInt (the hot path of batch evaluation), or -1. */
  number(n: number): number;
  /** c[v] = #{n in [0, N] : g(n) = v}. */
  histogram(N: bigint): bigint[];
  /** The formula as code in `n` for contest export (exact for every 64-bit n), where there is one. */
  readonly code?: ClosedFormCode;
}

export interface ClosedFormCode {
  /** A C++ expression of `unsigned long long n`: '(n % 17ULL) / 3ULL'. */
  readonly cpp: string;
  /** A Python expression of `n`: '(n % 17) // 3'. */
  readonly py: string;
  /** The theorem, for the generated comment: 'g(n) = floor((n mod (L + R)) / L) for S = {L..R}'. */
  readonly theorem: string;
  /**
   * The largest n whose value fits in 64 bits, where some 64-bit n's does not (Mock Turtles: 2^63):
   * the C++ grundy(n) throws std::out_of_range beyond it instead of wrapping around.
   */
  readonly cppMax?: bigint;
}

export interface MoveContext<R extends Rules> {
  readonly rules: R;
  readonly values: MoveValues;
  readonly n: bigint;
  readonly target: bigint;
  /** Stop after this many moves. */
  readonly limit: number;
  readonly loaded?: OptionsFunction;
  readonly state: MoveSearchState;
}

/** Register a family with its rules type checked once here; the registry stores it widened. */
export function defineFamily<R extends Rules>(family: GameFamily<R>): GameFamily {
  return family as unknown as GameFamily;
}

/**
 * A two-dimensional game on cells (x, y), x, y >= 0. Its heap-style members see a cell as its
 * index in anti-diagonal order (src/board/cells.ts), where every option has a smaller index;
 * the engine stores and computes it as an N x N table (src/engine/board-compute.ts).
 */
export interface BoardSupport<R extends Rules> {
  /** The board size when it is part of the game (the knight's N x N), else null: any size. */
  fixedSize(rules: R): number | null;
  /** The options of (x, y) as tuples of cells whose values XOR, the slow and obvious way. */
  options(rules: R, x: number, y: number, loaded?: BoardOptionsFunction): Iterable<readonly Cell[]>;
  /** Heap games whose stored tables the values are made of (a product): computed first. */
  factors?(rules: R): readonly Rules[];
  /** The n x n table, in one thread; `factors` holds g(0..n-1) of each factor game. */
  table(rules: R, n: number, input: BoardInput): BoardTable;
  /**
   * The table runs no user code and takes well under a second at the largest size, less than a
   * worker thread takes to start and hand it back (bench/NOTES.md): compute it on the calling thread.
   */
  light?(rules: R): boolean;
  /**
   * The triangle y >= x of a symmetric game computed directly, half the cells of `table`: row
   * after row (board/table.ts: upperRowStart), or packed as the store keeps it; null when the
   * game has no such kernel. With the compiled dist/wasm/board.wasm (null: not available) it
   * runs the WebAssembly kernel.
   */
  upper?(rules: R, n: number, wasm: WebAssembly.Module | null): BoardValues | PackedUpper | null;
  /**
   * A line game (src/board/line-games.ts: Wythoff with diagonals, the rook without), whose rows
   * several threads can pipeline over shared memory; null otherwise.
   */
  lineGame?(rules: R): { readonly diagonal: boolean } | null;
  /**
   * g(x, y) = g(y, x) by the rules (the option set is symmetric): the store keeps y >= x only,
   * and line games compute only that half.
   */
  symmetric?(rules: R): boolean;
  /** The value at any cell without a table (rook: x xor y), or null. */
  value?(rules: R, x: bigint, y: bigint): bigint | null;
  /** Whether (x, y) is a P-position, at any size without a table (Wythoff), or null. */
  isP?(rules: R, x: bigint, y: bigint): boolean | null;
  /** Moves to options of value `target` from any cell without a table, or null when it cannot tell. */
  movesTo?(rules: R, x: bigint, y: bigint, target: bigint): readonly BoardMove[] | null;
  /** The closed form of the P-positions, for exports and help, when there is one. */
  readonly pFormula?: string;
  /** The user code the game runs (a custom 2-D module), or null. */
  code?(rules: R): BoardCode | null;
  /** A move from `from` to `to` in the game's own words. */
  describeMove(rules: R, from: readonly [bigint, bigint], to: readonly (readonly [bigint, bigint])[]): string;
}

export type Cell = readonly [number, number];
export type BoardOptionsFunction = (x: number, y: number) => Iterable<Cell>;

export interface BoardInput {
  readonly loaded?: BoardOptionsFunction;
  readonly factors?: readonly ArrayLike<number>[];
}

export interface BoardMove {
  readonly to: readonly [bigint, bigint];
  readonly move: string;
}

export interface BoardCode {
  /** What runs, for messages. */
  readonly describe: string;
  load(): Promise<BoardOptionsFunction>;
}
