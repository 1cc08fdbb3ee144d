import { computeGame } from '../engine/coordinator.js';
import { WorkerPool } from '../engine/pool.js';
import { statesThreads } from '../engine/states-threads.js';
import { parseRules, kindOf, graphSupport } from '../games/registry.js';
import { loadGraphTable } from '../store/graph-tables.js';
import { Store } from '../store/store.js';
import type { ResolvedComponent } from './evaluate.js';
import type { GraphComponent, HeapComponent, LoopyComponent } from './loopy.js';
import { parseHeap, type PositionComponent, type WrittenComponent } from './position.js';
import { resolvePosition, type PrepareOptions } from './prepare.js';
import type { EngineTasks } from '../engine/tasks.js';

/** Whether any component is a game graph: then the position is evaluated as a loopy sum. */
export function hasGraphComponent(components: readonly WrittenComponent[]): boolean {
  return components.some((c) => kindOf(parseRules(c.spec)) === 'graph');
}

/**
 * Resolve a position with game-graph components: each graph's table from the store (computed
 * and stored first when missing, as heap tables are on the fly), its vertices read by the
 * family's codec (an unknown name is a UsageError naming it), and the heap components as
 * `grundy eval` resolves them. `theorems`: components already resolved by their theorem, by index.
 */
export async function resolveLoopy(
  components: readonly WrittenComponent[],
  opts: PrepareOptions & { readonly needOptions: boolean },
  theorems: ReadonlyMap<number, ResolvedComponent> = new Map(),
): Promise<LoopyComponent[]> {
  const heapParts: PositionComponent[] = [];
  const slots: (GraphComponent | HeapComponent | number)[] = [];
  for (const [i, c] of components.entries()) {
    const theorem = theorems.get(i);
    if (theorem) {
      slots.push({ kind: 'heap', resolved: theorem });
      continue;
    }
    if (kindOf(parseRules(c.spec)) !== 'graph') {
      slots.push(heapParts.length);
      heapParts.push({ spec: c.spec, heaps: c.tokens.map((t) => parseHeap(t, c.spec)) });
      continue;
    }
    const base = await loadGraphComponent(c.spec, opts);
    slots.push({ ...base, vertices: c.tokens.map((t) => base.codec.parse(t)) });
  }
  const heaps = heapParts.length > 0 ? await resolvePosition(heapParts, opts) : [];
  return slots.map((s) => (typeof s === 'number' ? { kind: 'heap', resolved: heaps[s]! } : s));
}

/** A game graph's stored table, graph and codec: everything of a graph component but its tokens. */
export type GraphBase = Omit<GraphComponent, 'vertices'>;

/** Load a game graph's table from the store, computing and storing it first when missing. */
export async function loadGraphComponent(spec: string, opts: PrepareOptions): Promise<GraphBase> {
  const rules = parseRules(spec);
  const explicit = graphSupport(rules);
  if (!explicit) throw new Error(`internal: ${spec} is not a game graph`);
  let store = Store.openForRead(opts.dbPath);
  try {
    let game = store?.getGame(rules.key);
    if (!store || !game || game.computed === 0) {
      store?.close();
      store = Store.openForWrite(opts.dbPath);
      opts.onCompute?.(rules.key, 0);
      const pool = new WorkerPool<EngineTasks>(1);
      try {
        await computeGame({ rules, store, pool, to: 0, untilProven: false });
      } finally {
        await pool.destroy();
      }
      game = store.getGame(rules.key)!;
    }
    const table = loadGraphTable(store, game);
    if (!table) throw new Error(`store for ${rules.key} has values but no graph table`);
    const codec = explicit.codec(table.names, table.source.vertices, rules.key);
    // The edges, for the move search (a states module is explored again: its table has no edges).
    const pool = new WorkerPool<EngineTasks>(1);
    let graph: GraphComponent['graph'];
    try {
      graph = (await explicit.load(rules, { threads: statesThreads(pool), maxStates: table.source.vertices })).graph;
    } finally {
      await pool.destroy();
    }
    return { kind: 'vertices', spec, key: rules.key, graph, values: table.values, codec };
  } finally {
    store?.close();
  }
}
