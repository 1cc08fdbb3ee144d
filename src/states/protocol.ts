/**
 * Tasks of workers/states.worker.ts: expand a run of states of a `states:` module (their
 * canonical JSON) into the canonical JSON of their options, in order.
 */
export interface ExpandTask {
  readonly kind: 'expand';
  readonly path: string;
  /** The states to expand, canonical JSON; or null for the task that reads the module's starts. */
  readonly states: readonly string[] | null;
  /** Beaten with the index (in `states`) of the state whose moves are being asked for. */
  readonly heartbeat?: SharedArrayBuffer;
}

export type ExpandOutcome =
  | {
      readonly kind: 'expanded';
      /** Options of every state, concatenated; counts[i] of them belong to states[i]. */
      readonly options: readonly string[];
      readonly counts: Int32Array;
    }
  | { readonly kind: 'error'; readonly message: string; readonly exitCode: number };
