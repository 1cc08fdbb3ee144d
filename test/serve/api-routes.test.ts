import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/serve/app.js';
import { seededRandom } from '../../src/testing/random.js';
import { serveCatalogue, type ServedCatalogue } from '../helpers/web-view.js';

/**
 * Every endpoint and page, each parameter filled with seeded junk (empty, huge, negative,
 * unicode, control characters, repeated, the wrong kind of game): never a 5xx, and every refusal
 * of the API is one line of JSON that says what is wrong.
 */
let served: ServedCatalogue;
let app: FastifyInstance;
let writable: FastifyInstance;
let graphKey: string;

beforeAll(async () => {
  served = await serveCatalogue('grundy-fuzz-');
  ({ app, graphKey } = served);
  // Computes may run: a store of its own, and tables of at most 200 values.
  writable = buildServer({ db: join(served.dir, 'compute.db'), allowCompute: true, computeLimit: 200 });
  await writable.ready();
});
afterAll(async () => {
  await writable.close();
  await served.close();
});

const ENDPOINTS: Record<string, readonly string[]> = {
  '/api/games': ['x'],
  '/api/search': ['q'],
  '/api/game': ['game'],
  '/api/values': ['game', 'lo', 'hi'],
  '/api/vertices': ['game', 'lo', 'hi'],
  '/api/frequencies': ['game', 'at', 'rare'],
  '/api/sweeps': ['x'],
  '/api/sweep': ['name', 'sort', 'top'],
  '/api/query': ['game', 'n'],
  '/api/eval': ['position', 'moves'],
  '/api/plot': ['game', 'lo', 'hi', 'buckets', 'width'],
  '/api/export': ['game', 'format', 'to'],
  '/': ['q', 'position'],
  '/game/KEY': ['page', 'n', 'lo', 'hi', 'cell', 'vertex'],
  '/sweep/NAME': ['sort', 'top'],
};

const NUMERIC = new Set(['lo', 'hi', 'at', 'rare', 'top', 'page', 'buckets', 'width', 'to']);

/** Junk for a parameter, half the time of the kind it takes (a number, a game), so that requests pass the parsers. */
function junk(random: () => number, name = ''): string | string[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const numbers = ['0', '1', '3', '12', '-1', '-99', '1e30', '9'.repeat(40), '1.5', '0x1f', 'NaN', 'Infinity', '2^70'];
  const games = ['kayles', 'octal:0.137', 'wythoff', graphKey, 'sub:1,3', 'module:/etc/passwd', 'sub:', 'octal:9'];
  const words = ['', ' ', 'a', 'd', '3,5', '-2,4', '0..20', '5..1', '1..', '..', 'kayles@10 + nim@1', 'period', 'csv'];
  const strange = ['ℊ(ñ) 𝔤', '\u0000\n\r', '%', '<script>', '\'"', '\u2028', 'x'.repeat(2500), '💥'.repeat(600)];
  const one = (): string => {
    if (random() < 0.5 && NUMERIC.has(name)) return pick(numbers);
    if (random() < 0.5 && (name === 'game' || name === 'position')) return pick(games);
    return pick([pick(numbers), pick(games), pick(words), pick(strange)]);
  };
  return random() < 0.08 ? [one(), one()] : one();
}

function url(path: string, params: Record<string, string | string[]>, random: () => number): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const x of Array.isArray(v) ? v : [v]) q.append(k, x);
  const key = (): string => {
    const k = junk(random);
    return encodeURIComponent(Array.isArray(k) ? k.join('/') : k);
  };
  return `${path.replace('KEY', key()).replace('NAME', key())}?${q}`;
}

function checkRefusal(target: string, status: number, type: string | undefined, body: string): void {
  expect(status, target).toBeLessThan(500);
  if (status < 400 || !type?.startsWith('application/json')) return;
  const error = (JSON.parse(body) as { error?: unknown }).error;
  expect(typeof error, target).toBe('string');
  expect(String(error), target).not.toMatch(/[\n\r\u2028]|internal error/);
  expect(String(error).length, target).toBeLessThanOrEqual(520);
}

describe('the web API and pages under seeded junk', () => {
  it('answers every endpoint and page without a 5xx, refusals in one line', async () => {
    const random = seededRandom(20_260_401);
    const statuses: number[] = [];
    for (const [path, names] of Object.entries(ENDPOINTS)) {
      for (let i = 0; i < 60; i++) {
        const params: Record<string, string | string[]> = {};
        for (const name of names) if (random() < 0.85) params[name] = junk(random, name);
        const target = url(path, params, random);
        const res = await app.inject({ method: 'GET', url: target });
        statuses.push(res.statusCode);
        checkRefusal(target, res.statusCode, String(res.headers['content-type']), res.body);
      }
    }
    // The junk reaches past the parsers: answers, refusals and games not stored all happen.
    expect(new Set(statuses)).toEqual(new Set([200, 400, 404]));
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(100);
  });

  it('POST /api/compute takes junk bodies without a 5xx, read-only or not', async () => {
    const random = seededRandom(7);
    for (let i = 0; i < 40; i++) {
      const fields = { game: junk(random), to: junk(random), untilProven: random() < 0.5 ? junk(random) : true };
      const bodies = [JSON.stringify(fields), JSON.stringify([fields]), JSON.stringify(junk(random)), '{"game": '];
      for (const payload of bodies) {
        for (const server of [app, writable]) {
          const res = await server.inject({
            method: 'POST',
            url: '/api/compute',
            headers: { 'content-type': 'application/json' },
            payload,
          });
          checkRefusal(payload, res.statusCode, String(res.headers['content-type']), res.body);
          // Read-only refuses every well-formed request; malformed JSON is refused before that.
          if (server === app) expect([400, 403], payload).toContain(res.statusCode);
        }
      }
    }
  });
});
