import { Worker } from 'node:worker_threads';

/**
 * What the machine gives two threads at once: the same single-thread work timed alone, then on
 * `threads` threads together. On this shared VM the second core is sometimes a full core and
 * sometimes about 70% of one (two copies of a sequential kernel once ran 1.00x and 1.38x their
 * time alone): a two-worker figure means little without this one beside it.
 */
export interface CoreCheck {
  readonly aloneMs: number;
  /** Each thread's time when all ran at once, slowest last. */
  readonly togetherMs: readonly number[];
  /**
   * A round trip between two threads, in ns: each spins until the other has stored a word, then
   * stores it back. 94-136 ns at some moments of a session here, 406-428 ns at others (the VM's
   * two cores placed near or far apart), which the loops above do not see; the sparse pipe, which
   * hands over a block at a time, loses most of its lead in the slow state (bench/NOTES.md).
   */
  readonly roundTripNs: number;
}

/** About half a second alone here: long enough to meet the bursts in which the other core is taken. */
const STEPS = 250_000_000;
/** Hand-overs timed: a few tenths of a second at the slow figure. */
const HAND_OVERS = 500_000;

/** Each thread's time on its job (the loop, or its side of the hand-overs), from a common start. */
async function timed(threads: number, handOvers = 0): Promise<number[]> {
  const start = new Int32Array(new SharedArrayBuffer(8));
  const url = new URL('./core-check.worker.js', import.meta.url);
  const workers = Array.from(
    { length: threads },
    (_, id) => new Worker(url, { workerData: { start, steps: STEPS, handOvers, id } }),
  );
  // Awaited, not waited for with Atomics: a thread that fails to start must reject, not hang us.
  const message = (w: Worker, kind: 'ready' | 'done') =>
    new Promise<{ ms: number }>((resolve, reject) => {
      w.on('message', (m: { kind: string; ms: number }) => m.kind === kind && resolve(m));
      w.once('error', reject);
      w.once('exit', (code) => reject(new Error(`a core-check thread exited with code ${code}`)));
    });
  try {
    const results = workers.map((w) => message(w, 'done'));
    for (const r of results) r.catch(() => undefined); // a failed start is reported by the await below
    await Promise.all(workers.map((w) => message(w, 'ready')));
    Atomics.store(start, 0, 1);
    Atomics.notify(start, 0);
    return (await Promise.all(results)).map((m) => m.ms).sort((a, b) => a - b);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/** Alone before and after the threads together, the faster kept: one core's speed drifts too. */
export async function coreCheck(threads = 2): Promise<CoreCheck> {
  const first = (await timed(1))[0]!;
  const togetherMs = await timed(threads);
  return { aloneMs: Math.min(first, (await timed(1))[0]!), togetherMs, roundTripNs: await roundTripNs() };
}

/** A round trip between two threads (CoreCheck.roundTripNs), in ns: two hand-overs of the word. */
export async function roundTripNs(): Promise<number> {
  const ms = await timed(2, HAND_OVERS);
  return (ms[1]! * 1e6) / HAND_OVERS;
}

/** "alone 310 ms; 2 at once 312 / 428 ms (slowest x1.38); a round trip 131 ns". */
export function describeCoreCheck(c: CoreCheck): string {
  const slowest = c.togetherMs[c.togetherMs.length - 1]!;
  return (
    `alone ${c.aloneMs.toFixed(0)} ms; ${c.togetherMs.length} at once ` +
    `${c.togetherMs.map((t) => t.toFixed(0)).join(' / ')} ms (slowest x${(slowest / c.aloneMs).toFixed(2)}); ` +
    `a round trip ${c.roundTripNs.toFixed(0)} ns`
  );
}
