import { basename } from 'node:path';
import { UsageError } from '../errors.js';
import { options as graphOptions } from '../graph/csr.js';
import type { VertexNames } from '../graph/names.js';
import type { HeapMove } from './heap-moves.js';
import type { StatesRules } from '../rules/types.js';
import { canonicalJson } from '../states/canonical.js';
import { exploreStates } from '../states/explore.js';
import { defineFamily, type ExplicitGraph, type PositionCodec } from './family.js';
import { readModuleFile } from './spec-text.js';
import { sha256Hash } from '../sha256.js';

/**
 * A game given by a module of states (docs/graphs.md): `start` (one state) or `starts` (a list)
 * and `moves(state)`, the states one move away; states are JSON values. Everything reachable
 * from the starts is explored on the worker pool into a game graph (cycles allowed), computed
 * and stored like `graph:` with each state's canonical JSON as its vertex name.
 */
export const states = defineFamily<StatesRules>({
  id: 'states',
  kind: 'graph',
  syntax: ['states:./game.js'],
  prefixes: ['states'],
  readsFiles: true,
  parse(body, spec, { cwd }) {
    const { path, content } = readModuleFile(body, spec, cwd, 'states:./path/game.js', 'states module');
    // The key carries the content hash: an edited module is a different game, a new table.
    const sha256 = sha256Hash().update(content).digest('hex');
    const key = `states:${basename(path)}#${sha256.slice(0, 16)}`;
    return { family: 'states', key, path, sha256, bytes: content.length } satisfies StatesRules;
  },
  describe: (rules) => `game on the states of the module ${rules.path}`,
  *options(rules, n) {
    for (const w of graphOptions(explored(rules).graph, n)) yield [w];
  },
  cost: (rules, n) => {
    const g = explored(rules).graph;
    return g.outOffsets[n + 1]! - g.outOffsets[n]!;
  },
  criterion: () => null,
  *moves({ rules, values, n, target }): Iterable<HeapMove> {
    const { graph: g, names } = explored(rules);
    for (const w of graphOptions(g, Number(n))) {
      const v = values.value(BigInt(w));
      if (v !== target) continue;
      const to = names.kind === 'strings' ? names.strings[w]! : String(w);
      yield { move: `move to ${to}`, remove: 0n, leaves: [BigInt(w)], values: [v] };
    }
  },
  explicit: {
    explores: true,
    async load(rules, context) {
      const graph = await exploreStates(rules, context);
      cache.clear(); // one state graph at a time: they may be large
      cache.set(rules.key, graph);
      return graph;
    },
    codec: (names, _n, game) => stateCodec(names, game),
  },
});

/** The graph of the last module explored in this process (options, cost and moves need it). */
const cache = new Map<string, ExplicitGraph>();

function explored(rules: StatesRules): ExplicitGraph {
  const hit = cache.get(rules.key);
  if (!hit)
    throw new Error(`the states of ${rules.key} must be explored (explicit.load) before their options are asked`);
  return hit;
}

/**
 * States as the user writes them (JSON on the command line, any spacing or key order) <-> ids:
 * a state is found by its canonical encoding, which is its stored name.
 */
export function stateCodec(names: VertexNames, game: string): PositionCodec {
  if (names.kind !== 'strings') throw new Error(`the stored states of ${game} have no names`);
  let byName: Map<string, number> | null = null;
  return {
    parse(token) {
      let value: unknown;
      try {
        value = JSON.parse(token) as unknown;
      } catch {
        throw new UsageError(
          `state '${token}' is not JSON; write it as JSON, e.g. '[3,4]', '"abc"' or '{"x":1}' (quoted for the shell)`,
        );
      }
      const canonical = canonicalJson(value)!;
      byName ??= new Map(names.strings.map((s, i) => [s, i]));
      const id = byName.get(canonical);
      if (id === undefined) {
        throw new UsageError(`state ${canonical} is not reachable from the starts of ${game}; name a reachable state`);
      }
      return id;
    },
    format: (index) => names.strings[index]!,
  };
}
