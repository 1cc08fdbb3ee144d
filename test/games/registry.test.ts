import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compute } from '../../src/api/compute.js';
import { buildGraph, options as graphOptions } from '../../src/graph/csr.js';
import { EdgeBuffer } from '../../src/graph/edges.js';
import { boardHeapMembers } from '../../src/games/board-common.js';
import { defineFamily, type BoardSupport } from '../../src/games/family.js';
import { loadBoard } from '../../src/store/boards.js';
import { loadGraphTable } from '../../src/store/graph-tables.js';
import { Store } from '../../src/store/store.js';
import { tempDir } from '../helpers/cli.js';
import {
  describeRules,
  familyOf,
  parseRules,
  plainKernel,
  registerFamily,
  specHelp,
  periodDetector,
} from '../../src/games/registry.js';
import { customKernel } from '../../src/kernels/custom.js';
import { plainValues } from '../../src/kernels/values.js';
import { GameValues } from '../../src/play/game-values.js';
import { findMoves } from '../../src/play/moves.js';
import type { Rules } from '../../src/rules/types.js';

/**
 * A toy family, defined here and not in src: "halving k" — remove 1 to k tokens, or halve an
 * even heap. Everything the engine needs comes from this one object and its registration.
 */
interface HalvingRules extends Rules {
  readonly family: 'halving';
  readonly k: number;
}

function* halvingOptions(rules: HalvingRules, n: number): Generator<readonly number[]> {
  for (let s = 1; s <= Math.min(rules.k, n); s++) yield s === n ? [] : [n - s];
  if (n >= 2 && n % 2 === 0) yield [n / 2];
}

const halving = defineFamily<HalvingRules>({
  id: 'halving',
  kind: 'heap',
  syntax: ['halving:K'],
  prefixes: ['halving'],
  parse: (body) => ({ family: 'halving', key: `halving:${Number(body)}`, k: Number(body) }) satisfies HalvingRules,
  describe: (rules) => `remove 1 to ${rules.k} tokens, or halve an even heap`,
  options: halvingOptions,
  cost: (rules) => rules.k + 1,
  plain: (rules) => customKernel((n) => halvingOptions(rules, n), rules.key),
  criterion: () => null,
  *moves({ rules, values, n, target }) {
    for (const option of halvingOptions(rules, Number(n))) {
      const v = option.reduce((x, h) => x ^ Number(values.value(BigInt(h))), 0);
      if (BigInt(v) === target)
        yield {
          move: `move to ${option.join(' + ') || 'nothing'}`,
          remove: 0n,
          leaves: option.map(BigInt),
          values: [BigInt(v)],
        };
    }
  },
});

/**
 * A toy game graph, defined here: "ladder n", vertices 0..n-1 where vertex v moves to v - 1 and
 * v - 2 (those that exist). Loaded whole, written as vertex numbers.
 */
interface LadderRules extends Rules {
  readonly family: 'ladder';
  readonly n: number;
}

function ladderGraph(n: number) {
  const edges = new EdgeBuffer();
  for (let v = 0; v < n; v++) for (const w of [v - 1, v - 2]) if (w >= 0) edges.push(v, w);
  return buildGraph(n, edges);
}

const ladder = defineFamily<LadderRules>({
  id: 'ladder',
  kind: 'graph',
  syntax: ['ladder:N'],
  prefixes: ['ladder'],
  parse: (body) => ({ family: 'ladder', key: `ladder:${Number(body)}`, n: Number(body) }) satisfies LadderRules,
  describe: (rules) => `a ladder of ${rules.n} rungs, one or two steps down`,
  *options(rules, v) {
    for (const w of graphOptions(ladderGraph(rules.n), v)) yield [w];
  },
  cost: () => 2,
  criterion: () => null,
  moves: () => [],
  explicit: {
    load: (rules) => ({
      graph: ladderGraph(rules.n),
      names: { kind: 'range' },
      source: { format: 'ladder', sha256: String(rules.n), bytes: 0 },
    }),
    codec: (_names, n) => ({ parse: (token) => Math.min(Number(token), n - 1), format: (v) => String(v) }),
  },
});

/**
 * A toy board game, defined here: "steps", a token on (x, y) moves one cell left or one cell
 * down. Its table is the mex over those options, cell by cell.
 */
interface StepsRules extends Rules {
  readonly family: 'steps';
}

const stepsBoard: BoardSupport<StepsRules> = {
  fixedSize: () => null,
  *options(_rules, x, y) {
    if (x > 0) yield [[x - 1, y]];
    if (y > 0) yield [[x, y - 1]];
  },
  table(_rules, n) {
    const values = new Uint8Array(n * n);
    for (let x = 0; x < n; x++) {
      for (let y = 0; y < n; y++) {
        const seen = new Set<number>();
        if (x > 0) seen.add(values[(x - 1) * n + y]!);
        if (y > 0) seen.add(values[x * n + y - 1]!);
        let m = 0;
        while (seen.has(m)) m++;
        values[x * n + y] = m;
      }
    }
    return { n, values };
  },
  light: () => true,
  describeMove: (_rules, _from, to) => `move to ${to.map(([a, b]) => `(${a}, ${b})`).join(' + ')}`,
};

const steps = defineFamily<StepsRules>({
  id: 'steps',
  kind: 'board',
  syntax: ['steps'],
  names: ['steps'],
  parse: () => ({ family: 'steps', key: 'steps' }) satisfies StepsRules,
  describe: () => 'one step left or down',
  ...boardHeapMembers(stepsBoard),
  board: stepsBoard,
});

/** The slow, obvious values: mex over the options, straight from the rule. */
function naive(k: number, N: number): number[] {
  const g: number[] = [];
  for (let n = 0; n < N; n++) {
    const seen = new Set<number>();
    for (let s = 1; s <= Math.min(k, n); s++) seen.add(g[n - s]!);
    if (n >= 2 && n % 2 === 0) seen.add(g[n / 2]!);
    let m = 0;
    while (seen.has(m)) m++;
    g.push(m);
  }
  return g;
}

describe('the game-family registry', () => {
  registerFamily(halving);
  registerFamily(ladder);
  registerFamily(steps);
  const { dir, cleanup } = tempDir();
  const db = join(dir, 'toys.db');
  afterAll(cleanup);

  it('a family defined in one file is parsed, described and listed once registered', () => {
    const rules = parseRules('halving:3');
    expect(rules).toEqual({ family: 'halving', key: 'halving:3', k: 3 });
    expect(familyOf(rules)).toBe(halving);
    expect(describeRules(rules)).toBe('remove 1 to 3 tokens, or halve an even heap');
    expect(specHelp()).toContain('halving:K');
  });

  it('lists each spelling once in help, though two families accept 2d:queen', () => {
    const forms = specHelp().split(' | ');
    expect(forms).toContain('2d:queen');
    expect(new Set(forms).size).toBe(forms.length);
  });

  it("computes the toy family's table with its kernel, equal to the naive mex", () => {
    const rules = parseRules('halving:3');
    const g = plainValues(8, 400);
    plainKernel(rules).run(g, 0, 200, 0);
    plainKernel(rules).run(g, 200, 400, Math.max(...g.subarray(0, 200)));
    expect(Array.from(g)).toEqual(naive(3, 400));
  });

  it('periodicity and moves go through the family, not around it', () => {
    const rules = parseRules('halving:2');
    const g = plainValues(8, 300);
    plainKernel(rules).run(g, 0, 300, 0);
    expect(periodDetector(rules).criterion).toBeNull();
    const values = new GameValues(rules, g, null);
    const n = 17n;
    const wins = findMoves(values, n, 0n, { limit: 10 });
    for (const move of wins.moves) expect(move.values.reduce((a, b) => a ^ b, 0n)).toBe(0n);
    expect(wins.moves.length > 0).toBe(g[17] !== 0);
  });

  it('refuses a second family claiming a taken prefix or id', () => {
    expect(() => registerFamily({ ...halving, id: 'halving2' })).toThrow(/'halving' already belongs to 'halving'/);
    expect(() => registerFamily({ ...halving, id: 'halving3', prefixes: ['sub'] })).toThrow(
      /'sub' already belongs to 'sub'/,
    );
  });

  it('a toy game graph defined in one file is computed whole through the API, each vertex by hand', async () => {
    const summary = await compute('ladder:7', { db, workers: 1 });
    expect(summary.kind).toBe('graph');
    // Two steps down, one or two at a time: g(v) = v mod 3, so vertices 0, 3 and 6 are P.
    expect(summary.graph).toMatchObject({ vertices: 7, edges: 11, infinite: 0, acyclic: true });
    expect(summary.graph?.outcomes).toEqual({ P: 3, N: 4, D: 0 });
    await expect(compute('ladder:7', { db, to: 10 })).rejects.toThrow(/is a game graph: .*drop --to/);
    const store = Store.openForRead(db)!;
    try {
      const table = loadGraphTable(store, store.getGame('ladder:7')!)!;
      expect(Array.from(table.values.values.subarray(0, 7))).toEqual([0, 1, 2, 0, 1, 2, 0]);
    } finally {
      store.close();
    }
  });

  it('a toy board game defined in one file is computed through the API, g(x, y) = (x + y) mod 2', async () => {
    const summary = await compute('steps', { db, size: 9 });
    expect(summary).toMatchObject({ kind: 'board', board: { size: 9 }, computed: 81, maxValue: 1 });
    await expect(compute('steps', { db, to: 10 })).rejects.toThrow(/two-dimensional game: give --size/);
    await expect(compute('halving:3', { db, size: 9 })).rejects.toThrow(/--size .* is not one/);
    const store = Store.openForRead(db)!;
    try {
      const board = loadBoard(store, store.getGame('steps')!)!;
      for (let x = 0; x < 9; x++) for (let y = 0; y < 9; y++) expect(board.values[x * 9 + y]).toBe((x + y) % 2);
    } finally {
      store.close();
    }
  });
});
