import type { ExplicitSupport } from '../games/family.js';
import { generalizedValues } from '../graph/gsg.js';
import { outcomeOf, vertexValue } from '../graph/sums.js';
import type { Rules } from '../rules/types.js';
import { graphSource, saveGraphTable } from '../store/graph-tables.js';
import type { GameRow, Store } from '../store/store.js';
import type { ComputeRequest, ComputeSummary, GraphSummary } from './compute-request.js';
import { emptyPhaseStats } from './frozen-runner.js';
import { statesThreads } from './states-threads.js';

/**
 * The table of an explicit game graph, computed whole on this thread (a graph has no index
 * order to chunk by): read and parse the file, the generalized Sprague-Grundy values
 * (src/graph/gsg.ts, linear plus one pass per stage), then one transaction stores it all.
 * The key carries the file's hash, so a stored table is final: a second run only reports it.
 */
export async function computeExplicit(req: ComputeRequest, explicit: ExplicitSupport<Rules>): Promise<ComputeSummary> {
  const { rules, store } = req;
  const started = performance.now();
  const startedAt = new Date().toISOString();
  // Stored tables are final; a file that fails to parse leaves no row behind.
  const summary = (game: GameRow, stop: ComputeSummary['stop'], kernel: string, newly: number): ComputeSummary => {
    const elapsedMs = performance.now() - started;
    return {
      game: rules.key,
      kind: 'graph',
      computed: game.computed,
      newlyComputed: newly,
      maxValue: game.maxValue,
      periodicity: null,
      elapsedMs,
      statesPerSecond: newly > 0 ? newly / (elapsedMs / 1000) : 0,
      workers: newly > 0 ? 1 : 0,
      kernel,
      frozen: emptyPhaseStats(),
      sparse: { chunks: 0, gangs: 0, rescans: 0, continued: 0, regrows: 0 },
      facts: null,
      stop,
      graph: graphSummary(store, game),
    };
  };
  const stored = store.getGame(rules.key);
  if (stored && stored.computed > 0) return summary(stored, 'already-computed', 'none', 0);
  // A failed build (a bad line, a module fault, --max-states) leaves no row behind.
  const loaded = await explicit.load(rules, {
    threads: statesThreads(req.pool),
    ...(req.maxStates !== undefined ? { maxStates: req.maxStates } : {}),
    ...(req.onBuildProgress ? { onProgress: req.onBuildProgress } : {}),
  });
  let game = store.ensureGame(rules);
  req.onProgress?.({
    game: rules.key,
    computed: 0,
    target: loaded.graph.n,
    startedFrom: 0,
    elapsedMs: performance.now() - started,
    maxValue: 0,
    periodicity: null,
    facts: null,
  });
  if (req.signal?.aborted) return summary(game, 'target', 'none', 0);
  const gv = generalizedValues(loaded.graph);
  const kernel = gv.acyclic ? 'graph-kahn' : 'graph-gsg';
  const source = { ...loaded.source, vertices: loaded.graph.n, edges: loaded.graph.m };
  game = saveGraphTable(store, game, source, gv, loaded.names);
  const elapsedMs = performance.now() - started;
  store.recordRun(game, {
    startedAt,
    fromN: 0,
    toN: game.computed,
    valuesComputed: game.computed,
    workers: 1,
    kernel,
    elapsedMs,
    statesPerSecond: game.computed / (elapsedMs / 1000),
    status: 'done',
  });
  const out = summary(game, 'target', kernel, game.computed);
  // Counted here, from the values in hand (graphSummary would reload them).
  const outcomes = { P: 0, N: 0, D: 0 };
  for (let v = 0; v < gv.values.length; v++) outcomes[outcomeOf(vertexValue(gv, v))]++;
  return { ...out, graph: { ...out.graph!, outcomes } };
}

/** What is stored for a game graph, for summaries (outcome counts only when just computed). */
function graphSummary(store: Store, game: GameRow): GraphSummary | undefined {
  const source = graphSource(store, game);
  if (!source) return undefined;
  const { vertices, edges, infinite, acyclic } = source;
  return { vertices, edges, infinite, acyclic, outcomes: null };
}
