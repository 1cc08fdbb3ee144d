import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSpec } from '../../src/errors.js';
import { compute } from '../../src/index.js';
import { buildServer } from '../../src/serve/app.js';

/** The web API over boards (wythoff, 2d:king) and game graphs: cells as cells, a heat map, never a 500. */
let dir: string;
let app: FastifyInstance;
let graphKey: string;

async function get(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

let db: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'grundy-serve-boards-'));
  db = join(dir, 'boards.db');
  await compute('wythoff', { db, size: 16, workers: 1 });
  await compute('2d:king', { db, size: 8, workers: 1 });
  const graph = join(dir, 'g.txt');
  writeFileSync(graph, 'a b\nb c\n');
  graphKey = (await compute(`graph:${graph}`, { db, workers: 1 })).game;
  app = buildServer({ db });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('grundy serve API on boards', () => {
  it('/api/eval writes the cells of a board and of its winning move', async () => {
    const e = await get(`/api/eval?position=${encodeURIComponent('wythoff@3,6')}`);
    expect(e.status).toBe(200);
    expect(e.body.components).toEqual([{ spec: 'wythoff', game: 'wythoff', cells: [[3, 6]], values: [1] }]);
    const [move] = e.body.moves as Record<string, unknown>[];
    expect(move?.from).toEqual([3, 6]);
    expect(move?.leaves).toEqual([[3, 5]]);
  });

  it('/api/plot draws a board as a heat map of g(x, y): one rect a cell', async () => {
    for (const [game, side] of [
      ['wythoff', 16],
      ['2d:king', 8],
    ] as const) {
      const r = await get(`/api/plot?game=${encodeURIComponent(game)}&width=900`);
      expect(r.status, game).toBe(200);
      const data = r.body.data as { kind: string; side: number; cells: { x: number; y: number; v: number }[] };
      expect([data.kind, data.side, data.cells.length]).toEqual(['board', side, side * side]);
      const marks = (r.body.spec as { marks: { type: string }[] }).marks;
      expect(marks.map((m) => m.type)).toEqual(['rect']);
    }
    const wythoff = (await get('/api/plot?game=wythoff&hi=6')).body.data as {
      cells: { x: number; y: number; v: number }[];
    };
    expect(wythoff.cells.filter((c) => c.v === 0).map((c) => [c.x, c.y])).toEqual([
      [0, 0],
      [1, 2],
      [2, 1],
      [3, 5],
      [5, 3],
    ]);
    const beyond = await get('/api/plot?game=wythoff&hi=100');
    expect(beyond.status).toBe(404);
    // The server was given its store: the command names it, in full.
    const store = quoteSpec(resolve(db));
    expect(String(beyond.body.error)).toBe(
      `only g(x, y) for x, y < 16 of wythoff are stored; run: grundy compute wythoff --size 100 --db ${store}`,
    );
  });

  it('/api/values refuses boards and graphs; a graph plots as a histogram; /api/query answers a cell', async () => {
    for (const url of [
      '/api/values?game=wythoff&lo=0&hi=10',
      `/api/values?game=${encodeURIComponent('2d:king')}&lo=0&hi=10`,
      `/api/values?game=${encodeURIComponent(graphKey)}&lo=0&hi=2`,
      `/api/query?game=${encodeURIComponent(graphKey)}&n=1`,
    ]) {
      const r = await get(url);
      expect(r.status, url).toBe(400);
      expect(String(r.body.error), url).toMatch(/^\S+ is a (two-dimensional game|game graph): /);
      expect(String(r.body.error)).not.toMatch(/\n|internal|hole/);
    }
    const histogram = await get(`/api/plot?game=${encodeURIComponent(graphKey)}`);
    expect(histogram.status).toBe(200);
    expect((histogram.body.data as { bars: unknown[] }).bars).toEqual([
      { label: '0', outcome: 'P', count: 2 },
      { label: '1', outcome: 'N', count: 1 },
    ]);
    const cell = await get('/api/query?game=wythoff&n=3,5');
    expect(cell.status).toBe(200);
    expect(cell.body.values).toEqual([{ x: 3, y: 5, value: 0, outcome: 'P', source: 'table' }]);
    const games = (await get('/api/games')).body.games as { key: string; kind: string }[];
    expect(Object.fromEntries(games.map((g) => [g.key, g.kind]))).toEqual({
      wythoff: 'board',
      '2d:king': 'board',
      [graphKey]: 'graph',
    });
  });
});
