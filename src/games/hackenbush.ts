import { basename } from 'node:path';
import { UsageError } from '../errors.js';
import { hackenbushMovesTo, hackenbushPieces, hackenbushValue, type Sticks } from '../graph/hackenbush.js';
import { findVertex, vertexName, type VertexNames } from '../graph/names.js';
import type { HackenbushRules } from '../rules/types.js';
import { defineFamily, type TheoremMove } from './family.js';
import { graphFileSpec, readChecked } from './graph.js';
import { hackenbushProgram } from './hackenbush-code.js';

/** A picture: the ground vertices and the edges still standing (null: all of the file's). */
interface Picture {
  readonly ground: readonly number[];
  readonly alive: Uint8Array | null;
}

interface Loaded {
  readonly sticks: Sticks;
  readonly names: VertexNames;
}

const cache = new Map<string, Loaded>();

/** The file's edges as sticks (an edge u v is one stick; repeats and loops kept), read once per process. */
function load(rules: HackenbushRules): Loaded {
  let hit = cache.get(rules.key);
  if (!hit) {
    const { graph, names } = readChecked(rules);
    const from = new Int32Array(graph.m);
    const to = new Int32Array(graph.m);
    for (let u = 0; u < graph.n; u++) {
      for (let i = graph.outOffsets[u]!; i < graph.outOffsets[u + 1]!; i++) {
        from[i] = u;
        to[i] = graph.outTargets[i]!;
      }
    }
    hit = { sticks: { n: graph.n, from, to }, names };
    cache.clear();
    cache.set(rules.key, hit);
  }
  return hit;
}

function edgeName(l: Loaded, e: number): string {
  return `${vertexName(l.names, l.sticks.from[e]!)}-${vertexName(l.names, l.sticks.to[e]!)}`;
}

/** The sticks standing in a picture (a copy of the file's when some are cut). */
function standing(l: Loaded, p: Picture): Sticks {
  if (!p.alive) return l.sticks;
  const keep = [...p.alive.keys()].filter((e) => p.alive![e]);
  return {
    n: l.sticks.n,
    from: Int32Array.from(keep, (e) => l.sticks.from[e]!),
    to: Int32Array.from(keep, (e) => l.sticks.to[e]!),
  };
}

function value(rules: HackenbushRules, p: Picture): number {
  return hackenbushValue(load(rules).sticks, p.ground, p.alive ?? undefined);
}

function list(items: readonly string[], most: number): string {
  return items.length <= most ? items.join(', ') : `${items.slice(0, most).join(', ')} and ${items.length - most} more`;
}

/**
 * Green Hackenbush (Winning Ways, ch. 7) on the edges of a graph file (every format graph: reads;
 * repeated edges and loops allowed): a move cuts one edge, and what no longer reaches the ground
 * falls. A position names the ground vertex, hackenbush:tree.txt@1, or several, @[1,7]. Values by
 * the fusion and colon principles (src/graph/hackenbush.ts), no table.
 */
export const hackenbush = defineFamily<HackenbushRules>({
  id: 'hackenbush',
  kind: 'theorem',
  syntax: ['hackenbush:FILE'],
  prefixes: ['hackenbush'],
  readsFiles: true,
  parse(body, spec, { cwd }) {
    const { path, format, sha256, shown } = graphFileSpec(body, spec, cwd);
    const key = `hackenbush:${shown}${basename(path)}#${sha256.slice(0, 16)}`;
    return { family: 'hackenbush', key, path, format, sha256 } satisfies HackenbushRules;
  },
  describe: (rules) => `Green Hackenbush on the edges of ${rules.path}`,
  theorem: {
    statement: () =>
      'fusion: a cycle fuses to one vertex, its edges loops (twigs of value 1); colon: a vertex is worth the ' +
      'nim-sum of (value + 1) over its branches (Winning Ways, ch. 7)',
    positionHelp: 'the ground vertex as the file names it, or several in brackets: hackenbush:g.txt@1 or @[1,7]',
    read(rules, token) {
      const l = load(rules);
      const text = token.trim();
      const names = /^\[.*\]$/s.test(text)
        ? text
            .slice(1, -1)
            .split(/[\s,]+/)
            .filter((s) => s !== '')
        : [text];
      if (names.length === 0) throw new UsageError(`'${text}' names no ground vertex; write e.g. ${rules.key}@1`);
      const ground = names.map((name) => {
        const id = findVertex(l.names, l.sticks.n, name);
        if (id === undefined) {
          throw new UsageError(
            `vertex '${name}' is not in ${rules.path}; name the ground vertex as the file writes it`,
          );
        }
        return id;
      });
      return { ground, alive: null } satisfies Picture;
    },
    format(rules, position) {
      const p = position as Picture;
      const l = load(rules);
      const g = p.ground.map((v) => vertexName(l.names, v));
      const cut = p.alive ? [...p.alive.keys()].filter((e) => !p.alive![e]).map((e) => edgeName(l, e)) : [];
      return `${g.length === 1 ? g[0] : `[${g.join(',')}]`}${cut.length ? ` without ${list(cut, 4)}` : ''}`;
    },
    value: (rules, p) => BigInt(value(rules, p as Picture)),
    outcome: (rules, p) => (value(rules, p as Picture) === 0 ? 'P' : 'N'),
    *moves(rules, position, target, limit) {
      const p = position as Picture;
      const l = load(rules);
      if (target > 0x7fffffffn) return;
      const alive = p.alive ?? new Uint8Array(l.sticks.from.length).fill(1);
      // The search runs over the standing sticks; map its edge numbers back to the file's.
      const ids = [...alive.keys()].filter((e) => alive[e]);
      for (const i of hackenbushMovesTo(standing(l, p), p.ground, Number(target), limit)) {
        const e = ids[i]!;
        const next = Uint8Array.from(alive);
        next[e] = 0;
        yield {
          move: `cut edge ${edgeName(l, e)}`,
          to: { ground: p.ground, alive: next },
        } satisfies TheoremMove;
      }
    },
    parts(rules, position) {
      const p = position as Picture;
      const l = load(rules);
      const sticks = standing(l, p);
      const ids = p.alive ? [...p.alive.keys()].filter((e) => p.alive![e]) : null;
      return hackenbushPieces(sticks, p.ground).map((edges) => {
        const alive = new Uint8Array(sticks.from.length);
        for (const e of edges) alive[e] = 1;
        const names = edges.map((e) => edgeName(l, ids ? ids[e]! : e));
        return { label: `edges ${list(names, 4)}`, value: BigInt(hackenbushValue(sticks, p.ground, alive)) };
      });
    },
    mainInput: 'N M, then M lines "u v" (vertices 1..N; repeats and loops allowed); vertex 1 is the ground',
    code: (_rules, language, main) => hackenbushProgram(language, main),
  },
});
