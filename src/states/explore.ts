import type { ExplicitGraph } from '../games/family.js';
import { buildGraph } from '../graph/csr.js';
import { EdgeBuffer } from '../graph/edges.js';
import { UsageError } from '../errors.js';
import type { StatesRules } from '../rules/types.js';
import type { Expanded, StatesThreads } from './protocol.js';
import { fmtInt } from '../numbers.js';

/** Default bound on the states explored (grundy compute --max-states). */
export const DEFAULT_MAX_STATES = 4_000_000;

/** States per task: large enough to amortise a round-trip, small enough to keep 2 threads busy. */
export const STATES_PER_TASK = 2048;
/** The shortest run sent while another is in flight: shorter ones cost more in round-trips than they save. */
const MIN_RUN = 64;

export interface ExploreOptions {
  readonly threads: StatesThreads;
  readonly maxStates?: number;
  /** Called after each task with the states found and expanded so far. */
  readonly onProgress?: (found: number, expanded: number) => void;
  /** Filled in for benchmarks: time this thread spent merging results (dedup and edges). */
  readonly stats?: { mergeMs: number };
}

/**
 * Everything reachable from the starts of a `states:` module, as a game graph: vertex ids in
 * discovery order (breadth first from the starts, in order), each state's options in the order
 * moves(state) gives them, states deduplicated by their canonical JSON (src/states/canonical.ts).
 * The pool's threads call moves(); this thread owns the dedup map and the edges. Runs of states
 * go out as soon as they are discovered, several tasks in flight, and their results are merged
 * in id order, so the graph does not depend on the number of threads.
 */
export async function exploreStates(rules: StatesRules, opts: ExploreOptions): Promise<ExplicitGraph> {
  const maxStates = opts.maxStates ?? DEFAULT_MAX_STATES;
  const ids = new Map<string, number>();
  const names: string[] = [];
  const edges = new EdgeBuffer();
  const intern = (state: string): number => {
    let id = ids.get(state);
    if (id === undefined) {
      if (names.length >= maxStates) {
        throw new UsageError(
          `${rules.key}: more than ${fmtInt(maxStates)} states are reachable from the starts ` +
            `(--max-states ${maxStates}); raise --max-states, or make the module's state space finite`,
        );
      }
      id = names.length;
      ids.set(state, id);
      names.push(state);
    }
    return id;
  };
  const starts = await opts.threads.expand(rules, null);
  for (const s of starts.options) intern(s);

  const window = Math.max(2, opts.threads.threads * 2);
  // Options of states expanded by a worker (asked for, or explored beyond its run), by state,
  // until their turn comes: ids and edges are assigned in id order, whatever the threads did.
  const results = new Map<string, string[]>();
  const inFlight: Promise<Expanded>[] = [];
  let dispatched = 0;
  let expanded = 0;
  while (expanded < names.length) {
    const merging = performance.now();
    for (let options = results.get(names[expanded]!); options; options = results.get(names[expanded]!)) {
      results.delete(names[expanded]!);
      for (const o of options) edges.push(expanded, intern(o));
      if (++expanded === names.length) break;
    }
    if (opts.stats) opts.stats.mergeMs += performance.now() - merging;
    opts.onProgress?.(names.length, expanded);
    if (expanded === names.length) break;
    dispatched = Math.max(dispatched, expanded);
    // Send out what is known: full runs, or, while a thread is idle, a share of what is ready
    // (a frontier that grows by a few states per state expanded is never a full run ahead).
    while (inFlight.length < window && dispatched < names.length) {
      const ready = names.length - dispatched;
      const idle = opts.threads.threads - inFlight.length;
      if (ready < STATES_PER_TASK && idle <= 0) break;
      if (ready < MIN_RUN && inFlight.length > 0) break;
      const count = idle > 0 ? Math.min(STATES_PER_TASK, Math.max(MIN_RUN, Math.ceil(ready / idle))) : STATES_PER_TASK;
      const states: string[] = [];
      for (; dispatched < names.length && states.length < count; dispatched++) {
        const state = names[dispatched]!;
        if (!results.has(state)) states.push(state);
      }
      // Alone in flight with a short run: the frontier is thin (a chain, say), so the worker
      // explores on past its run instead of returning for every few states.
      const alone = inFlight.length === 0 && dispatched === names.length && states.length < STATES_PER_TASK;
      if (states.length > 0) inFlight.push(opts.threads.expand(rules, states, alone ? STATES_PER_TASK : states.length));
    }
    const task = inFlight.shift();
    if (!task) throw new Error(`internal: state ${expanded} of ${rules.key} is neither expanded nor in flight`);
    const out = await task;
    const merging2 = performance.now();
    const order = [...out.requested, ...out.extra];
    let k = 0;
    for (let i = 0; i < order.length; i++) {
      const options = out.options.slice(k, k + out.counts[i]!);
      k += out.counts[i]!;
      const id = ids.get(order[i]!);
      if (id === undefined || id >= expanded) results.set(order[i]!, options);
    }
    if (opts.stats) opts.stats.mergeMs += performance.now() - merging2;
  }
  const graph = buildGraph(names.length, edges);
  return {
    graph,
    names: { kind: 'strings', strings: names },
    source: { format: 'states', sha256: rules.sha256, bytes: rules.bytes },
  };
}
