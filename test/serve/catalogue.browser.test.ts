import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCatalogue, screenshotPath, startWebView, WAIT, type WebView } from '../helpers/web-view.js';

/** The catalogue in Chromium: the list, a search from the header, a link to a game, an eval. */
let view: WebView;

beforeAll(async () => {
  view = await startWebView(
    'grundy-browser-catalogue-',
    async (db) => {
      await fillCatalogue(db);
    },
    { allowCompute: true },
  );
});
afterAll(async () => {
  await view?.close();
});

describe('the catalogue in a headless browser', () => {
  it('lists the games, searches, opens a game page by its link and evaluates a position', async () => {
    const page = await view.browser.newPage({ viewport: { width: 1300, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(view.url);
    await expect
      .poll(async () => Promise.all((await page.locator('tr.game').all()).map((r) => r.getAttribute('data-key'))), WAIT)
      .toEqual([expect.stringMatching(/^graph:loopy\.txt#/), 'octal:0.137', 'octal:0.77', 'wythoff']);
    expect(await page.locator('tr.game', { hasText: 'octal:0.77' }).textContent()).toMatch(
      /preperiod 71, period 12 \(proven\)\s*Kayles/,
    );
    await expect.poll(() => page.locator('#sweeps').textContent(), WAIT).toContain('sub-size2-max10');
    await page.screenshot({ path: screenshotPath('catalogue'), fullPage: true });

    await page.locator('#search').fill('kayles');
    await page.locator('#search-form button').click();
    await page.waitForURL(/\/\?q=kayles$/, WAIT);
    await expect.poll(() => page.locator('tr.game').count(), WAIT).toBe(1);
    expect(await page.locator('#found').textContent()).toBe("1 found for 'kayles'");

    await page.locator('#eval-position').fill('kayles@10 + nim@1');
    await page.locator('#eval-form button').click();
    await page.waitForURL(/position=kayles%4010/, WAIT);
    await expect
      .poll(() => page.locator('#eval-answer').textContent(), WAIT)
      .toMatch(/N-position[\s\S]*component \d \((octal:0\.77|nim)\)/);
    // The search survives the eval: both are in the URL.
    expect(await page.locator('tr.game').count()).toBe(1);

    await page.locator('a.game-link', { hasText: 'octal:0.77' }).click();
    await page.waitForURL(/\/game\/octal%3A0\.77$/, WAIT);
    await expect.poll(() => page.locator('#known').textContent(), WAIT).toMatch(/^Kayles: period 12/);
    await expect.poll(() => page.locator('#plot svg').textContent(), WAIT).toContain('period 12');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('computes a game from the compute form (the server allows it) and opens its page', async () => {
    const page = await view.browser.newPage({ viewport: { width: 1300, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(view.url);
    await page.locator('#compute-game').fill('sub:1,3,4');
    await page.locator('#compute-to').fill('500');
    await page.locator('#compute-form button').click();
    await page.waitForURL(/\/game\/sub%3A1%2C3%2C4$/, WAIT);
    await expect.poll(() => page.locator('#certificate').textContent(), WAIT).toBe('preperiod 0, period 7 (proven)');
    await page.goto(view.url);
    await page.locator('#compute-game').fill('nonsense:1');
    await page.locator('#compute-form button').click();
    await expect.poll(() => page.locator('#compute-answer').textContent(), WAIT).toMatch(/unknown game family/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
