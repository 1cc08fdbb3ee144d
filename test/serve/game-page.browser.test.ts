import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/index.js';
import { fillCatalogue, screenshotPath, startWebView, WAIT, type WebView } from '../helpers/web-view.js';

/** Game pages in Chromium: a heap game's permalink, paging, zoom, query, a CSV download; a board; a graph. */
let view: WebView;
let graphKey: string;
let dawson: number[];

beforeAll(async () => {
  view = await startWebView('grundy-browser-games-', async (db) => {
    ({ graphKey } = await fillCatalogue(db));
    const store = openStore(db);
    dawson = Array.from(store.values('octal:0.137', 0, 3000));
    store.close();
  });
});
afterAll(async () => {
  await view?.close();
});

const game = (key: string, query = '') => `${view.url}game/${encodeURIComponent(key)}${query}`;
/** The n of the first and last cells of the value table. */
const tableRange = async (page: Page): Promise<string> => {
  const table = page.locator('#values');
  return `${await table.getAttribute('data-lo')}..${await table.getAttribute('data-hi')}`;
};

describe('game pages in a headless browser', () => {
  it('a heap permalink opens its state; paging, zooming and a query move the URL', async () => {
    const page = await view.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(game('octal:0.137', '?page=3&lo=100&hi=2100'));
    await expect.poll(() => page.locator('#range').textContent(), WAIT).toBe('n in [100, 2100)');
    expect(await tableRange(page)).toBe('400..600');
    expect(await page.locator('#values td').nth(5).textContent()).toBe(String(dawson[405]));
    expect(await page.locator('#certificate').textContent()).toMatch(/period 34 \(proven\)$/);
    await expect.poll(() => page.locator('#known').textContent(), WAIT).toContain("Dawson's chess");
    // 2000 heaps in fewer pixel columns: buckets, and the rare heaps drawn over them.
    await expect
      .poll(async () => Number(await page.locator('#plot').getAttribute('data-rare')), WAIT)
      .toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath('heap-game'), fullPage: true });

    await page.locator('#next-page').click();
    await page.waitForURL(/page=4/, WAIT);
    expect(await tableRange(page)).toBe('600..800');
    // The plot's range came along in the link.
    await expect.poll(() => page.locator('#range').textContent(), WAIT).toBe('n in [100, 2100)');

    await page.locator('#zoom-in').click();
    await expect.poll(() => page.locator('#range').textContent(), WAIT).toBe('n in [600, 1600)');
    expect(new URL(page.url()).searchParams.get('lo')).toBe('600');
    await page.reload();
    await expect.poll(() => page.locator('#range').textContent(), WAIT).toBe('n in [600, 1600)');

    await page.locator('#query-n').fill('1e30');
    await page.locator('#query-form button').click();
    await page.waitForURL(/n=1e30/, WAIT);
    await expect
      .poll(() => page.locator('#query-answer').textContent(), WAIT)
      .toMatch(/^g\(1000000000000000000000000000000\) = \d+ {2}\(from the proven period\)$/);
    expect(await tableRange(page)).toBe('600..800');
    // The zoomed range came along through the query, and goes along with the pager's links.
    await expect.poll(() => page.locator('#range').textContent(), WAIT).toBe('n in [600, 1600)');
    await page.locator('#zoom-out').click();
    await expect.poll(() => page.locator('#range').textContent(), WAIT).toBe('n in [100, 2100)');
    await page.locator('#prev-page').click();
    await page.waitForURL(/page=3/, WAIT);
    expect([await tableRange(page), new URL(page.url()).searchParams.get('n')]).toEqual(['400..600', '1e30']);
    await expect.poll(() => page.locator('#range').textContent(), WAIT).toBe('n in [100, 2100)');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('downloads the table as CSV', async () => {
    const page = await view.browser.newPage();
    await page.goto(game('octal:0.137'));
    const [download] = await Promise.all([page.waitForEvent('download', WAIT), page.locator('#download-csv').click()]);
    expect(download.suggestedFilename()).toBe('octal_0.137.csv');
    const lines = readFileSync(await download.path(), 'utf8').split('\n');
    expect(lines.slice(0, 4)).toEqual(['n,value', `0,${dawson[0]}`, `1,${dawson[1]}`, `2,${dawson[2]}`]);
    expect(lines).toHaveLength(3002);
    await page.close();
  });

  it('a board is a heat map beside its table; a cell from the URL', async () => {
    const page = await view.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(game('wythoff', '?cell=3,5'));
    await expect.poll(() => page.locator('#plot svg .cellMarks path').count(), WAIT).toBe(400);
    await expect.poll(() => page.locator('#range').textContent(), WAIT).toBe('g(x, y) for x, y < 20');
    expect(await page.locator('#query-answer').textContent()).toBe('g(3, 5) = 0');
    expect(await page.locator('#values td.p').count()).toBeGreaterThan(5);
    await page.screenshot({ path: screenshotPath('board-game'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a graph is a value histogram with its draws as a bar, beside its vertices with inf{K}', async () => {
    const page = await view.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(game(graphKey));
    await expect.poll(() => page.locator('#plot svg .barMarks path').count(), WAIT).toBe(3);
    await expect.poll(() => page.locator('#plot svg').textContent(), WAIT).toContain('∞');
    expect(await page.locator('#outcomes').textContent()).toMatch(/^P 2 .*N 2 .*D 3 /s);
    expect(await page.locator('#values tbody tr', { hasText: 'inf{}' }).count()).toBe(3);
    await page.screenshot({ path: screenshotPath('graph-game'), fullPage: true });
    await page.goto(`${view.url}sweep/sub-size2-max10`);
    await expect.poll(() => page.locator('#sweep-counts').textContent(), WAIT).toMatch(/^45 of 45 games solved/);
    await page.screenshot({ path: screenshotPath('sweep'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
