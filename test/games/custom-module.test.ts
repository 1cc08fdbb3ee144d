import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { isOneLineError } from '../helpers/safety.js';

const FIXTURES = resolve(import.meta.dirname, '..', 'fixtures', 'modules');

/**
 * Each misbehaves at heap 700 (test/fixtures/modules/README.md); before it, g(n) = n mod 2. Only
 * the hanging ones get a short --module-timeout: on a loaded machine a dying thread can take longer
 * than 500 ms to be reported, and the watchdog would then speak first.
 */
const SHORT = '500ms';
const CASES: readonly { file: string; says: RegExp; stored: number; timeout?: string }[] = [
  { file: 'throws.js', says: /options\(700\) threw: boom at 700/, stored: 700 },
  { file: 'garbage-number.js', says: /options\(700\) returned 42, not a list of heap tuples/, stored: 700 },
  { file: 'garbage-heap.js', says: /options\(700\) yielded heap "x", not a non-negative integer/, stored: 700 },
  { file: 'garbage-fraction.js', says: /options\(700\) yielded heap 1.5, not a non-negative integer/, stored: 700 },
  { file: 'too-big.js', says: /options\(700\) yielded heap 700 >= 700/, stored: 700 },
  {
    file: 'hangs.js',
    says: /options\(700\) ran longer than the --module-timeout of 500 ms and was stopped/,
    stored: 700,
    timeout: SHORT,
  },
  {
    file: 'exits.js',
    says: new RegExp(
      String.raw`the worker failed twice on chunk \[\d+, \d+\) of module:exits\.js#\w+, at options\(700\) of the ` +
        String.raw`custom rules module .*exits\.js, the second time on a fresh thread`,
    ),
    stored: 700,
  },
  {
    file: 'hangs-on-load.js',
    says: /did not finish loading within the --module-timeout of 500 ms/,
    stored: 0,
    timeout: SHORT,
  },
];

function stored(db: string): { computed: number; values: number[] } {
  const store = Store.openForRead(db)!;
  try {
    const game = store.listGames()[0]!;
    return { computed: game.computed, values: Array.from(store.readValues(game)) };
  } finally {
    store.close();
  }
}

/** The keys of the stored games (none when the store was never created). */
function storedKeys(db: string): string[] {
  const store = Store.openForRead(db);
  try {
    return store ? store.listGames().map((g) => g.key) : [];
  } finally {
    store?.close();
  }
}

describe('custom modules that misbehave', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it.each(CASES)(
    '$file: stopped, module and position named, the values before it kept',
    async ({ file, says, stored: count, timeout }) => {
      const path = resolve(FIXTURES, file);
      const db = `${tmp.dir}/${file}.db`;
      const limit = timeout ?? '60s';
      const r = await runCli(
        ['compute', `module:${path}`, '--to', '2000', '--module-timeout', limit, '--workers', '1', '--db', db],
        {
          timeoutMs: 120_000,
        },
      );
      expect(r.code, r.stderr).toBe(5);
      expect(isOneLineError(r.stderr), r.stderr).toBe(true);
      expect(r.stderr).toContain(path);
      expect(r.stderr).toMatch(says);
      if (count === 0) {
        // A first compute that stored nothing leaves no empty table behind for `grundy list`.
        expect(r.stderr).toMatch(/nothing of module:\S+ is stored/);
        expect(storedKeys(db)).toEqual([]);
        return;
      }
      expect(r.stderr).toContain(`is stored up to n = ${count}`);
      const got = stored(db);
      expect(got.computed).toBe(count);
      expect(got.values).toEqual(Array.from({ length: count }, (_, n) => n % 2));
    },
  );

  it('a module that fails to load is a usage error naming the file', async () => {
    const path = `${tmp.dir}/syntax.js`;
    await import('node:fs').then((fs) => fs.writeFileSync(path, 'export function options(n) { return [[n - 1]; }\n'));
    const r = await runCli([
      'compute',
      `module:${path}`,
      '--to',
      '100',
      '--workers',
      '1',
      '--db',
      `${tmp.dir}/syntax.db`,
    ]);
    expect(r.code, r.stderr).toBe(2);
    expect(isOneLineError(r.stderr), r.stderr).toBe(true);
    expect(r.stderr).toContain(`custom rules module ${path} failed to load`);
    // No game row with 0 values left for `grundy list` to show (issue 40).
    expect(r.stderr).toContain('nothing of module:syntax.js#');
    expect(storedKeys(`${tmp.dir}/syntax.db`)).toEqual([]);
    const list = await runCli(['list', '--db', `${tmp.dir}/syntax.db`]);
    expect(list.stdout).not.toContain('syntax.js');
  });

  it('--module-timeout rejects what is not a duration', async () => {
    const r = await runCli([
      'compute',
      `module:${resolve(FIXTURES, 'slow.js')}`,
      '--module-timeout',
      '10 parsecs',
      '--db',
      `${tmp.dir}/x.db`,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--module-timeout '10 parsecs' has an unknown unit");
  });
});
