import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { headStart, headStartThreads, releaseHeadStart, WorkerPool } from '../../src/engine/pool.js';
import { parseRules, sparseShape } from '../../src/games/registry.js';
import { grundyKernel } from '../../src/kernels/grundy.js';
import { plainValues } from '../../src/kernels/values.js';
import { defineWorker, WARM } from '../../src/worker/define-worker.js';
import { runCli, tempDir } from '../helpers/cli.js';
import type { WorkerTasks } from '../../workers/tasks.js';

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

const rules = parseRules('grundy');
/** Grundy's game to 64 on a thread of the pool, checked against the kernel in process. */
async function sixtyFour(pool: WorkerPool<WorkerTasks>) {
  const g = new Uint16Array(new SharedArrayBuffer(2 * 64));
  const out = await pool.runOn('sparse', {
    kind: 'sparse',
    rules,
    shape: sparseShape(rules)!,
    buffer: g.buffer as SharedArrayBuffer,
    width: 16,
    lo: 0,
    hi: 64,
    maxBefore: 0,
    mask: { bits: 1, parity: 0 },
    rare: new Uint32Array(0),
    rareVal: new Int32Array(0),
  });
  expect(out.kind).toBe('done');
  const expected = plainValues(16, 64);
  grundyKernel().run(expected, 0, 64, 0);
  expect([...g]).toEqual([...expected]);
  return out;
}

/**
 * Resolves once Node has reported every promise rejected so far with no handler: it does so when
 * the microtasks of the task that rejected it have run, and setImmediate's callback runs in a
 * later task. A wait on the event loop's order, not on time: a dropped task left unhandled is
 * reported before this resolves however slow the machine.
 */
function rejectionsReported(): Promise<void> {
  return new Promise((done) => setImmediate(done));
}

describe('warming the pool threads', () => {
  it('an entry file answers a warm task without running its handler', async () => {
    let ran = 0;
    const entry = defineWorker((task: { kind: string }) => {
      ran++;
      return task.kind;
    });
    expect(await entry(WARM)).toEqual(WARM);
    expect(ran).toBe(0);
    expect(await entry({ kind: 'sparse' })).toBe('sparse');
    expect(ran).toBe(1);
  });

  it('a warm task runs what the entry prepares, and one that fails still answers', async () => {
    const prepared: string[] = [];
    const entry = defineWorker(
      (task: { kind: string }) => task.kind,
      undefined,
      () => {
        prepared.push('kernel');
        if (prepared.length > 1) throw new Error('no kernel here');
      },
    );
    expect(await entry(WARM)).toEqual(WARM);
    expect(await entry(WARM)).toEqual(WARM);
    expect(prepared).toEqual(['kernel', 'kernel']);
    expect(await entry({ kind: 'sparse' })).toBe('sparse');
    expect(prepared).toHaveLength(2);
  });

  it("warm tasks leave the entry's own tasks working, and a destroy right after them is clean", async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown): void => {
      rejections.push(reason);
    };
    process.on('unhandledRejection', onRejection);
    try {
      const pool = new WorkerPool<WorkerTasks>(2);
      pool.warm('sparse', 2);
      // A real task after the warm ones: both kinds of answer from the same entry file.
      const sent = performance.now();
      const out = await sixtyFour(pool);
      // The kernel's own time on its thread (what the sparse path chooser compares), within the round trip.
      if (out.kind === 'done') {
        expect(out.ms).toBeGreaterThanOrEqual(0);
        expect(out.ms).toBeLessThanOrEqual(performance.now() - sent);
      }
      await pool.destroy();
      // Threads still loading when the pool goes: their warm tasks are dropped quietly.
      const early = new WorkerPool<WorkerTasks>(2);
      early.warm('sparse', 2);
      await early.destroy();
      await rejectionsReported();
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});

describe('threads started ahead of their pool', () => {
  it('a pool of as many threads takes them; one of another size stops them and starts its own', async () => {
    headStart(2);
    expect(headStartThreads()).toBe(2);
    headStart(1); // the first ones still wait: no second set
    expect(headStartThreads()).toBe(2);
    const same = new WorkerPool<WorkerTasks>(2);
    await sixtyFour(same);
    expect(headStartThreads()).toBe(0);
    await same.destroy();

    headStart(2);
    const other = new WorkerPool<WorkerTasks>(1);
    await sixtyFour(other);
    expect(headStartThreads()).toBe(0);
    await other.destroy();
  });

  it('threads no pool took are stopped by releaseHeadStart, even while they start', async () => {
    headStart(2);
    await releaseHeadStart();
    expect(headStartThreads()).toBe(0);
    await releaseHeadStart(); // nothing left: a no-op
    headStart(0); // not a count: nothing starts
    expect(headStartThreads()).toBe(0);
  });
});
