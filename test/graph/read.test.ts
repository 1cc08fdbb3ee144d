import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { findVertex, vertexName } from '../../src/graph/names.js';
import { readGraphFile, type GraphFormat, type ParsedGraph } from '../../src/graph/read.js';

const dir = mkdtempSync(join(tmpdir(), 'grundy-graph-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function parse(name: string, text: string, format?: GraphFormat): ParsedGraph {
  const path = join(dir, name);
  writeFileSync(path, text);
  return readGraphFile(path, format);
}

/** Edges as name pairs, in CSR order (by source id, then file order). */
function edgeNames(p: ParsedGraph): string[] {
  const { graph, names } = p;
  const out: string[] = [];
  for (let u = 0; u < graph.n; u++) {
    for (let e = graph.outOffsets[u]!; e < graph.outOffsets[u + 1]!; e++) {
      out.push(`${vertexName(names, u)}>${vertexName(names, graph.outTargets[e]!)}`);
    }
  }
  return out;
}

function allNames(p: ParsedGraph): string[] {
  return Array.from({ length: p.graph.n }, (_, i) => vertexName(p.names, i));
}

function usageError(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error('no error thrown');
}

describe('edge-list format', () => {
  it('comments, blank lines, isolated vertices, self-loops and duplicate edges', () => {
    const p = parse('g.txt', '# a game\n\n0 1   # trailing\n1 2\n\t2 2\n0 1\n3\n2\n1 0\n');
    expect(p.names.kind).toBe('range');
    expect(p.graph.n).toBe(4);
    expect(p.graph.m).toBe(5);
    expect(edgeNames(p)).toEqual(['0>1', '0>1', '1>2', '1>0', '2>2']);
    // the reverse direction holds the same edges
    expect(Array.from(p.graph.inOffsets)).toEqual([0, 1, 3, 5, 5]);
    expect(p.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('integer names that are not 0..n-1 keep first-appearance order, as numbers', () => {
    const p = parse('ints.txt', '10 7\n7 3\n10\n');
    expect(p.names.kind).toBe('ints');
    expect(allNames(p)).toEqual(['10', '7', '3']);
    expect(edgeNames(p)).toEqual(['10>7', '7>3']);
    expect(findVertex(p.names, p.graph.n, '3')).toBe(2);
  });

  it('names (and integers mixed in late) in first-appearance order; 007 is a name, not 7', () => {
    const p = parse('names.txt', '2 0\n0 1\n1 start\nstart 007\n007 7\nwin\r\n');
    expect(p.names.kind).toBe('strings');
    expect(allNames(p)).toEqual(['2', '0', '1', 'start', '007', '7', 'win']);
    expect(edgeNames(p)).toEqual(['2>0', '0>1', '1>start', 'start>007', '007>7']);
    expect(findVertex(p.names, p.graph.n, 'win')).toBe(6);
  });

  it('a huge integer name does not build a huge table', () => {
    const p = parse('huge.txt', '0 2000000000\n');
    expect(allNames(p)).toEqual(['0', '2000000000']);
  });

  it('lines longer than a read chunk and files without a final newline', () => {
    const long = 'v'.repeat(3_000_000);
    const p = parse('long.txt', `a ${long}\n${long} b`);
    expect(p.graph.n).toBe(3);
    expect(p.graph.m).toBe(2);
    const many = Array.from({ length: 300_000 }, (_, i) => `${i + 1} ${i}`).join('\n');
    const q = parse('many.txt', many);
    expect(q.graph.n).toBe(300_001);
    expect(q.graph.m).toBe(300_000);
    expect(q.names.kind).toBe('range');
  });

  it('errors name the file and the line', () => {
    expect(usageError(() => parse('bad.txt', '0 1\n\n# c\n1 2 3\n'))).toBe(
      "bad.txt line 4: expected 'u v' (two vertices), found 3 tokens",
    );
    expect(usageError(() => parse('empty.txt', ''))).toMatch(/^empty\.txt is empty/);
    expect(usageError(() => parse('comments.txt', '# only\n\n'))).toMatch(/^comments\.txt has no vertices/);
    expect(usageError(() => readGraphFile(join(dir, 'missing.txt')))).toMatch(/^cannot read .*missing\.txt: ENOENT/);
    expect(usageError(() => readGraphFile(dir))).toMatch(/^cannot read .*: EISDIR/);
  });
});

describe('JSON format', () => {
  it('numbers and strings, 7 and "7" alike, duplicate edges and self-loops', () => {
    const text = '{"vertices": [0, "a", "b\\"q", 7],\n "edges": [[0, "a"], ["a", "a"],\n [0, "a"], ["7", "b\\"q"]]}\n';
    const p = parse('g.json', text);
    expect(allNames(p)).toEqual(['0', 'a', 'b"q', '7']);
    expect(edgeNames(p)).toEqual(['0>a', '0>a', 'a>a', '7>b"q']);
  });

  it('all-integer vertices 0..n-1 keep their numbers', () => {
    const p = parse('r.json', '{"vertices":[2,1,0],"edges":[[2,1],[1,0]]}');
    expect(p.names.kind).toBe('range');
    expect(edgeNames(p)).toEqual(['1>0', '2>1']);
  });

  it('errors with their line numbers', () => {
    expect(usageError(() => parse('u.json', '{"vertices": [0, 1],\n"edges": [[0, 2]]}'))).toBe(
      'u.json line 2: edge names vertex 2, which is not in "vertices"',
    );
    expect(usageError(() => parse('o.json', '{"edges": [], "vertices": []}'))).toMatch(
      /^o\.json line 1: "vertices" must come before "edges"/,
    );
    expect(usageError(() => parse('t.json', '{"vertices": [0, 1],\n\n"edges": [[0, 1, 1]]}'))).toBe(
      "t.json line 3: expected ']' (an edge is [u, v], two vertices), found ','",
    );
    expect(usageError(() => parse('d.json', '{"vertices": [0, 0]}'))).toBe('d.json line 1: vertex 0 listed twice');
    expect(usageError(() => parse('n.json', '{"vertices": [1.5]}'))).toMatch(
      /^n\.json line 1: a vertex must be a string or a non-negative/,
    );
    expect(usageError(() => parse('k.json', '{"vertexes": []}'))).toMatch(/^k\.json line 1: unknown key "vertexes"/);
    expect(usageError(() => parse('c.json', '{"vertices": [0]\n'))).toBe(
      'c.json line 1: the JSON object is not closed',
    );
    expect(usageError(() => parse('x.json', '{"vertices": [0]} 1'))).toMatch(/^x\.json line 1: unexpected '1' after/);
    expect(usageError(() => parse('e.json', '{"vertices": []}'))).toMatch(/^e\.json has no vertices/);
  });
});

describe('counted format (the C reference: header "n m")', () => {
  it('vertices 0..n-1 including ones no edge names', () => {
    const p = parse('c.txt', '5 3\n1 0\n\n4 1\n1 1\n', 'counted');
    expect(p.graph.n).toBe(5);
    expect(edgeNames(p)).toEqual(['1>0', '1>1', '4>1']);
  });

  it('errors', () => {
    expect(usageError(() => parse('h.txt', '# x\n5\n', 'counted'))).toMatch(
      /^h\.txt line 2: expected the header 'n m'/,
    );
    expect(usageError(() => parse('r.txt', '3 1\n0 3\n', 'counted'))).toBe(
      'r.txt line 2: vertex 3 is not below n = 3 (the header)',
    );
    expect(usageError(() => parse('f.txt', '3 2\n0 1\n', 'counted'))).toBe(
      'f.txt line 2: the header promises m = 2 edges, found 1',
    );
    expect(usageError(() => parse('s.txt', '3 2\n0 -1\n', 'counted'))).toMatch(/^s\.txt line 2: a vertex must be/);
    expect(usageError(() => parse('o.txt', '3 1\n0 1\n1 2\n', 'counted'))).toMatch(/^o\.txt line 3: more than/);
  });
});
