import type { OptionsFunction, RangeKernel } from '../kernels/kernel.js';
import type { SparseShape } from '../kernels/sparse.js';
import type { OrderedShare, SplitKernel } from '../kernels/split/split-kernel.js';
import type { ProofCriterion } from '../period/detect.js';
import type { GameValues } from '../play/game-values.js';
import type { HeapMove, MoveSearchState } from '../play/heap-moves.js';
import type { Rules } from '../rules/types.js';

/**
 * A game family: everything the engine, the CLI and the store need to know about one kind of
 * game, in one module (src/games/<family>.ts), registered in src/games/registry.ts. Nothing
 * outside the registry asks which family a game is: it asks the family.
 *
 * Positions are indexed by a non-negative integer (a heap size today; a vertex or a cell of a
 * two-dimensional table is an index too, with `positions` saying how to read it) and computed
 * in index order: every option of position n has a smaller index.
 */
export interface GameFamily<R extends Rules = Rules> {
  /** The `family` tag of the rules this module owns. */
  readonly id: string;
  /** How positions are indexed: 'heap' (the index is the heap size). */
  readonly positions: 'heap';
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
  /** One line naming the game, for summaries. */
  describe(rules: R): string;

  /** The options of position n as tuples of heaps (their values XOR): the slow, obvious way. */
  options(rules: R, n: number, loaded?: OptionsFunction): Iterable<readonly number[]>;
  /** Rough option visits to compute the value of position n: sizes chunks (engine/budget.ts). */
  cost(rules: R, n: number): number;
  /**
   * Count kernels rebuild their histogram from the prefix on every chunk, so their chunks grow
   * with the prefix instead of by work alone.
   */
  readonly chunksGrowWithPrefix?: boolean;

  /**
   * The spec names a file that parse() reads (custom modules): a server never parses such a spec
   * from a request, it serves the game only by its stored key (src/api/game.ts).
   */
  readonly readsFiles?: boolean;
  /** User code the kernels call (custom modules): loaded once per worker thread and game. */
  readonly code?: UserCode<R>;
  /** The plain range kernel: the reference every faster strategy must equal. */
  plain(rules: R, loaded?: OptionsFunction): RangeKernel;
  /** The frozen-prefix split (gather from final values, finish in order), where it exists. */
  split?(rules: R): SplitSupport | null;
  /** Sparse space: the shape of its one- and two-heap moves, where it applies. */
  sparse?(rules: R): SparseShape | null;
  /** A subtraction game on an increasing element list: the WebAssembly subtraction gang. */
  subtraction?(rules: R): SubtractionElements | null;

  /** How a period is proven from a finite prefix, or null when it is only ever observed. */
  criterion(rules: R): ProofCriterion | null;
  /** Values grow without bound: periodicity is arithmetic (with a saltus). */
  readonly arithmetic?: boolean;
  /** Values known for every position without a table (nim: g(n) = n). */
  readonly closedForm?: ClosedForm;

  /**
   * How `grundy sweep` enumerates the family's games: 'sets' (every set of amounts, shipped to
   * workers as arrays through `sets`) or 'codes' (every take-and-break digit string).
   */
  readonly sweep?: 'sets' | 'codes';
  /** The rules as a sorted set of positive amounts, and back (sweeps ship games as sets). */
  readonly sets?: SetForm<R>;

  /** Moves from position n to options of value `target`, described in the game's own terms. */
  moves(context: MoveContext<R>): Iterable<HeapMove>;
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

export interface SplitSupport {
  /** How the ordered (in-chunk) share of the work grows with the chunk: 'none' = it does not pay. */
  readonly share: OrderedShare;
  /** Int32 words of row scratch per heap while values stay below maxValue. */
  rowWords(maxValue: number): number;
  create(loaded?: OptionsFunction): SplitKernel;
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
}

export interface MoveContext<R extends Rules> {
  readonly rules: R;
  readonly values: GameValues;
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
