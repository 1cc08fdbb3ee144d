import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { commandLine } from './flag-argv.js';

/**
 * Shared by flags-*.test.ts: eight files of 1,250 runs each (10^4 in all, distinct seeds) so that
 * they spread over vitest's workers: one run builds the whole yargs CLI, and a handler that
 * fails after parsing costs yargs 20-60 ms of help rendering (string-width) on a busy machine.
 *
 * The whole command-line surface (yargs configuration plus every handler's own checks), fuzzed
 * in-process through the CLI's `main`, 10^4 generated command lines. The store is pinned to a
 * file that is not a store, so nothing is computed or written: every run must end in exit 2
 * (bad input) or 4 (the refused store, reached only when the input was valid), or 0/3 for the
 * few commands that need no store (eval of nim positions, table), with exactly one line on
 * stderr and no stack trace when it fails. Exit 1 (an internal error) fails the property.
 */
export function defineFlagFuzz(seed: number, runs: number): void {
  describe(`fuzzing flags through the CLI entry point (in-process, seed ${seed})`, () => {
    const tmp = tempDir();
    const bad = `${tmp.dir}/not-a-store.txt`;
    let main: (argv: string[]) => Promise<number>;
    let out = '';
    let err = '';
    const savedArgv = process.argv;
    const savedDb = process.env.GRUNDY_DB;

    beforeAll(async () => {
      writeFileSync(bad, 'not a store\n');
      process.env.GRUNDY_DB = bad;
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        out += String(chunk);
        return true;
      });
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
        err += String(chunk);
        return true;
      });
      vi.spyOn(process, 'exit').mockImplementation((code?: number | string | null) => {
        throw new Error(`process.exit(${code}) called by the CLI`);
      });
      // main.ts runs itself on import: give it a harmless command line, then undo its exit code.
      process.argv = [process.execPath, 'grundy', 'list', '--db', bad];
      const cli = (await import('../../src/cli/main.js')) as unknown as {
        main: (argv: string[]) => Promise<number>;
        selfRun: Promise<void>;
      };
      main = cli.main;
      await cli.selfRun;
      expect(process.exitCode).toBe(4);
      process.exitCode = 0;
    });
    afterAll(() => {
      process.argv = savedArgv;
      if (savedDb === undefined) delete process.env.GRUNDY_DB;
      else process.env.GRUNDY_DB = savedDb;
      vi.restoreAllMocks();
      tmp.cleanup();
    });

    it(`${runs} generated command lines: no internal error, failures one line, no stack trace`, async () => {
      const codes = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(commandLine, async (argv) => {
          out = '';
          err = '';
          const code = await main(['--db', bad, ...argv]);
          codes.set(code, (codes.get(code) ?? 0) + 1);
          expect([0, 2, 3, 4], `${JSON.stringify(argv)} -> ${code}: ${err}`).toContain(code);
          if (code === 0) return;
          expect(err.endsWith('\n') && err.indexOf('\n') === err.length - 1, `${JSON.stringify(argv)}: ${err}`).toBe(
            true,
          );
          expect(err.startsWith('grundy: ')).toBe(true);
          expect(out).toBe('');
        }),
        { numRuns: runs, seed },
      );
      // Both outcomes are exercised: the generator reaches past the parser as well as into it.
      expect(codes.get(2) ?? 0).toBeGreaterThan(runs / 10);
      expect(codes.get(4) ?? 0).toBeGreaterThan(runs / 100);
    });
  });
}
