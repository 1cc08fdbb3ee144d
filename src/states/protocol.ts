import type { StatesRules } from '../rules/types.js';

/**
 * Tasks of workers/states.worker.ts: expand a run of states of a `states:` module (their
 * canonical JSON) into the canonical JSON of their options, in order.
 */
export interface ExpandTask {
  readonly kind: 'expand';
  readonly path: string;
  /** The states to expand, canonical JSON; or null for the task that reads the module's starts. */
  readonly states: readonly string[] | null;
  /**
   * Expand at most this many states: after `states`, the new options found, breadth first (a
   * thin state space, a chain, would otherwise cost a round-trip per state).
   */
  readonly budget: number;
  /** Beaten with the index (in the expansion order) of the state whose moves are being asked for. */
  readonly heartbeat?: SharedArrayBuffer;
  /** The canonical JSON of that state (src/states/current.ts), to name it if the thread stalls or dies. */
  readonly current?: SharedArrayBuffer;
}

export type ExpandOutcome =
  | {
      readonly kind: 'expanded';
      /** The states expanded after `states`, in order. */
      readonly extra: readonly string[];
      /** Options of every state expanded (`states`, then `extra`), concatenated; counts[i] are the i-th's. */
      readonly options: readonly string[];
      readonly counts: Int32Array;
    }
  | { readonly kind: 'error'; readonly message: string; readonly exitCode: number };

/** A run of states expanded, with the states it was asked for. */
export type Expanded = Extract<ExpandOutcome, { kind: 'expanded' }> & { readonly requested: readonly string[] };

/**
 * Worker threads that call a states module's moves(), as the engine provides them
 * (engine/states-threads.ts): the explorer and the family never import the engine.
 */
export interface StatesThreads {
  readonly threads: number;
  /** Expand `states` (null: read the starts), then up to `budget` states in all, breadth first. */
  expand(rules: StatesRules, states: readonly string[] | null, budget?: number): Promise<Expanded>;
}
