import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compute } from '../../src/index.js';
import { startWebView, WAIT, type WebView } from '../helpers/web-view.js';

let view: WebView;

beforeAll(async () => {
  view = await startWebView('grundy-browser-', async (db) => {
    await compute('kayles', { db, untilProven: true, workers: 1 });
    await compute('sub:1,3,4', { db, to: 30_000, workers: 1 });
  });
});
afterAll(async () => {
  await view?.close();
});

describe('the web view in a headless browser', () => {
  it('lists the tables, draws and zooms the plot, answers a query and an eval', async () => {
    const page = await view.browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(view.url);
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
