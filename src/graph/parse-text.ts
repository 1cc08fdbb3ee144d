import { UsageError } from '../errors.js';
import { EdgeBuffer } from './edges.js';
import type { VertexNames } from './names.js';
import { VertexTable } from './names.js';

const NL = 10;
const CR = 13;
const SP = 32;
const TAB = 9;
const HASH = 35;
const D0 = 48;
const D9 = 57;
/** Canonical integers up to this stay numbers; longer digit strings are names. */
const MAX_INT = 0x7fffffff;

/** What a parser hands back: vertex count, names, edges in file order. */
export interface ParsedEdges {
  readonly n: number;
  readonly names: VertexNames;
  readonly edges: EdgeBuffer;
}

/** A streaming parser fed with whole lines (the reader keeps a partial last line for later). */
export interface LineParser {
  /** buf[start, end) holds whole lines; firstLine is the number of the line starting at start. */
  feed(buf: Buffer, start: number, end: number, firstLine: number): void;
  finish(lastLine: number): ParsedEdges;
}

function isSpace(c: number): boolean {
  return c === SP || c === TAB || c === CR;
}

/**
 * Scans the lines of buf[start, end), calling line(tokens, lineNo) with up to two token
 * bounds in bounds[0..3] and the total token count. '#' starts a comment anywhere.
 */
function scanLines(
  buf: Buffer,
  start: number,
  end: number,
  firstLine: number,
  bounds: Int32Array,
  line: (count: number, lineNo: number) => void,
): void {
  let i = start;
  let lineNo = firstLine;
  while (i < end) {
    let count = 0;
    let c = buf[i]!;
    while (c !== NL) {
      if (isSpace(c)) {
        if (++i >= end) break;
        c = buf[i]!;
        continue;
      }
      if (c === HASH) {
        while (i < end && buf[i] !== NL) i++;
        break;
      }
      const s = i;
      while (i < end) {
        c = buf[i]!;
        if (c === NL || c === HASH || isSpace(c)) break;
        i++;
      }
      if (count < 2) {
        bounds[2 * count] = s;
        bounds[2 * count + 1] = i;
      }
      count++;
      if (i >= end) break;
    }
    if (count > 0) line(count, lineNo);
    i++; // past the newline (or end)
    lineNo++;
  }
}

/** The value of a canonical non-negative integer token ("0" or no leading zero), or -1. */
function intToken(buf: Buffer, s: number, e: number): number {
  const first = buf[s]!;
  if (first === D0) return e - s === 1 ? 0 : -1;
  if (e - s > 10) return -1;
  let x = 0;
  for (let i = s; i < e; i++) {
    const c = buf[i]!;
    if (c < D0 || c > D9) return -1;
    x = x * 10 + (c - D0);
  }
  return x <= MAX_INT ? x : -1;
}

/**
 * The edge-list format: a line "u v" is a move from u to v, a line "u" declares a vertex;
 * names are any tokens without whitespace or '#'. Vertices are numbered in order of first
 * appearance, except that names exactly 0..n-1 keep their own numbers.
 */
export function edgeListParser(file: string): LineParser {
  const edges = new EdgeBuffer();
  const table = new VertexTable((rawToId) => edges.remap(rawToId));
  const bounds = new Int32Array(4);
  let buf: Buffer = Buffer.alloc(0);
  const vertex = (k: number): number => {
    const s = bounds[2 * k]!;
    const e = bounds[2 * k + 1]!;
    if (table.integerMode) {
      const x = intToken(buf, s, e);
      if (x >= 0) return table.int(x);
    }
    return table.name(buf.toString('utf8', s, e));
  };
  const line = (count: number, lineNo: number): void => {
    if (count > 2) {
      throw new UsageError(`${file} line ${lineNo}: expected 'u v' (two vertices), found ${count} tokens`);
    }
    let u = vertex(0);
    if (count === 2) {
      const rawU = table.integerMode;
      const v = vertex(1);
      // Interning v may have left integer mode, after u was kept as a raw integer: re-intern u.
      if (rawU && !table.integerMode) u = table.name(buf.toString('utf8', bounds[0]!, bounds[1]!));
      edges.push(u, v);
    }
  };
  return {
    feed(b, start, end, firstLine) {
      buf = b;
      scanLines(b, start, end, firstLine, bounds, line);
    },
    finish() {
      const names = table.finish((rawToId) => edges.remap(rawToId));
      return { n: table.count, names, edges };
    },
  };
}

/**
 * The C reference's counted format (graph:counted): a header line "n m", then exactly m lines
 * "u v" with 0 <= u, v < n. Vertices are 0..n-1 whether or not an edge names them.
 */
export function countedParser(file: string): LineParser {
  const edges = new EdgeBuffer();
  const bounds = new Int32Array(4);
  let n = -1;
  let m = -1;
  let buf: Buffer = Buffer.alloc(0);
  const number = (k: number, lineNo: number, what: string): number => {
    const s = bounds[2 * k]!;
    const e = bounds[2 * k + 1]!;
    let x = 0;
    for (let i = s; i < e; i++) {
      const c = buf[i]!;
      if (c < D0 || c > D9 || x > MAX_INT) x = -1;
      if (x < 0) break;
      x = x * 10 + (c - D0);
    }
    if (x < 0 || x > MAX_INT) {
      const tok = buf.toString('utf8', s, e);
      throw new UsageError(`${file} line ${lineNo}: ${what} must be a non-negative integer below 2^31, found '${tok}'`);
    }
    return x;
  };
  const line = (count: number, lineNo: number): void => {
    if (n < 0) {
      if (count !== 2) {
        throw new UsageError(
          `${file} line ${lineNo}: expected the header 'n m' (vertex and edge counts), ` +
            `found ${count} token${count === 1 ? '' : 's'}`,
        );
      }
      n = number(0, lineNo, 'n');
      m = number(1, lineNo, 'm');
      return;
    }
    if (count !== 2) {
      throw new UsageError(
        `${file} line ${lineNo}: expected 'u v' (two vertex numbers), found ${count} token` +
          `${count === 1 ? '' : 's'}`,
      );
    }
    const u = number(0, lineNo, 'a vertex');
    const v = number(1, lineNo, 'a vertex');
    if (u >= n || v >= n) {
      throw new UsageError(`${file} line ${lineNo}: vertex ${u >= n ? u : v} is not below n = ${n} (the header)`);
    }
    if (edges.length === m) throw new UsageError(`${file} line ${lineNo}: more than the m = ${m} edges of the header`);
    edges.push(u, v);
  };
  return {
    feed(b, start, end, firstLine) {
      buf = b;
      scanLines(b, start, end, firstLine, bounds, line);
    },
    finish(lastLine) {
      if (n < 0) throw new UsageError(`${file}: empty, expected the header 'n m' then m lines 'u v'`);
      if (edges.length !== m) {
        throw new UsageError(`${file} line ${lastLine}: the header promises m = ${m} edges, found ${edges.length}`);
      }
      return { n, names: { kind: 'range' }, edges };
    },
  };
}
