import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSpec } from '../../src/errors.js';
import { openStore } from '../../src/index.js';
import { buildServer } from '../../src/serve/app.js';
import { HEAP_PAGE } from '../../src/serve/heap-view.js';
import { serveCatalogue, type ServedCatalogue } from '../helpers/web-view.js';

/** The pages of the catalogue as HTML: each kind of game, the state in the URL, errors as pages. */
let db: string;
let app: FastifyInstance;
let graphKey: string;
let served: ServedCatalogue;

async function page(url: string): Promise<{ status: number; html: string }> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return { status: res.statusCode, html: res.body };
}

/** The text of the element with this id (tags dropped, entities of the escaper decoded). */
function byId(html: string, id: string): string {
  const m = new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</(p|div|dd|h1|table|span)>`).exec(html);
  if (!m) return '';
  return m[1]!
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)))
    .replace(/&lt;/g, '<');
}

beforeAll(async () => {
  served = await serveCatalogue('grundy-pages-');
  ({ db, app, graphKey } = served);
});
afterAll(() => served.close());

describe('the catalogue', () => {
  it('lists every game with a permalink, the sweeps, and no compute form when read-only', async () => {
    const r = await page('/');
    expect(r.status).toBe(200);
    for (const key of ['octal:0.77', 'octal:0.137', 'wythoff', graphKey]) {
      expect(r.html).toContain(`href="/game/${encodeURIComponent(key)}"`);
    }
    expect(r.html).toContain('href="/sweep/sub-size2-max10"');
    expect(r.html).not.toContain('compute-form');
    const writable = buildServer({ db, allowCompute: true });
    try {
      expect((await writable.inject('/')).body).toContain('id="compute-form"');
    } finally {
      await writable.close();
    }
  });

  it('searches by words, by a spelling of a game and by a known name', async () => {
    const keys = (html: string) => [...html.matchAll(/<tr class="game" data-key="([^"]+)"/g)].map((m) => m[1]);
    expect(keys((await page('/?q=octal')).html)).toEqual(['octal:0.137', 'octal:0.77']);
    expect(keys((await page('/?q=kayles')).html)).toEqual(['octal:0.77']);
    expect(keys((await page(`/?q=${encodeURIComponent('.137')}`)).html)).toEqual(['octal:0.137']);
    expect(keys((await page('/?q=dawson')).html)).toEqual(['octal:0.137']);
    const none = await page('/?q=nothing-like-this');
    expect([keys(none.html), byId(none.html, 'found')]).toEqual([[], "0 found for 'nothing-like-this'"]);
    // The search box keeps what was asked, escaped.
    expect((await page(`/?q=${encodeURIComponent('"><script>x</script>')}`)).html).not.toContain('<script>x');
  });

  it('evaluates a position from the URL', async () => {
    const r = await page(`/?position=${encodeURIComponent('kayles@10 + nim@1')}`);
    expect(byId(r.html, 'eval-answer')).toMatch(/N-position[\s\S]*a winning move:/);
    expect(byId((await page('/?position=kayles@')).html, 'eval-answer')).not.toBe('');
  });
});

describe('a heap game page', () => {
  it('shows the known result with its source, the certificate and its criterion', async () => {
    const r = await page(`/game/${encodeURIComponent('octal:0.77')}`);
    expect(r.status).toBe(200);
    expect(byId(r.html, 'game-key')).toBe('octal:0.77');
    expect(byId(r.html, 'known')).toMatch(/^Kayles: period 12 from n = 71[\s\S]*source: OEIS A002186/);
    expect(byId(r.html, 'certificate')).toBe('preperiod 71, period 12 (proven)');
    expect(byId(r.html, 'criterion')).not.toBe('');
    expect(r.html).toContain('id="download-csv"');
  });

  it('carries its table page and query in the URL: a permalink opens that state', async () => {
    const store = openStore(db);
    const values = Array.from(store.values('octal:0.137', 2 * HEAP_PAGE, 3 * HEAP_PAGE));
    store.close();
    const r = await page(`/game/${encodeURIComponent('octal:0.137')}?page=3&n=${encodeURIComponent('1e30')}`);
    expect(r.status).toBe(200);
    const cells = [...r.html.matchAll(/<td class="p?" title="g\((\d+)\)">(\d+)<\/td>/g)];
    expect(cells.map((m) => Number(m[1]))[0]).toBe(2 * HEAP_PAGE);
    expect(cells.map((m) => Number(m[2]))).toEqual(values);
    expect(byId(r.html, 'page')).toBe('page 3 of 15');
    // Paging keeps the query.
    expect(r.html).toMatch(/id="next-page" href="\/game\/octal%3A0\.137\?page=4&#38;n=1e30"/);
    expect(byId(r.html, 'query-answer')).toMatch(/^g\(10{30}\) = \d+ {2}\(from the proven period\)$/);
  });

  it('shows the value frequencies, the sparse-space mask and the rare heaps', async () => {
    const store = openStore(db);
    const f = store.frequencies('octal:0.137', { rareListed: 60 });
    store.close();
    const r = await page(`/game/${encodeURIComponent('octal:0.137')}`);
    expect(f.sparse).not.toBeNull();
    expect(byId(r.html, 'sparse')).toContain(`mask ${f.sparse!.mask.bits}`);
    expect(byId(r.html, 'rare')).toBe(f.sparse!.rare.map(([h, v]) => `g(${h}) = ${v}`).join(', '));
    const rows = [...byId(r.html, 'frequencies').matchAll(/^(\d+)([\d,]+)/gm)];
    expect(rows.length).toBeGreaterThan(0);
  });

  it('refuses a bad page or range as a 400 page, an unknown game as a 404 page', async () => {
    const base = `/game/${encodeURIComponent('octal:0.77')}`;
    for (const q of ['?page=0', '?page=99', '?page=x', '?lo=-1', '?hi=0', '?page=1&page=2']) {
      const r = await page(base + q);
      expect(r.status, q).toBe(400);
      expect(byId(r.html, 'error'), q).not.toBe('');
    }
    const missing = await page(`/game/${encodeURIComponent('sub:1,3')}`);
    expect([missing.status, byId(missing.html, 'error')]).toEqual([
      404,
      // The server was given its store: the command names it, in full (a reader's shell is elsewhere).
      `sub:1,3 has no stored values; run: grundy compute sub:1,3 --db ${quoteSpec(resolve(db))}`,
    ]);
    const xss = await page(`/game/${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    expect(xss.status).toBe(400);
    expect(xss.html).not.toContain('<img');
  });
});

describe('a board page and a graph page', () => {
  it('a board: its size, the table of g(x, y) a block of rows at a time, a cell from the URL', async () => {
    const r = await page('/game/wythoff?page=2&cell=3,5');
    expect(r.status).toBe(200);
    expect(byId(r.html, 'board-size')).toBe('20 x 20 stored: g(x, y) for x, y < 20');
    expect(r.html).toContain('title="g(16, 0)"');
    expect(r.html).not.toContain('title="g(15, 0)"');
    expect(byId(r.html, 'query-answer')).toBe('g(3, 5) = 0');
    expect(r.html).toContain('data-kind="board"');
    // The columns page on their own, keeping the rows' page and the cell.
    expect(r.html).toMatch(/id="next-col" href="\/game\/wythoff\?page=2&#38;col=2&#38;cell=3%2C5"/);
    const right = await page('/game/wythoff?page=2&col=2');
    expect([right.html.includes('title="g(16, 16)"'), right.html.includes('title="g(16, 15)"')]).toEqual([true, false]);
    expect(byId(right.html, 'col')).toBe('columns 2 of 2');
    expect((await page('/game/wythoff?col=3')).status).toBe(400);
  });

  it('a graph: P, N and D counts, values with inf{K}, a vertex from the URL', async () => {
    const r = await page(`/game/${encodeURIComponent(graphKey)}?vertex=d`);
    expect(r.status).toBe(200);
    expect(byId(r.html, 'outcomes')).toMatch(/^P 2 .*N 2 .*\s*D 3 /);
    const rows = [...r.html.matchAll(/<tr><td>(\w)<\/td><td class="num">([^<]+)<\/td><td>([PND])<\/td><\/tr>/g)];
    expect(Object.fromEntries(rows.map((m) => [m[1], `${m[2]} ${m[3]}`]))).toEqual({
      a: '0 P',
      b: '1 N',
      c: '0 P',
      d: 'inf{} D',
      e: 'inf{} D',
      f: 'inf{} D',
      g: '1 N',
    });
    expect(byId(r.html, 'query-answer')).toBe('d: value inf{}, outcome D');
    expect(byId((await page(`/game/${encodeURIComponent(graphKey)}?vertex=zz`)).html, 'query-answer')).not.toBe('');
  });
});

describe('a sweep page', () => {
  it('shows the report ranked as the URL asks, and refuses an unknown sweep or sort', async () => {
    const r = await page('/sweep/sub-size2-max10?sort=preperiod&top=5');
    expect(r.status).toBe(200);
    expect(byId(r.html, 'sweep-counts')).toMatch(/^45 of 45 games solved: 45 proven periodic/);
    expect([...byId(r.html, 'results').matchAll(/sub:/g)]).toHaveLength(5);
    expect((await page('/sweep/none-such')).status).toBe(404);
    expect((await page('/sweep/sub-size2-max10?sort=colour')).status).toBe(400);
  });
});
