import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { GANG, GANG_SLOTS, SPIN_MS, spinBudget, waitFinished } from '../../src/gang/control.js';

/** A control block as a gang's: every heap below `finished` final, nothing started at or past `stop`. */
function control(finished: number, stop: number): Int32Array {
  const ctl = new Int32Array(new SharedArrayBuffer(GANG_SLOTS * 4));
  ctl[GANG.FINISHED] = finished;
  ctl[GANG.STOP] = stop;
  return ctl;
}

/** Another thread that, after `ms`, publishes FINISHED = value the way a member does. */
function publishLater(ctl: Int32Array, value: number, ms: number): Worker {
  const code = `
    const { workerData } = require('node:worker_threads');
    const ctl = workerData.ctl;
    setTimeout(() => { Atomics.store(ctl, ${GANG.FINISHED}, ${value}); Atomics.notify(ctl, ${GANG.FINISHED}); }, ${ms});
  `;
  return new Worker(code, { eval: true, workerData: { ctl } });
}

describe('a gang member waiting for the heaps before its own', () => {
  for (const spin of [0, SPIN_MS, 50]) {
    it(`returns at once when they are final, and false when they never will be (spin ${spin} ms)`, () => {
      expect(waitFinished(control(100, 200), 100, spin)).toBe(true);
      // Stopped below the target: the heaps it waits for will never be finished.
      expect(waitFinished(control(100, 150), 160, spin)).toBe(false);
      const aborted = control(100, 200);
      aborted[GANG.ABORT] = 1;
      expect(waitFinished(aborted, 160, spin)).toBe(false);
    });

    it(`wakes when another thread publishes them (spin ${spin} ms)`, async () => {
      const ctl = control(100, 1000);
      const other = publishLater(ctl, 500, 30);
      try {
        // 50 ms of watching covers the publication; 0 and SPIN_MS sleep in Atomics.wait first.
        expect(waitFinished(ctl, 400, spin)).toBe(true);
        expect(Atomics.load(ctl, GANG.FINISHED)).toBe(500);
      } finally {
        await other.terminate();
      }
    });
  }

  it('watches before sleeping only while every member can have a core', () => {
    const cores = availableParallelism();
    expect(spinBudget(1)).toBe(SPIN_MS);
    expect(spinBudget(cores)).toBe(SPIN_MS);
    expect(spinBudget(cores + 1)).toBe(0);
  });
});
