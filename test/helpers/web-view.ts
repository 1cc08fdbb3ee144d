import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildServer } from '../../src/serve/app.js';

const CHROMIUM = process.env.GRUNDY_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Every wait on the page says how long it may take: a loaded 2-core machine renders and answers
 * far slower than vitest's 1 s default for expect.poll. A hang guard, not a speed claim.
 */
export const WAIT = { timeout: 60_000, interval: 50 } as const;

/** The web view on a store of its own, and a headless Debian Chromium to look at it. */
export interface WebView {
  readonly url: string;
  readonly browser: Browser;
  close(): Promise<void>;
}

/** Serve a fresh store that `fill` writes (given its path), and start the browser. */
export async function startWebView(prefix: string, fill: (db: string) => Promise<void>): Promise<WebView> {
  // No skip: a machine without the browser fails here, saying what to install.
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `the web view test needs Chromium at ${CHROMIUM}: install it (apt-get install -y chromium) or set ` +
        `GRUNDY_CHROMIUM`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const db = join(dir, 'web.db');
  await fill(db);
  const app = buildServer({ db });
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  return {
    url,
    browser,
    async close() {
      await browser.close();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
