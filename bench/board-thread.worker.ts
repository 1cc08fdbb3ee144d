import { parentPort, workerData } from 'node:worker_threads';
import { attachLineGame, computeRowsPipelined, type LineGameState } from '../src/board/line-games.js';

/** One thread of a pipelined Wythoff table: rows t, t + threads, ... (bench/board-threads.ts). */
interface Job {
  readonly state: LineGameState;
  readonly progress: Int32Array;
  readonly start: Int32Array;
  readonly t: number;
  readonly threads: number;
}

const job = workerData as Job;
// Typed arrays over SharedArrayBuffers arrive as views of the same memory.
const st = attachLineGame(job.state);
computeRowsPipelined(st, 0, 0, 1, null); // compile before the clock: nothing to do, n rows start at 0
Atomics.add(job.start, 1, 1);
Atomics.notify(job.start, 1);
Atomics.wait(job.start, 0, 0); // the main thread starts every thread at once
computeRowsPipelined(st, job.t, st.n, job.threads, job.progress);
parentPort!.postMessage('done');
