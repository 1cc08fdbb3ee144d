import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compute } from '../../src/index.js';
import { buildServer } from '../../src/serve/app.js';

/** The web view over a store whose first table is a board: a heat map, cells, no error. */
const CHROMIUM = process.env.GRUNDY_CHROMIUM ?? '/usr/bin/chromium';
let dir: string;
let app: FastifyInstance;
let url: string;
let browser: Browser;
/** A hang guard on a loaded 2-core machine, not a speed claim (as in page.browser.test.ts). */
const WAIT = { timeout: 60_000, interval: 50 } as const;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `the web view test needs Chromium at ${CHROMIUM}: install it (apt-get install -y chromium) or set ` +
        `GRUNDY_CHROMIUM`,
    );
  }
  dir = mkdtempSync(join(tmpdir(), 'grundy-browser-boards-'));
  const db = join(dir, 'web.db');
  // Tables are listed by key: 2d:king comes first.
  await compute('2d:king', { db, size: 12, workers: 1 });
  await compute('wythoff', { db, size: 16, workers: 1 });
  await compute('kayles', { db, to: 100, workers: 1 });
  app = buildServer({ db });
  url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the web view with a board first', () => {
  it('opens on its heat map, answers a cell and writes cells in an eval', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await expect.poll(() => page.locator('tr.game').first().textContent(), WAIT).toMatch(/^2d:king.*2-D game/);
    await expect.poll(() => page.locator('#plot svg .cellMarks path').count(), WAIT).toBe(144);
    await expect.poll(() => page.locator('#range').textContent(), WAIT).toBe('g(x, y) for x, y < 12');
    expect(await page.locator('#plot-error').textContent()).toBe('');

    await page.locator('tr.game', { hasText: 'wythoff' }).click();
    await expect.poll(() => page.locator('#plot svg .cellMarks path').count(), WAIT).toBe(256);
    await expect.poll(() => page.locator('#range').textContent(), WAIT).toBe('g(x, y) for x, y < 16');

    await page.locator('#query-n').fill('3,5');
    await page.locator('#query-form button').click();
    await expect.poll(() => page.locator('#query-answer').textContent(), WAIT).toBe('g(3, 5) = 0');

    await page.locator('#eval-position').fill('wythoff@3,6');
    await page.locator('#eval-form button').click();
    await expect
      .poll(() => page.locator('#eval-answer').textContent(), WAIT)
      .toMatch(/wythoff {2}cells \(3, 6\) {2}-> {2}g 1[\s\S]*winning move: component 1 \(wythoff\), cell \(3, 6\): /);

    // A heap game after it still draws its sequence.
    await page.locator('tr.game', { hasText: 'octal:0.77' }).click();
    await expect.poll(() => page.locator('#range').textContent(), WAIT).toBe('n in [0, 100)');
    expect(errors).toEqual([]);
    await page.close();
  });
});
