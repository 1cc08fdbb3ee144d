import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compute } from '../../src/index.js';
import { buildServer } from '../../src/serve/app.js';

/** The web API over boards (wythoff, 2d:king): cells as cells, never a 500. */
let dir: string;
let app: FastifyInstance;

async function get(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'grundy-serve-boards-'));
  const db = join(dir, 'boards.db');
  await compute('wythoff', { db, size: 16, workers: 1 });
  await compute('2d:king', { db, size: 8, workers: 1 });
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
});
