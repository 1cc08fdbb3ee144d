import { UsageError } from '../errors.js';
import { EdgeBuffer } from './edges.js';
import { VertexTable } from './names.js';
import type { LineParser } from './parse-text.js';

/*
 * The JSON format {"vertices": [...], "edges": [[u, v], ...]}, parsed as a stream of bytes
 * (a JSON string never holds a raw newline, so whole-line chunks never cut a token).
 * "vertices" must come before "edges" (so that vertex ids follow the list order in one pass);
 * a vertex is a string or a non-negative integer, and 7 and "7" name the same vertex; an edge
 * naming a vertex that is not listed is refused (a typo would otherwise add a terminal vertex
 * silently, changing values without a word).
 */

enum S {
  Start,
  KeyOrClose,
  Colon,
  ListOpen,
  ItemOrClose,
  Item,
  AfterItem,
  EdgeFirst,
  EdgeComma,
  EdgeSecond,
  EdgeClose,
  AfterMember,
  Key,
  End,
}

type Scalar = { int: number } | { str: string };

export function jsonParser(file: string): LineParser {
  const edges = new EdgeBuffer();
  const table = new VertexTable((rawToId) => edges.remap(rawToId));
  let state: S = S.Start;
  let key: 'vertices' | 'edges' | null = null;
  let sawVertices = false;
  let sawEdges = false;
  let first: Scalar | null = null;
  let lineNo = 1;

  const fail = (msg: string): never => {
    throw new UsageError(`${file} line ${lineNo}: ${msg}`);
  };
  const describe = (x: Scalar): string => ('int' in x ? String(x.int) : JSON.stringify(x.str));
  const intern = (x: Scalar): number => ('int' in x ? table.int(x.int) : table.name(x.str));
  const known = (x: Scalar): boolean => ('int' in x ? table.hasInt(x.int) : table.hasName(x.str));
  const expectGot = (what: string, c: number): never =>
    fail(`expected ${what}, found ${c === undefined ? 'end of line' : `'${String.fromCharCode(c)}'`}`);

  /** Reads a string or number token at buf[i]; returns [value, index after it]. */
  const scalar = (buf: Buffer, i: number, end: number): [Scalar, number] => {
    const c = buf[i]!;
    if (c === 34) {
      let j = i + 1;
      let escaped = false;
      while (j < end && buf[j] !== 34) {
        if (buf[j] === 92) {
          escaped = true;
          j++;
        }
        j++;
      }
      if (j >= end) fail('unterminated string');
      const raw = buf.toString('utf8', i + 1, j);
      let str = raw;
      if (escaped) {
        try {
          str = JSON.parse(buf.toString('utf8', i, j + 1)) as string;
        } catch {
          fail(`invalid string ${raw}`);
        }
      }
      return [{ str }, j + 1];
    }
    let j = i;
    while (j < end && /[-+.0-9eE]/.test(String.fromCharCode(buf[j]!))) j++;
    const tok = buf.toString('latin1', i, j);
    if (j === i) expectGot('a vertex (a string or a non-negative integer)', c);
    if (!/^(0|[1-9][0-9]{0,9})$/.test(tok) || Number(tok) > 0x7fffffff) {
      fail(`a vertex must be a string or a non-negative integer below 2^31, found ${tok}`);
    }
    return [{ int: Number(tok) }, j];
  };

  const feed = (buf: Buffer, start: number, end: number, firstLine: number): void => {
    lineNo = firstLine;
    let i = start;
    while (i < end) {
      const c = buf[i]!;
      if (c === 10) {
        lineNo++;
        i++;
        continue;
      }
      if (c === 32 || c === 9 || c === 13) {
        i++;
        continue;
      }
      switch (state) {
        case S.Start:
          if (c !== 123) expectGot('\'{\' (a JSON object with "vertices" and "edges")', c);
          state = S.KeyOrClose;
          i++;
          break;
        case S.KeyOrClose:
        case S.Key: {
          if (c === 125 && state === S.KeyOrClose) {
            state = S.End;
            i++;
            break;
          }
          if (c !== 34) expectGot('a key "vertices" or "edges"', c);
          const [k, j] = scalar(buf, i, end);
          i = j;
          const name = 'str' in k ? k.str : '';
          if (name === 'vertices') {
            if (sawVertices) fail('"vertices" given twice');
            if (sawEdges) fail('"vertices" must come before "edges"');
            sawVertices = true;
          } else if (name === 'edges') {
            if (sawEdges) fail('"edges" given twice');
            if (!sawVertices) fail('"vertices" must come before "edges" (list every vertex first)');
            sawEdges = true;
          } else {
            fail(`unknown key ${describe(k)}: expected "vertices" or "edges"`);
          }
          key = name === 'vertices' ? 'vertices' : 'edges';
          state = S.Colon;
          break;
        }
        case S.Colon:
          if (c !== 58) expectGot("':'", c);
          state = S.ListOpen;
          i++;
          break;
        case S.ListOpen:
          if (c !== 91) expectGot(`'[' (the list of ${key})`, c);
          state = S.ItemOrClose;
          i++;
          break;
        case S.ItemOrClose:
        case S.Item:
          if (c === 93 && state === S.ItemOrClose) {
            state = S.AfterMember;
            i++;
            break;
          }
          if (key === 'vertices') {
            const [x, j] = scalar(buf, i, end);
            if (known(x)) fail(`vertex ${describe(x)} listed twice`);
            intern(x);
            i = j;
            state = S.AfterItem;
          } else {
            if (c !== 91) expectGot("'[' (an edge [u, v])", c);
            state = S.EdgeFirst;
            i++;
          }
          break;
        case S.AfterItem:
          if (c === 44) state = S.Item;
          else if (c === 93) state = S.AfterMember;
          else expectGot("',' or ']'", c);
          i++;
          break;
        case S.EdgeFirst:
        case S.EdgeSecond: {
          const [x, j] = scalar(buf, i, end);
          if (!known(x)) fail(`edge names vertex ${describe(x)}, which is not in "vertices"`);
          i = j;
          if (state === S.EdgeFirst) {
            first = x;
            state = S.EdgeComma;
          } else {
            edges.push(intern(first!), intern(x));
            state = S.EdgeClose;
          }
          break;
        }
        case S.EdgeComma:
          if (c !== 44) expectGot("',' (an edge is [u, v])", c);
          state = S.EdgeSecond;
          i++;
          break;
        case S.EdgeClose:
          if (c !== 93) expectGot("']' (an edge is [u, v], two vertices)", c);
          state = S.AfterItem;
          i++;
          break;
        case S.AfterMember:
          if (c === 44) state = S.Key;
          else if (c === 125) state = S.End;
          else expectGot("',' or '}'", c);
          i++;
          break;
        case S.End:
          fail(`unexpected '${String.fromCharCode(c)}' after the end of the JSON object`);
      }
    }
  };

  return {
    feed,
    finish(lastLine) {
      lineNo = lastLine;
      if (state === S.Start) {
        throw new UsageError(`${file}: empty, expected {"vertices": [...], "edges": [[u, v], ...]}`);
      }
      if (state !== S.End) fail('the JSON object is not closed');
      if (!sawVertices) fail('no "vertices" list');
      const names = table.finish((rawToId) => edges.remap(rawToId));
      return { n: table.count, names, edges };
    },
  };
}
