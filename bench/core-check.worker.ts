import { parentPort, workerData } from 'node:worker_threads';

/**
 * A fixed amount of single-thread work (bench/core-check.ts): xorshift steps scattered over a
 * 256 KiB table, about the working set of a sparse kernel, timed from the common start. With
 * `handOvers`, instead thread `id` (0 or 1) of two takes its turns on a shared word: it spins
 * until the word is its turn, then hands it to the other.
 */
interface Job {
  readonly start: Int32Array;
  readonly steps: number;
  readonly handOvers: number;
  readonly id: number;
}

const { start, steps, handOvers, id } = workerData as Job;
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
/** Turns 2i + id of the word start[1]: each waits for its own, then hands the next to the other. */
const takeTurns = (n: number): number => {
  for (let i = 0; i < n; i++) {
    const mine = 2 * i + id;
    while (Atomics.load(start, 1) !== mine) {}
    Atomics.store(start, 1, mine + 1);
  }
  return n;
};
if (handOvers === 0) run(1e5); // compile before the clock
parentPort!.postMessage({ kind: 'ready' });
Atomics.wait(start, 0, 0); // the main thread starts every thread at once
const t0 = performance.now();
const x = handOvers > 0 ? takeTurns(handOvers) : run(steps);
parentPort!.postMessage({ kind: 'done', ms: performance.now() - t0, x });
