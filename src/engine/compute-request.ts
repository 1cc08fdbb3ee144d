import type { GameKind } from '../games/family.js';
import type { Periodicity } from '../period/detect.js';
import type { Rules } from '../rules/types.js';
import type { LockOptions } from '../store/locks.js';
import type { Store } from '../store/store.js';
import type { FrozenTuning } from './frozen-plan.js';
import type { FrozenPhaseStats } from './frozen-runner.js';
import type { SparsePhaseStats, SparseTuning } from './sparse-runner.js';
import type { KernelChoice } from './strategies.js';
import type { StrategyFacts } from './strategy.js';
import type { SubtractGangTuning } from './subtract-gang.js';
import type { EnginePool } from './tasks.js';

/** What a compute is asked (engine/coordinator.ts computeGame), what it reports and answers. */
export interface ComputeProgress {
  readonly game: string;
  readonly computed: number;
  readonly target: number;
  readonly startedFrom: number;
  readonly elapsedMs: number;
  readonly maxValue: number;
  readonly periodicity: Periodicity | null;
  /** The state of the strategy that ran the last chunk (sparse space: mask, rare), if it tells any. */
  readonly facts: StrategyFacts | null;
}

export interface ComputeRequest {
  readonly rules: Rules;
  readonly store: Store;
  readonly pool: EnginePool;
  /** Compute g(0..to-1); with untilProven, the upper limit. */
  readonly to: number;
  readonly untilProven: boolean;
  readonly onProgress?: (p: ComputeProgress) => void;
  /** Aborting stops the chunk in flight; every finished chunk is stored. */
  readonly signal?: AbortSignal;
  /** How to treat another compute of the same game (default: refuse, naming it). */
  readonly lock?: Omit<LockOptions, 'signal'>;
  /** Frozen-prefix chunk planning knobs; tests and benchmarks only (default: tuned values). */
  readonly frozenTuning?: FrozenTuning;
  /** Sparse-space knobs (parallel chunks, chunk length); tests and benchmarks only. */
  readonly sparseTuning?: SparseTuning;
  /** Subtraction-gang knobs (tile, chunk, start, row limit); tests and benchmarks only. */
  readonly subtractTuning?: SubtractGangTuning;
  /**
   * Which path runs: 'auto' (default) the fastest that applies: sparse space, the WebAssembly
   * gang for infinite subtraction sets, else the frozen prefix, else plain; 'frozen-prefix' skips sparse
   * space (to measure or test the
   * frozen prefix); 'plain' the family's plain kernel, one chunk at a time (the reference).
   */
  readonly kernel?: KernelChoice;
  /** A generated game graph (states:): the most positions it may have. */
  readonly maxStates?: number;
  /** A generated game graph: positions found and expanded so far, while it is built. */
  readonly onBuildProgress?: (found: number, expanded: number) => void;
}

export interface ComputeSummary {
  readonly game: string;
  /** The kind of game (games/family.ts): what `computed` counts and which detail below is set. */
  readonly kind: GameKind;
  /** Values stored for the game after the run (a board's cells, a graph's vertices). */
  readonly computed: number;
  /** Values computed by this run. */
  readonly newlyComputed: number;
  readonly maxValue: number;
  readonly periodicity: Periodicity | null;
  readonly elapsedMs: number;
  readonly statesPerSecond: number;
  readonly workers: number;
  readonly kernel: string;
  /** Frozen-prefix chunks run and the wall time of their parallel and ordered phases. */
  readonly frozen: FrozenPhaseStats;
  /** Parallel sparse chunks (gangs) run, and how often their finishes fell back to a rescan. */
  readonly sparse: SparsePhaseStats;
  /** The last chunk's strategy's state (ComputeProgress.facts) at the end of the run. */
  readonly facts: StrategyFacts | null;
  /** Why the run stopped. */
  readonly stop: 'target' | 'proven' | 'already-proven' | 'already-computed';
  /** For a game graph: its size and what its table holds. */
  readonly graph?: GraphSummary;
  /** For a board game: the side of its stored N x N table. */
  readonly board?: { readonly size: number };
}

export interface GraphSummary {
  readonly vertices: number;
  readonly edges: number;
  readonly infinite: number;
  readonly acyclic: boolean;
  /** Vertices by outcome, when this run computed them. */
  readonly outcomes: { readonly P: number; readonly N: number; readonly D: number } | null;
}
