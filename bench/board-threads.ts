/**
 * Wythoff's table on 1 and 2 threads: rows pipelined over SharedArrayBuffers
 * (computeRowsPipelined: thread t takes rows t, t + T, ..., each a step behind the row above).
 * Checksums must equal the one-thread kernel's (and the C reference's, 171645068309834020 at 8192).
 *
 *   node dist/bench/board-threads.js [N] [thread counts, e.g. 1,2]
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { boardChecksum, expandUpper } from '../src/board/table.js';
import { createLineGame } from '../src/board/line-games.js';

const n = Number(process.argv[2] ?? 8192);
const counts = (process.argv[3] ?? '1,2').split(',').map(Number);

async function run(threads: number): Promise<{ secs: number; checksum: bigint }> {
  const state = createLineGame(n, true, true);
  const progress = new Int32Array(new SharedArrayBuffer(4 * n));
  const start = new Int32Array(new SharedArrayBuffer(8));
  const url = new URL('./board-thread.worker.js', import.meta.url);
  const workers = Array.from(
    { length: threads },
    (_, t) => new Worker(url, { workerData: { state, progress, start, t, threads } }),
  );
  const done = workers.map(
    (w) => new Promise<void>((resolve, reject) => w.once('message', () => resolve()).once('error', reject)),
  );
  while (Atomics.load(start, 1) < threads) await new Promise((r) => setTimeout(r, 5));
  const t0 = performance.now();
  Atomics.store(start, 0, 1);
  Atomics.notify(start, 0);
  await Promise.all(done);
  const values = expandUpper(state.values, n);
  const secs = (performance.now() - t0) / 1000;
  await Promise.all(workers.map((w) => w.terminate()));
  return { secs, checksum: boardChecksum({ n, values }) };
}

for (const threads of counts) {
  const { secs, checksum } = await run(threads);
  console.log(`wythoff N=${n} threads=${threads} time_s=${secs.toFixed(3)} checksum=${checksum}`);
}
