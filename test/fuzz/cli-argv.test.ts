import { existsSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { commandLine } from './flag-argv.js';

/**
 * A sample of the fuzzed command lines through the real, compiled CLI (the in-process fuzzers
 * run 10^4): the child process must exit by itself with 0 (help, or no store needed), 2, 3 or
 * 4, and one line on stderr when it fails.
 * Kept to a few dozen: each spawn costs ~0.5-1 s on a busy machine.
 */
const SAMPLES = 24;

describe('fuzzed command lines through the real CLI', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it(`${SAMPLES} generated command lines exit cleanly`, async () => {
    const bad = `${tmp.dir}/not-a-store.txt`;
    writeFileSync(bad, 'not a store\n');
    const lines = fc.sample(
      fc
        .tuple(commandLine, fc.boolean())
        .map(([argv, help]) => (help && argv.length % 5 === 0 ? [...argv, '--help'] : argv)),
      { numRuns: SAMPLES, seed: 7001 },
    );
    for (let i = 0; i < lines.length; i += 3) {
      const batch = lines.slice(i, i + 3);
      const results = await Promise.all(batch.map((argv) => runCli(['--db', bad, ...argv], { timeoutMs: 20_000 })));
      for (const [j, r] of results.entries()) {
        const argv = JSON.stringify(batch[j]);
        expect(r.signal, argv).toBeNull();
        expect([0, 2, 3, 4], `${argv}: ${r.stderr}`).toContain(r.code);
        if (r.code !== 0) expect(r.stderr.trimEnd().split('\n'), `${argv}: ${r.stderr}`).toHaveLength(1);
      }
    }
    expect(existsSync(`${bad}-wal`)).toBe(false);
  });
});
