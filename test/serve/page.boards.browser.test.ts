import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compute } from '../../src/index.js';
import { startWebView, WAIT, type WebView } from '../helpers/web-view.js';

/** The web view over a store whose first table is a board: a heat map, cells, no error. */
let view: WebView;

beforeAll(async () => {
  view = await startWebView('grundy-browser-boards-', async (db) => {
    // Tables are listed by key: 2d:king comes first.
    await compute('2d:king', { db, size: 12, workers: 1 });
    await compute('wythoff', { db, size: 16, workers: 1 });
    await compute('kayles', { db, to: 100, workers: 1 });
  });
});
afterAll(async () => {
  await view?.close();
});

describe('the web view with a board first', () => {
  it('opens on its heat map, answers a cell and writes cells in an eval', async () => {
    const page = await view.browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(view.url);
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
