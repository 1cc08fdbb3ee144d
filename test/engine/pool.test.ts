import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';

const TELLS = resolve(import.meta.dirname, '..', 'fixtures', 'modules', 'tells-loader.js');

describe('the pool threads', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('run without require(esm): a thread terminated inside it took the process down (engine/pool.ts)', async () => {
    // The rules module runs in a pool thread and throws at heap 700 with what that thread allows.
    const db = join(tmp.dir, 'loader.db');
    const r = await runCli(['compute', `module:${TELLS}`, '--to', '1000', '--workers', '1', '--db', db]);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toMatch(/options\(700\) threw: require\(esm\) off/);
  });
});
