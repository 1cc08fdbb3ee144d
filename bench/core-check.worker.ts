import { parentPort, workerData } from 'node:worker_threads';

/**
 * A fixed amount of single-thread work (bench/core-check.ts): xorshift steps scattered over a
 * 256 KiB table, about the working set of a sparse kernel, timed from the common start.
 */
interface Job {
  readonly start: Int32Array;
  readonly steps: number;
}

const { start, steps } = workerData as Job;
const table = new Uint32Array(1 << 16);
const run = (n: number): number => {
  let x = 2463534242;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    table[x & 0xffff] = (table[x & 0xffff]! + x) >>> 0;
  }
  return x;
};
run(1e5); // compile before the clock
parentPort!.postMessage({ kind: 'ready' });
Atomics.wait(start, 0, 0); // the main thread starts every thread at once
const t0 = performance.now();
const x = run(steps);
parentPort!.postMessage({ kind: 'done', ms: performance.now() - t0, x });
