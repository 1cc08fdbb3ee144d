import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeGame } from '../../src/engine/coordinator.js';
import type { FrozenTuning } from '../../src/engine/frozen-plan.js';
import { InterruptedError } from '../../src/errors.js';
import { parseRules } from '../../src/games/registry.js';
import { formatCode } from '../../src/rules/take-break.js';
import { Store } from '../../src/store/store.js';
import { plainTable, randomCode, rng } from '../helpers/frozen-driver.js';
import { tempDir } from '../helpers/cli.js';
import { poolsByWorkers } from '../helpers/pools.js';
import { storedComputer } from '../helpers/stored-compute.js';

/** Force the frozen prefix on small tables with odd chunk lengths, so every boundary case is crossed. */
const odd = (maxChunk: number, force = false): FrozenTuning => ({ orderedShare: 0.25, minWork: 0, maxChunk, force });

describe('frozen-prefix chunks on the pool: same values for 1, 2 and 3 workers', () => {
  const tmp = tempDir();
  const poolOf = poolsByWorkers([1, 2, 3]);
  afterAll(() => tmp.cleanup());

  const run = storedComputer(tmp.dir, poolOf);
  const compute = (spec: string, to: number, workers: number, tuning?: FrozenTuning, db?: string) =>
    run(spec, to, workers, { frozenTuning: tuning, kernel: 'frozen-prefix' }, db);

  // Two-heap code (three-heap splits cost n^2 per heap: they get their own, shorter case).
  const code = formatCode(randomCode(rng(99)).map((d) => d & 7));
  const cases: [string, number, FrozenTuning][] = [
    ['grundy', 6000, odd(101)],
    [`octal:${code}`, 2500, odd(37)],
    ['octal:0.f4', 300, odd(29)],
    ['sub:squares', 100_000, odd(1001)],
    ['sub:primes', 20_000, odd(501)],
    ['sub:powers2', 100_000, odd(1001, true)],
  ];
  for (const [spec, N, tuning] of cases) {
    it(`${spec} to ${N}`, async () => {
      const expected = Array.from(plainTable(parseRules(spec), N, undefined, 16));
      for (const k of [1, 2, 3]) {
        const { summary, values } = await compute(spec, N, k, tuning);
        expect(values, `${spec} with ${k} workers`).toEqual(expected);
        expect(summary.kernel).toMatch(/frozen-prefix:/);
        expect(summary.workers).toBe(k);
      }
    });
  }

  it('promotes the width 8 -> 16 -> 32 across chunks and resume (nim passes 255 and 65535)', async () => {
    const db = join(tmp.dir, 'nim.db');
    const first = await compute('nim', 300, 2, undefined, db);
    expect(first.width).toBe(16);
    const second = await compute('nim', 70_000, 3, undefined, db);
    expect(second.width).toBe(32);
    expect(second.values.every((v, n) => v === n)).toBe(true);
    expect(second.summary.workers).toBe(1); // the count kernel is sequential: say so
  });

  it('promotes the width inside frozen-prefix chunks (custom module, values pass 255)', async () => {
    const path = join(tmp.dir, 'nim-twin.mjs');
    writeFileSync(
      path,
      'export function options(n) { const out = []; for (let m = 0; m < n; m++) out.push([m]); return out; }\n',
    );
    for (const k of [1, 2, 3]) {
      const { summary, values, width } = await compute(`module:${path}`, 700, k, odd(53));
      expect(width).toBe(16);
      expect(values.every((v, n) => v === n)).toBe(true);
      expect(summary.kernel).toContain('frozen-prefix:custom-module');
    }
  });

  it('resumes with another worker count, and after an abort, to the same values', async () => {
    const N = 9000;
    const expected = Array.from(plainTable(parseRules('grundy'), N));
    const db = join(tmp.dir, 'resume.db');
    await compute('grundy', 4000, 2, odd(77), db);
    const abort = new AbortController();
    const store = Store.openForWrite(db);
    let caught: unknown;
    try {
      await computeGame({
        rules: parseRules('grundy'),
        store,
        pool: poolOf(3),
        to: N,
        untilProven: false,
        frozenTuning: odd(77),
        kernel: 'frozen-prefix',
        signal: abort.signal,
        onProgress: (p) => {
          if (p.computed > 5000) abort.abort();
        },
      });
    } catch (err) {
      caught = err;
    } finally {
      store.close();
    }
    expect(caught).toBeInstanceOf(InterruptedError);
    const resumed = await compute('grundy', N, 1, odd(77), db);
    expect(resumed.summary.newlyComputed).toBeLessThan(N - 5000);
    expect(resumed.values).toEqual(expected);
  });

  it('stores the values before a custom module fails inside a frozen-prefix chunk', async () => {
    const path = join(tmp.dir, 'fails.mjs');
    writeFileSync(
      path,
      'export function options(n) { if (n === 777) throw new Error("boom"); const out = []; for (let a = 1; ' +
        '2 * a < n; a++) out.push([a, n - a]); return out; }\n',
    );
    const db = join(tmp.dir, 'fails.db');
    const rules = parseRules(`module:${path}`);
    const store = Store.openForWrite(db);
    try {
      await expect(
        computeGame({
          rules,
          store,
          pool: poolOf(2),
          to: 2000,
          untilProven: false,
          frozenTuning: odd(101),
          kernel: 'frozen-prefix',
        }),
      ).rejects.toThrow(/boom/);
      const game = store.getGame(rules.key)!;
      expect(game.computed).toBe(777);
      expect(Array.from(store.readValues(game))).toEqual(Array.from(plainTable(parseRules('grundy'), 777)));
    } finally {
      store.close();
    }
  });

  it('reports one worker and the plain kernel for a finite subtraction set', async () => {
    const { summary } = await compute('sub:1,3,4', 50_000, 3);
    expect(summary.kernel).toBe('subtraction');
    expect(summary.workers).toBe(1);
  });
});
