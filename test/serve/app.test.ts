import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compute, query } from '../../src/index.js';
import { buildServer } from '../../src/serve/app.js';

let dir: string;
let db: string;
let app: FastifyInstance;
let moduleKey: string;

async function get(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'grundy-serve-'));
  db = join(dir, 'serve.db');
  await compute('kayles', { db, untilProven: true, workers: 1 });
  const rules = join(dir, 'rules.js');
  writeFileSync(
    rules,
    'export function options(n) { const o = []; for (let k = 1; k <= Math.min(n, 2); k++) o.push([n - k]); ' +
      'return o; }\n',
  );
  moduleKey = (await compute(`module:${rules}`, { db, to: 50, workers: 1 })).game;
  rmSync(rules);
  app = buildServer({ db });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('grundy serve API', () => {
  it('lists tables, values, queries from the period and the plot data', async () => {
    const games = await get('/api/games');
    expect(games.status).toBe(200);
    expect((games.body.games as { key: string }[]).map((g) => g.key).sort()).toEqual([moduleKey, 'octal:0.77'].sort());
    const values = await get('/api/values?game=kayles&lo=0&hi=12');
    expect(values.body.values).toEqual(query('kayles', ['0..11'], { db }).map((a) => Number(a.value)));
    const far = await get('/api/query?game=.77&n=1e30');
    expect(far.body).toEqual({
      game: 'octal:0.77',
      values: [
        { n: `1${'0'.repeat(30)}`, value: Number(query('kayles', ['1e30'], { db })[0]!.value), source: 'certificate' },
      ],
    });
    const plot = await get('/api/plot?game=kayles&lo=0&hi=100&buckets=50');
    expect((plot.body.data as { buckets: unknown[] }).buckets.length).toBeGreaterThan(0);
    expect((plot.body.spec as { marks: unknown[] }).marks.length).toBeGreaterThan(0);
  });

  it('evaluates a position with its winning move, without computing anything', async () => {
    const e = await get(`/api/eval?position=${encodeURIComponent('kayles@10 + nim@1')}`);
    expect(e.status).toBe(200);
    expect(e.body.outcome).toBe('N');
    expect((e.body.moves as unknown[]).length).toBe(1);
    // Not an interval (an interval's closed form needs no table): nothing answers it unstored.
    const missing = await get(`/api/eval?position=${encodeURIComponent('sub:1,3@5')}`);
    expect(missing.status).toBe(404);
    expect(String(missing.body.error)).toMatch(/not stored/);
  });

  it('serves a module: game by its stored key but never parses a spec naming a path', async () => {
    const byKey = await get(`/api/values?game=${encodeURIComponent(moduleKey)}&lo=0&hi=6`);
    expect(byKey.body.values).toEqual([0, 1, 2, 0, 1, 2]);
    for (const spec of [
      'module:/etc/passwd',
      'module:../../../../etc/passwd',
      'MODULE:./x.js',
      moduleKey.replace('#', '%23x'),
    ]) {
      const r = await get(`/api/game?game=${encodeURIComponent(spec)}`);
      expect([400, 404]).toContain(r.status);
      if (spec.toLowerCase().startsWith('module:/') || spec.startsWith('module:..') || spec.startsWith('MODULE')) {
        expect(r.status).toBe(400);
        expect(String(r.body.error)).toMatch(/names a file/);
      }
    }
    const evalModule = await get(`/api/eval?position=${encodeURIComponent(`${moduleKey}@3`)}`);
    expect(evalModule.status).toBe(400);
  });

  it('answers hostile and malformed requests with a 400 and one line, and refuses huge ranges', async () => {
    const cases: [string, RegExp][] = [
      ['/api/values?game=kayles&lo=0&hi=1e9', /more than 100000 values/],
      ['/api/values?game=kayles&lo=5&hi=2', /empty/],
      ['/api/values?game=kayles&lo=-1&hi=2', /negative/],
      ['/api/query?game=kayles&n=0..1e12', /more than 10000 values/],
      ['/api/query?game=kayles&n=9^99999', /too large/],
      [`/api/query?game=kayles&n=${'9'.repeat(5000)}`, /longer than 2000/],
      ['/api/query?game=nonsense:1&n=3', /unknown game family/],
      ['/api/query?game=kayles', /parameter n is missing/],
      ['/api/query?game=kayles&n=1&n=2', /given once/],
      ['/api/plot?game=kayles&buckets=1e9', /at most 8192/],
      ['/api/eval?position=kayles@', /.+/],
    ];
    for (const [url, message] of cases) {
      const r = await get(url);
      expect(r.status, url).toBe(400);
      expect(String(r.body.error), url).toMatch(message);
      expect(String(r.body.error)).not.toContain('\n');
    }
    const traversal = await app.inject({ method: 'GET', url: '/../../etc/passwd' });
    expect(traversal.statusCode).toBe(404);
    const nothing = await get('/api/values?game=sub:1,2&lo=0&hi=3');
    expect(nothing.status).toBe(404);
  });

  it('is read-only by default; malformed JSON is a 400', async () => {
    const post = await app.inject({ method: 'POST', url: '/api/compute', payload: { game: 'sub:1,2', to: 10 } });
    expect(post.statusCode).toBe(403);
    const writable = buildServer({ db, allowCompute: true, computeLimit: 1000 });
    try {
      const bad = await writable.inject({
        method: 'POST',
        url: '/api/compute',
        headers: { 'content-type': 'application/json' },
        payload: '{"game": ',
      });
      expect(bad.statusCode).toBe(400);
      const big = await writable.inject({ method: 'POST', url: '/api/compute', payload: { game: 'sub:1,2', to: 1e9 } });
      expect([big.statusCode, big.json().error]).toEqual([400, 'to 1000000000 is too large; it must be at most 1000']);
      const mod = await writable.inject({
        method: 'POST',
        url: '/api/compute',
        payload: { game: 'module:/tmp/x.js', to: 10 },
      });
      expect(mod.statusCode).toBe(400);
      const ok = await writable.inject({ method: 'POST', url: '/api/compute', payload: { game: 'sub:1,2', to: 30 } });
      expect([ok.statusCode, ok.json().computed]).toEqual([200, 30]);
    } finally {
      await writable.close();
    }
  });
});
