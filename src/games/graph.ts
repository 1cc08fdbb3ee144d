import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { options as graphOptions } from '../graph/csr.js';
import { findVertex, vertexName, type VertexNames } from '../graph/names.js';
import { formatFor, readGraphFile, type GraphFormat } from '../graph/read.js';
import type { HeapMove } from './heap-moves.js';
import type { GraphRules } from '../rules/types.js';
import { defineFamily, type ExplicitGraph, type PositionCodec } from './family.js';
import { sha256Hash } from '../sha256.js';

const FORMATS: readonly GraphFormat[] = ['edges', 'json', 'counted'];

/**
 * A game on an explicit directed graph read from a file (docs/graphs.md): a token on vertex u
 * may move along any edge u -> v. Cycles are allowed; the table holds the generalized
 * Sprague-Grundy value of every vertex (finite, or infinity(K)) and is computed whole.
 */
export const graph = defineFamily<GraphRules>({
  id: 'graph',
  kind: 'graph',
  syntax: ['graph:FILE'],
  prefixes: ['graph'],
  // The spec names a file: a server serves such games only once stored, by key.
  readsFiles: true,
  parse(body, spec, { cwd }) {
    const { path, format, sha256, shown } = graphFileSpec(body, spec, cwd);
    // The key carries the content hash: an edited file is a different game, a new table.
    const key = `graph:${shown}${basename(path)}#${sha256.slice(0, 16)}`;
    return { family: 'graph', key, path, format, sha256 };
  },
  describe: (rules) => `game on the ${rules.format === 'json' ? 'JSON ' : ''}graph ${rules.path}`,
  *options(rules, n) {
    for (const w of graphOptions(loaded(rules).graph, n)) yield [w];
  },
  cost: (rules, n) => {
    const g = loaded(rules).graph;
    return g.outOffsets[n + 1]! - g.outOffsets[n]!;
  },
  // No periodicity: a graph is finite and computed whole.
  criterion: () => null,
  *moves({ rules, values, n, target }): Iterable<HeapMove> {
    const { graph: g, names } = loaded(rules);
    for (const w of graphOptions(g, Number(n))) {
      const v = values.value(BigInt(w));
      if (v !== target) continue;
      yield { move: `move to ${vertexName(names, w)}`, remove: 0n, leaves: [BigInt(w)], values: [v] };
    }
  },
  explicit: {
    // A fresh read each time: compute and eval read the file once, and a large graph should
    // not stay cached in a long-lived process.
    load: (rules) => readChecked(rules),
    codec: (names, n, game) => vertexCodec(names, n, game),
  },
});

/**
 * The file a graph spec names, 'g.txt' or 'counted:g.txt' (an explicit format leads the path),
 * with its format and content hash; `shown` is the format as the key writes it ('counted:' or '').
 */
export function graphFileSpec(
  body: string,
  spec: string,
  cwd: string,
): { path: string; format: GraphFormat; sha256: string; shown: string } {
  // An explicit format may lead the path: graph:counted:g.txt (the C reference's "n m" form).
  let format: GraphFormat | null = null;
  const colon = body.indexOf(':');
  if (colon > 0 && (FORMATS as readonly string[]).includes(body.slice(0, colon))) {
    format = body.slice(0, colon) as GraphFormat;
    body = body.slice(colon + 1);
  }
  const prefix = spec.slice(0, spec.indexOf(':'));
  if (body === '') {
    throw new UsageError(
      `'${spec}' names no file; write ${prefix}:path/to/graph.txt (an edge list) or ${prefix}:g.json`,
    );
  }
  const path = resolve(cwd, body);
  const sha256 = hashFile(path);
  return { path, format: format ?? formatFor(path), sha256, shown: format ? `${format}:` : '' };
}

/** The graph of the rules, read once per process and checked against the hash in the key. */
const cache = new Map<string, ExplicitGraph>();

/** The graph a file spec names, read now and checked against the hash its rules carry. */
export function readChecked(rules: Pick<GraphRules, 'path' | 'format' | 'sha256'>): ExplicitGraph {
  const parsed = readGraphFile(rules.path, rules.format);
  if (parsed.sha256 !== rules.sha256) {
    throw new UsageError(`${rules.path} changed since its spec was read; run the command again`);
  }
  const source = { format: parsed.format, sha256: parsed.sha256, bytes: parsed.bytes };
  return { graph: parsed.graph, names: parsed.names, source };
}

/** For options, cost and moves (called per position): the graph, read once per process. */
function loaded(rules: GraphRules): ExplicitGraph {
  let hit = cache.get(rules.key);
  if (!hit) {
    hit = readChecked(rules);
    cache.clear(); // one graph at a time: they may be large
    cache.set(rules.key, hit);
  }
  return hit;
}

/** Vertex names as the file gives them <-> vertex ids (first-appearance order). */
export function vertexCodec(names: VertexNames, n: number, game: string): PositionCodec {
  // A name -> id map for string names, built on first use (findVertex alone scans).
  let byName: Map<string, number> | null = null;
  return {
    parse(token) {
      let id: number | undefined;
      if (names.kind === 'strings') {
        if (!byName) byName = new Map(names.strings.map((s, i) => [s, i]));
        id = byName.get(token);
      } else {
        id = findVertex(names, n, token);
      }
      if (id === undefined) {
        throw new UsageError(`vertex '${token}' is not in the graph of ${game}; name a vertex as the file writes it`);
      }
      return id;
    },
    format: (index) => vertexName(names, index),
  };
}

/** sha256 of a file, streamed; a UsageError when it cannot be read. */
function hashFile(path: string): string {
  let fd: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new Error(stat.isDirectory() ? 'EISDIR' : 'not a regular file');
    fd = openSync(path, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new UsageError(`cannot read graph file ${path}: ${code}; give a readable edge list or .json file`);
  }
  const hash = sha256Hash();
  const buf = Buffer.allocUnsafe(1 << 20);
  try {
    for (let got: number; (got = readSync(fd, buf, 0, buf.length, null)) > 0; ) hash.update(buf.subarray(0, got));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}
