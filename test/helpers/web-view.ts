import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { compute, sweep } from '../../src/index.js';
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

/** Where browser tests save their screenshots: git-ignored, kept after the run to be looked at. */
export const SCREENSHOTS = join(fileURLToPath(new URL('../..', import.meta.url)), 'test-results', 'web-view');

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return join(SCREENSHOTS, `${name}.png`);
}

/** The loopy graph of the catalogue: c and a are P, b and g are N, d <-> e loop, so d, e, f draw. */
export const LOOPY_GRAPH = 'a b\nb c\nd e\ne d\nf d\ng c\n';
/** The sweep the catalogue stores. */
export const CATALOGUE_SWEEP = { family: 'sub', minSize: 2, maxSize: 2, max: 10 } as const;

/**
 * A store with a game of each kind and a sweep: Kayles (proven), Dawson's chess (sparse-space
 * mask, 15 table pages), Wythoff (a board), a loopy game graph and sub-size2-max10. Returns the
 * graph's key.
 */
export async function fillCatalogue(db: string): Promise<{ graphKey: string }> {
  await compute('kayles', { db, untilProven: true, workers: 1 });
  await compute('octal:0.137', { db, to: 3000, workers: 1 });
  await compute('wythoff', { db, size: 20, workers: 1 });
  const graph = join(dirname(db), 'loopy.txt');
  writeFileSync(graph, LOOPY_GRAPH);
  const graphKey = (await compute(`graph:${graph}`, { db, workers: 1 })).game;
  await sweep(CATALOGUE_SWEEP, { db, workers: 1 });
  return { graphKey };
}

/** A fresh catalogue store (fillCatalogue) in its own folder, served in process (no port). */
export interface ServedCatalogue {
  readonly dir: string;
  readonly db: string;
  readonly app: FastifyInstance;
  readonly graphKey: string;
  close(): Promise<void>;
}

export async function serveCatalogue(prefix: string): Promise<ServedCatalogue> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const db = join(dir, 'catalogue.db');
  const { graphKey } = await fillCatalogue(db);
  const app = buildServer({ db });
  await app.ready();
  return {
    dir,
    db,
    app,
    graphKey,
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Serve a fresh store that `fill` writes (given its path), and start the browser. */
export async function startWebView(
  prefix: string,
  fill: (db: string) => Promise<void>,
  options: { allowCompute?: boolean } = {},
): Promise<WebView> {
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
  const app = buildServer({ db, allowCompute: options.allowCompute === true, computeLimit: 1000 });
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
