import { closeSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { UsageError } from '../errors.js';
import { buildGraph, type Graph } from './csr.js';
import type { VertexNames } from './names.js';
import { jsonParser } from './parse-json.js';
import { countedParser, edgeListParser, type LineParser, type ParsedEdges } from './parse-text.js';
import { sha256Hash } from '../sha256.js';

/** edges: "u v" lines; json: {"vertices", "edges"}; counted: the C reference's "n m" header form. */
export type GraphFormat = 'edges' | 'json' | 'counted';

export interface ParsedGraph {
  readonly graph: Graph;
  readonly names: VertexNames;
  readonly format: GraphFormat;
  /** sha256 (hex) of the file's bytes: with the format, the canonical key of the game. */
  readonly sha256: string;
  readonly bytes: number;
}

const CHUNK = 1 << 20;

/** A .json file is JSON; anything else is an edge list unless the format is given. */
export function formatFor(path: string): GraphFormat {
  return path.toLowerCase().endsWith('.json') ? 'json' : 'edges';
}

/**
 * Reads a graph file in 1 MiB chunks: the parser sees whole lines, the partial last line of a
 * chunk moves to the front of the buffer for the next read, and the hash sees every byte once.
 * Memory: 8 bytes per edge while parsing, then the two CSR directions (8 bytes per edge).
 */
export function readGraphFile(path: string, format: GraphFormat = formatFor(path)): ParsedGraph {
  const { parsed, sha256, bytes } = readGraphEdges(path, format);
  return { graph: buildGraph(parsed.n, parsed.edges), names: parsed.names, format, sha256, bytes };
}

/** The parse alone (edges in file order, not yet CSR): readGraphFile's first half, timed apart in bench/. */
export function readGraphEdges(
  path: string,
  format: GraphFormat = formatFor(path),
): { parsed: ParsedEdges; sha256: string; bytes: number } {
  const file = basename(path);
  const parser: LineParser =
    format === 'json' ? jsonParser(file) : format === 'counted' ? countedParser(file) : edgeListParser(file);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? String(e);
    throw new UsageError(`cannot read ${path}: ${code}; give a readable file`);
  }
  const hash = sha256Hash();
  let buf = Buffer.allocUnsafe(CHUNK);
  let carry = 0; // bytes of a partial line at the front of buf
  let line = 1; // number of the line that starts at buf[0]
  let bytes = 0;
  try {
    for (;;) {
      if (carry === buf.length) {
        // One line longer than the buffer: grow it (rare; lines are short).
        const grown = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(grown, 0, 0, carry);
        buf = grown;
      }
      let got: number;
      try {
        got = readSync(fd, buf, carry, buf.length - carry, null);
      } catch (e) {
        throw new UsageError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
      }
      if (got === 0) break;
      hash.update(buf.subarray(carry, carry + got));
      bytes += got;
      const end = carry + got;
      const lastNl = buf.lastIndexOf(10, end - 1);
      if (lastNl < 0) {
        carry = end;
        continue;
      }
      parser.feed(buf, 0, lastNl + 1, line);
      line += countNewlines(buf, 0, lastNl + 1);
      buf.copy(buf, 0, lastNl + 1, end);
      carry = end - lastNl - 1;
    }
    if (carry > 0) parser.feed(buf, 0, carry, line);
  } finally {
    closeSync(fd);
  }
  if (bytes === 0) throw new UsageError(`${file} is empty: give at least one vertex (a line 'u' or 'u v')`);
  const parsed = parser.finish(carry > 0 ? line : line - 1);
  if (parsed.n === 0) throw new UsageError(`${file} has no vertices (only comments or blank lines)`);
  return { parsed, sha256: hash.digest('hex'), bytes };
}

function countNewlines(buf: Buffer, start: number, end: number): number {
  let k = 0;
  for (let i = buf.indexOf(10, start); i >= 0 && i < end; i = buf.indexOf(10, i + 1)) k++;
  return k;
}
