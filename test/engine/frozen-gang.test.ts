import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FrozenTuning } from '../../src/engine/frozen-plan.js';
import { parseRules } from '../../src/games/registry.js';
import { tempDir } from '../helpers/cli.js';
import { plainTable } from '../helpers/frozen-driver.js';
import { poolsByWorkers } from '../helpers/pools.js';
import { storedComputer } from '../helpers/stored-compute.js';

/** Short chunks of odd length (so tiles of odd length too), the frozen prefix from the start. */
const odd = (maxChunk: number): FrozenTuning => ({ orderedShare: 0.25, minWork: 0, maxChunk });

describe('frozen-prefix gangs (src/engine/frozen-gang.ts)', () => {
  const tmp = tempDir();
  const poolOf = poolsByWorkers([1, 2]);
  afterAll(() => tmp.cleanup());
  const run = storedComputer(tmp.dir, poolOf);
  const compute = (spec: string, to: number, workers: number, tuning: FrozenTuning, db?: string) =>
    run(spec, to, workers, { frozenTuning: tuning, kernel: 'frozen-prefix' }, db);

  it('regrows the rows and widens the table 8 -> 16 inside gang chunks, same values on 1 and 2 workers', async () => {
    // Values pass 255 before 2600: chunks stop both where they outgrow the rows and where they
    // outgrow a byte.
    const spec = 'octal:0.4444444444444444';
    const N = 2600;
    const expected = Array.from(plainTable(parseRules(spec), N, undefined, 16));
    expect(Math.max(...expected)).toBeGreaterThan(255);
    for (const k of [1, 2]) {
      const { summary, values, width } = await compute(spec, N, k, odd(301));
      expect(values, `${k} workers`).toEqual(expected);
      expect(width).toBe(16);
      expect(summary.kernel).toContain('frozen-prefix:take-break');
      expect(summary.frozen.regrows).toBeGreaterThan(0);
      expect(summary.workers).toBe(k);
    }
  });

  it('resumes a table stored by a gang of the other size', async () => {
    const db = join(tmp.dir, 'resume.db');
    const expected = Array.from(plainTable(parseRules('sub:triangular'), 40_000, undefined, 16));
    await compute('sub:triangular', 15_001, 2, odd(1999), db);
    const resumed = await compute('sub:triangular', 40_000, 1, odd(2001), db);
    expect(resumed.summary.newlyComputed).toBe(40_000 - 15_001);
    expect(resumed.values).toEqual(expected);
  });
});
