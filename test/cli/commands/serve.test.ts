import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compute } from '../../../src/index.js';
import { CLI, tempDir } from '../../helpers/cli.js';

/**
 * `grundy serve` as users run it, from the bundle (bin/grundy.js): the bundler once turned the
 * pages' templates into calls to a helper the package does not ship, which only this run sees.
 */
let dir: string;
let cleanup: () => void;
let db: string;

beforeAll(async () => {
  ({ dir, cleanup } = tempDir('grundy-serve-cli-'));
  db = `${dir}/serve.db`;
  await compute('kayles', { db, untilProven: true, workers: 1 });
});
afterAll(() => cleanup());

describe('grundy serve', () => {
  it('serves the catalogue, a game page and a download, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--json', '--db', db], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    try {
      await expect.poll(() => stdout, { timeout: 60_000, interval: 50 }).toMatch(/\n$/);
      const url = (JSON.parse(stdout) as { url: string }).url;
      expect(stderr).toMatch(/^grundy: serving .* \(read-only; Ctrl-C to stop\)\n$/);
      const home = await fetch(url);
      expect([home.status, (await home.text()).includes('href="/game/octal%3A0.77"')]).toEqual([200, true]);
      const game = await (await fetch(`${url}game/${encodeURIComponent('octal:0.77')}?n=1e30`)).text();
      expect(game).toMatch(/id="query-answer"[^>]*>g\(10{30}\) = \d+ {2}\(from the proven period\)</);
      expect(game).toContain('<script src="/vega.js"></script>');
      const csv = await (await fetch(`${url}api/export?game=kayles`)).text();
      expect(csv.split('\n').slice(0, 3)).toEqual(['n,value', '0,0', '1,1']);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
