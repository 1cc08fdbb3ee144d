import { existsSync } from 'node:fs';
import { totalmem } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { isOneLineError } from '../helpers/safety.js';
import { checkTableFits } from '../../src/engine/planner.js';
import { keepsWindow, WINDOW_FROM } from '../../src/engine/sparse-window.js';
import { parseRules } from '../../src/games/registry.js';
import { availableMemory } from '../../src/memory.js';

describe('a --to that would not fit in memory', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('is refused before anything is allocated or created, naming the largest size that fits', async () => {
    const db = `${tmp.dir}/never.db`;
    // 1 MiB of budget: 0.75 * 2^20 / 5 bytes per value = 157,286 values.
    const r = await runCli(['compute', 'nim', '--to', '1e6', '--db', db], { env: { GRUNDY_MAX_MEMORY: '1M' } });
    expect(r.code, r.stderr).toBe(2);
    expect(isOneLineError(r.stderr), r.stderr).toBe(true);
    expect(r.stderr).toContain(
      '--to 1000000 would not fit: the largest table this machine can hold is 157286 values (use --to 157286 or less)',
    );
    expect(existsSync(db)).toBe(false);
    const fits = await runCli(['compute', 'nim', '--to', '157286', '--workers', '1', '--db', db], {
      env: { GRUNDY_MAX_MEMORY: '1M' },
    });
    expect(fits.code, fits.stderr).toBe(0);
  });

  it('a --to run of a sparse-space game past 2^27 keeps a window, so its length is no reason to refuse it', () => {
    expect(keepsWindow(parseRules('octal:0.6'), 2 ** 30, false)).toBe(true);
    // --until-proven keeps the table whole (periodicity reads it), and so do other families.
    expect(keepsWindow(parseRules('octal:0.6'), 2 ** 30, true)).toBe(false);
    expect(keepsWindow(parseRules('octal:0.6'), WINDOW_FROM, false)).toBe(false);
    expect(keepsWindow(parseRules('nim'), 2 ** 30, false)).toBe(false);
  });

  it('beyond what the kernels index is refused with the limit', async () => {
    const r = await runCli(['compute', 'nim', '--to', '2^40', '--db', `${tmp.dir}/never2.db`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--to 2^40 is too large; it must be at most 4294967296');
    expect(existsSync(`${tmp.dir}/never2.db`)).toBe(false);
    // Past 2^31 - 1 only a windowed sparse-space run goes on; a table kept whole says so.
    expect(keepsWindow(parseRules('octal:0.6'), 2 ** 32, false)).toBe(true);
    for (const args of [
      ['nim', '--to', '2^31'],
      ['octal:0.6', '--to', '2^32', '--until-proven'],
    ]) {
      const whole = await runCli(['compute', ...args, '--db', `${tmp.dir}/never4.db`]);
      expect(whole.code, args.join(' ')).toBe(2);
      expect(whole.stderr).toMatch(/past the 2147483647 values a table kept whole may have: only a sparse-space game/);
      expect(whole.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(`${tmp.dir}/never4.db`)).toBe(false);
    }
  });

  it('a GRUNDY_MAX_MEMORY that is not a size is a usage error', async () => {
    const r = await runCli(['compute', 'nim', '--to', '10', '--db', `${tmp.dir}/never3.db`], {
      env: { GRUNDY_MAX_MEMORY: 'lots' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("GRUNDY_MAX_MEMORY 'lots' is not a size");
  });
});

describe("the memory guard uses the container's limit when there is one", () => {
  const GiB = 2 ** 30;

  it('takes the smaller of the RAM and a real cgroup limit; 0, undefined and 2^64 mean no limit', () => {
    expect(availableMemory(16 * GiB, 2 * GiB)).toBe(2 * GiB);
    expect(availableMemory(16 * GiB, 0)).toBe(16 * GiB);
    expect(availableMemory(16 * GiB, undefined)).toBe(16 * GiB);
    expect(availableMemory(16 * GiB, 2 ** 64)).toBe(16 * GiB);
    expect(availableMemory(16 * GiB, Number.NaN)).toBe(16 * GiB);
    expect(availableMemory()).toBeLessThanOrEqual(totalmem());
    expect(availableMemory()).toBeGreaterThan(0);
  });

  it('a 1 GiB container refuses what its RAM would allow', () => {
    expect(() => checkTableFits(2 ** 30, availableMemory(64 * GiB, GiB))).toThrow(
      /largest table this machine can hold is 161061273 values/,
    );
    expect(() => checkTableFits(2 ** 30, availableMemory(64 * GiB, 2 ** 64))).not.toThrow();
  });
});
