import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import {
  finishedAt,
  GANG,
  GANG_SLOTS,
  reportFinished,
  SPIN_MS,
  spinBudget,
  waitFinished,
} from '../../src/kernels/gang-control.js';

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

/** Another thread that publishes FINISHED = 100, 200, ... every ms up to `to`, the way members do. */
function membersLater(ctl: Int32Array, to: number): Worker {
  const code = `
    const { workerData } = require('node:worker_threads');
    const ctl = workerData.ctl;
    let at = ${100};
    const timer = setInterval(() => {
      Atomics.store(ctl, ${GANG.FINISHED}, at);
      Atomics.notify(ctl, ${GANG.FINISHED});
      const want = Atomics.load(ctl, ${GANG.REPORT});
      if (want > 0 && at >= want && Atomics.compareExchange(ctl, ${GANG.REPORT}, want, 0) === want)
        Atomics.notify(ctl, ${GANG.REPORT});
      at += 100;
      if (at > ${to}) clearInterval(timer);
    }, 1);
  `;
  return new Worker(code, { eval: true, workerData: { ctl } });
}

describe('the main thread waiting for a gang that goes on', () => {
  it('resolves at once when FINISHED is past the target, and leaves no report asked for', async () => {
    const ctl = control(500, 1000);
    await finishedAt(ctl, 400, new Promise(() => {}));
    expect(ctl[GANG.REPORT]).toBe(0);
  });

  it('wakes when a member moves FINISHED past the target, not before, with the members still going', async () => {
    const ctl = control(0, 100_000);
    const members = membersLater(ctl, 3000);
    try {
      await finishedAt(ctl, 1250, new Promise(() => {}));
      expect(Atomics.load(ctl, GANG.FINISHED)).toBeGreaterThanOrEqual(1250);
      await finishedAt(ctl, 2500, new Promise(() => {}));
      expect(Atomics.load(ctl, GANG.FINISHED)).toBeGreaterThanOrEqual(2500);
    } finally {
      await members.terminate();
    }
  });

  it('resolves when the members end short of the target', async () => {
    const ctl = control(300, 1000);
    let end!: () => void;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    const waiting = finishedAt(ctl, 900, ended);
    setTimeout(end, 5);
    await waiting;
    expect(Atomics.load(ctl, GANG.FINISHED)).toBe(300);
    expect(ctl[GANG.REPORT]).toBe(0);
  });

  it('a member wakes the main thread once, when it reaches the heap asked for', () => {
    const ctl = control(0, 1000);
    ctl[GANG.REPORT] = 500;
    reportFinished(ctl, 400);
    expect(ctl[GANG.REPORT]).toBe(500);
    reportFinished(ctl, 600);
    expect(ctl[GANG.REPORT]).toBe(0);
  });
});
