import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compute } from '../../src/index.js';
import { buildServer } from '../../src/serve/app.js';

const CHROMIUM = process.env.GRUNDY_CHROMIUM ?? '/usr/bin/chromium';
let dir: string;
let app: FastifyInstance;
let url: string;
let browser: Browser;
/**
 * Every wait on the page says how long it may take: a loaded 2-core machine renders and answers
 * far slower than vitest's 1 s default for expect.poll. A hang guard, not a speed claim.
 */
const WAIT = { timeout: 60_000, interval: 50 } as const;

beforeAll(async () => {
  // No skip: a machine without the browser fails here, saying what to install.
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `the web view test needs Chromium at ${CHROMIUM}: install it (apt-get install -y chromium) or set ` +
        `GRUNDY_CHROMIUM`,
    );
  }
  dir = mkdtempSync(join(tmpdir(), 'grundy-browser-'));
  const db = join(dir, 'web.db');
  await compute('kayles', { db, untilProven: true, workers: 1 });
  await compute('sub:1,3,4', { db, to: 30_000, workers: 1 });
  app = buildServer({ db });
  url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the web view in a headless browser', () => {
  it('lists the tables, draws and zooms the plot, answers a query and an eval', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await expect
      .poll(() => page.locator('tr.game').allTextContents(), WAIT)
      .toEqual([
        expect.stringMatching(/^octal:0\.77.*preperiod 71, period 12 \(proven\)/),
        expect.stringMatching(/^sub:1,3,4.*30,000/),
      ]);
    // The first table is plotted: Vega's SVG with one dot per value of Kayles' short table.
    await page.locator('#plot svg').waitFor({ timeout: WAIT.timeout });
    await expect.poll(() => page.locator('#plot svg .mark-symbol path').count(), WAIT).toBeGreaterThan(100);
    await expect.poll(() => page.locator('#plot svg').textContent(), WAIT).toContain('period 12');

    // The long table is summarised per pixel column; zooming in asks for a narrower range.
    await page.locator('tr.game', { hasText: 'sub:1,3,4' }).click();
    await expect.poll(() => page.locator('#range').textContent(), WAIT).toBe('n in [0, 30000)');
    await expect
      .poll(async () => Number(await page.locator('#plot').getAttribute('data-buckets')), WAIT)
      .toBeGreaterThan(0);
    await page.locator('#zoom-in').click();
    await expect.poll(() => page.locator('#range').textContent(), WAIT).toBe('n in [7500, 22500)');
    for (let i = 0; i < 8; i++) await page.locator('#zoom-in').click();
    await expect
      .poll(async () => Number(await page.locator('#plot').getAttribute('data-points')), WAIT)
      .toBeGreaterThan(0);

    await page.locator('#query-n').fill('1e30');
    await page.locator('#query-form button').click();
    await expect
      .poll(() => page.locator('#query-answer').textContent(), WAIT)
      .toMatch(/^g\(1000000000000000000000000000000\) = \d+ {2}\(from the proven period\)$/);
    await page.locator('#query-n').fill('ten');
    await page.locator('#query-form button').click();
    await expect.poll(() => page.locator('#query-answer').textContent(), WAIT).toMatch(/not a non-negative integer/);

    await page.locator('#eval-position').fill('kayles@10 + nim@1');
    await page.locator('#eval-form button').click();
    await expect
      .poll(() => page.locator('#eval-answer').textContent(), WAIT)
      .toMatch(/N-position[\s\S]*winning move: component \d/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
