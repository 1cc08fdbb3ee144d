import { describe, expect, it, vi } from 'vitest';
import type { WorkerPool } from '../../src/engine/pool.js';
import { SparseRunner } from '../../src/engine/sparse-runner.js';
import { GANG } from '../../src/kernels/gang-control.js';
import { parseRules } from '../../src/games/registry.js';
import { sparseKernelChoice } from '../../src/wasm/sparse-module.js';
import type { WorkerTasks } from '../../workers/tasks.js';

/**
 * A pool that records the tasks it is given and lets the test decide when the ready tasks
 * return: the one-worker chunk and the gang members "run" at once (a member marks its whole
 * range finished), so only the order of the tasks is under test.
 */
function scriptedPool(): { pool: WorkerPool<WorkerTasks>; kinds: string[]; releaseReady: () => void } {
  const kinds: string[] = [];
  let release!: () => void;
  const readyGate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const runOn = async (
    _worker: string,
    task: { kind: string; lo?: number; hi?: number; control?: SharedArrayBuffer },
  ) => {
    kinds.push(task.kind);
    if (task.kind === 'sparse-ready') {
      await readyGate;
      return { kind: 'ready' };
    }
    if (task.kind === 'sparse')
      return { kind: 'done', next: task.hi, maxValue: 0, rare: new Int32Array(0), ms: 1, kernel: 'scripted' };
    const ctl = new Int32Array(task.control!);
    Atomics.store(ctl, GANG.FINISHED, Math.max(Atomics.load(ctl, GANG.FINISHED), task.hi!));
    return { kind: 'member-done', kernel: 'scripted' };
  };
  return {
    pool: { threads: 3, runOn, run: runOn } as unknown as WorkerPool<WorkerTasks>,
    kinds,
    releaseReady: release,
  };
}

/**
 * Count the awaits on a promise-valued property of `target` from now on: each read hands out a
 * thenable over the promise, and `await` calls its then. stop() puts the plain property back.
 */
function watchAwaits(target: object, key: string): { count: () => number; stop: () => void } {
  const holder = target as Record<string, unknown>;
  let value = holder[key];
  let count = 0;
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get: () =>
      value instanceof Promise
        ? {
            // biome-ignore lint/suspicious/noThenProperty: a thenable is the point: await calls it.
            then: (ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) => {
              count++;
              return (value as Promise<unknown>).then(ok, fail);
            },
          }
        : value,
    set: (v: unknown) => {
      value = v;
    },
  });
  return {
    count: () => count,
    stop: () => Object.defineProperty(target, key, { configurable: true, enumerable: true, writable: true, value }),
  };
}

describe('the tasks that ready the gang members of a sparse arena', () => {
  it.runIf(sparseKernelChoice() === 'wasm')(
    'hold the first gang back until they have all returned: any thread may run any member',
    async () => {
      const runner = SparseRunner.for(parseRules('grundy'), 3, { parallel: 'force', chunk: 100 })!;
      const g = runner.table(8, 4000, 4000)!;
      const { pool, kinds, releaseReady } = scriptedPool();
      const first = await runner.run({ pool, g, width: 8, lo: 0, hi: runner.chunkEnd(0, 4000), maxBefore: 0 });
      if (first.kind !== 'done') throw new Error(`the first chunk ended ${first.kind}`);
      expect(kinds).toEqual(['sparse', 'sparse-ready', 'sparse-ready']);
      const lo = first.next;
      // The runner's gangs (engine/sparse-gangs.ts) hold the ready tasks.
      const waits = watchAwaits(Reflect.get(runner, 'gangs') as object, 'readying');
      const gang = runner.run({ pool, g, width: 8, lo, hi: runner.chunkEnd(lo, 4000), maxBefore: 0 });
      // Until the runner either waits for the ready tasks or posts the gang: no time to guess.
      await vi.waitFor(
        () => {
          if (waits.count() === 0 && !kinds.includes('sparse-gang'))
            throw new Error('the gang chunk has not decided yet');
        },
        { timeout: 60_000, interval: 5 },
      );
      expect(kinds).not.toContain('sparse-gang');
      expect(waits.count()).toBeGreaterThan(0);
      waits.stop();
      releaseReady();
      expect((await gang).kind).toBe('done');
      expect(kinds.filter((k) => k === 'sparse-gang')).toHaveLength(3);
      await runner.close();
    },
  );
});
