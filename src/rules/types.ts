/**
 * A Rules value is the parsed, canonical form of a game spec. It is plain data (structured-
 * cloneable) because it crosses the worker-thread boundary inside every task. `family` names the
 * registered game family that owns it (src/games/registry.ts); each family extends this shape
 * with the fields it needs.
 */
export interface Rules {
  readonly family: string;
  /** The canonical key: every spelling of one game yields it; the store's identity for a table. */
  readonly key: string;
}

export const INFINITE_SETS = ['squares', 'cubes', 'powers2', 'primes', 'fibonacci', 'triangular'] as const;
export type InfiniteSetName = (typeof INFINITE_SETS)[number];

export interface NimRules extends Rules {
  readonly family: 'nim';
  readonly key: 'nim';
}
export interface SubtractionRules extends Rules {
  readonly family: 'sub';
  readonly set: readonly number[];
}
/**
 * One interval {lo..hi} of removals too large to list (bounds as decimal text: rules are JSON in
 * the store, and bounds reach 10^18). Smaller intervals are SubtractionRules with their elements.
 */
export interface SubtractionIntervalRules extends Rules {
  readonly family: 'subint';
  readonly lo: string;
  readonly hi: string;
}
export interface InfiniteSubtractionRules extends Rules {
  readonly family: 'subinf';
  readonly name: InfiniteSetName;
}
export interface AllButRules extends Rules {
  readonly family: 'allbut';
  readonly excluded: readonly number[];
}
export interface TakeBreakRules extends Rules {
  readonly family: 'octal';
  /** d0, d1, ...: no trailing zeros (finite), or no trailing copies of `repeat`. */
  readonly digits: readonly number[];
  /** A repeating last digit (octal:4.3...): d_i = repeat for every i >= digits.length. */
  readonly repeat?: number;
}
/** Lasker's Nim, the code 4.3...: remove any positive number of tokens, or split a heap in two. */
export interface LaskerRules extends Rules {
  readonly family: 'lasker';
  readonly key: 'lasker';
}
export interface GrundyRules extends Rules {
  readonly family: 'grundy';
  readonly key: 'grundy';
}
export interface CustomRules extends Rules {
  readonly family: 'module';
  readonly path: string;
  readonly hash: string;
}
/** A game given by a JavaScript module of states: `start`/`starts` and `moves(state)`; the key carries its hash. */
export interface StatesRules extends Rules {
  readonly family: 'states';
  readonly path: string;
  /** sha256 (hex) of the module's bytes when the spec was parsed. */
  readonly sha256: string;
  readonly bytes: number;
}
/** An explicit game graph read from a file (src/graph/); the key carries the content's sha256. */
export interface GraphRules extends Rules {
  readonly family: 'graph';
  readonly path: string;
  readonly format: 'edges' | 'json' | 'counted';
  /** sha256 (hex) of the file's bytes when the spec was parsed. */
  readonly sha256: string;
}
/**
 * A coin-turning game (Winning Ways, ch. 14), coins numbered from 1: a move turns a head to tails
 * and c - 1 other coins left of it, for c in `counts` (and every c >= the last count when `open`);
 * those coins run consecutively up to the head when `consecutive`, else lie anywhere left of it.
 */
export interface TurningRules extends Rules {
  readonly family: 'turning';
  readonly counts: readonly number[];
  readonly open: boolean;
  readonly consecutive: boolean;
}
/** Staircase Nim: coins on steps 1, 2, ...; a move takes coins from a step down to the next (step 1's off). */
export interface StaircaseRules extends Rules {
  readonly family: 'staircase';
  readonly key: 'staircase';
}
/** Moore's Nim_k: remove tokens from at least one and at most k heaps. */
export interface MooreRules extends Rules {
  readonly family: 'moore';
  readonly k: number;
}
/** Green Hackenbush on a graph file (src/graph/read.ts formats); positions name the ground vertices. */
export interface HackenbushRules extends Rules {
  readonly family: 'hackenbush';
  readonly path: string;
  readonly format: 'edges' | 'json' | 'counted';
  readonly sha256: string;
}
