import type { FullPool } from '../workers/tasks.js';
import { seededRandom } from '../src/testing/random.js';

/**
 * One benchmark workload: a registry entry with a name, a seeded input, and a function per way
 * of running it that returns a checksum of what it computed and how many states it handled.
 */
export interface Workload<I = unknown> {
  /** Unique, stable across versions: it keys the recorded history. */
  readonly name: string;
  /** The suite it belongs to (`grundy bench --suite NAME`). */
  readonly suite: string;
  readonly description: string;
  /** States (heap sizes, positions) per run: the full and the --quick size. */
  readonly size: { readonly full: number; readonly quick: number };
  /** Seed of the input generator (fixed, so every run sees the same input). */
  readonly seed?: number;
  /**
   * Build the input once before measuring (not timed). Defaults to the size itself. The
   * random generator is seeded from `seed`, so inputs are the same in every run.
   */
  setup?(size: number, random: () => number): I | Promise<I>;
  /** The plain single-thread kernel in this thread, no pool: the baseline of every workload. */
  plain(input: I, ctx: TimedContext): RunOutcome | Promise<RunOutcome>;
  /** The same work through the worker pool (and the store, for end-to-end workloads). */
  pooled?(input: I, ctx: PooledContext): Promise<RunOutcome>;
  /** A big-game workload: measured at 1, 2, ... workers up to the core count (scaling table). */
  readonly scaling?: boolean;
  /** Worker counts for `pooled` when not scaling and no --workers is given (default [1]). */
  readonly workers?: readonly number[];
  /**
   * Checksums known from an independent source, by size (each entry names its source where it
   * is defined). A run whose checksum differs fails: a fast wrong kernel is caught.
   */
  readonly expected?: Readonly<Record<number, string>>;
  /** The matching C reference program, for the opt-in side-by-side comparison (--anchors). */
  anchor?(size: number): AnchorCommand;
}

export interface AnchorCommand {
  /** The program's file name inside the anchors folder. */
  readonly program: string;
  readonly args: readonly string[];
  /** Threads the program uses (recorded as its worker count); default 1. */
  readonly threads?: number;
}

export interface RunOutcome {
  /** What the run computed, reduced to one number (bench/checksum.ts). */
  readonly checksum: bigint;
  /** States (or positions) handled by the timed part. */
  readonly states: number;
}

/** Only the parts wrapped in `timed` count: setup and checksums stay out of the figures. */
export interface TimedContext {
  timed<T>(work: () => T): T;
  timedAsync<T>(work: () => Promise<T>): Promise<T>;
}

export interface PooledContext extends TimedContext {
  readonly pool: FullPool;
  readonly workers: number;
}

/** Registry entries are typed by their input; the registry holds them with the input erased. */
export function defineWorkload<I>(workload: Workload<I>): Workload {
  return workload as unknown as Workload;
}

export { seededRandom };
