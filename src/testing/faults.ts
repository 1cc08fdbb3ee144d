import { appendFileSync, existsSync, readFileSync } from 'node:fs';

/**
 * Fault injection for the crash and worker-death tests. Inert unless the test harness sets one
 * of these environment variables; they exist so that "killed in the middle of a commit" and
 * "a worker thread died mid-chunk" are reproducible points rather than lucky timings.
 *
 *   GRUNDY_FAULT_KILL=<point>:<k>          SIGKILL this process the k-th time it reaches <point>
 *                                          (points: 'commit' = inside a store write's transaction
 *                                          (a chunk, a board, a graph table), after its rows and
 *                                          before the high-water mark; 'after-commit' = right after
 *                                          it; every writer's default hooks, src/store/store.ts)
 *   GRUNDY_FAULT_WORKER_EXIT=<n>:<times>:<file>
 *                                          a chunk worker whose range holds heap n scribbles
 *                                          over its range and exits its thread, at most <times>
 *                                          times in total (counted in <file>, shared by threads)
 *   GRUNDY_FAULT_HOLD=<point>:<k>[:deaf]   the k-th time a job reaches <point> it stands still
 *                                          there until it is interrupted, so a test can look at
 *                                          or signal a job that is surely still running, however
 *                                          fast the machine; with ':deaf' it ignores the
 *                                          interruption too, so only a second Ctrl-C ends it
 *                                          (points: 'chunk-stored' = a compute just stored a
 *                                          chunk; 'batch-stored' = a sweep just stored a batch);
 *                                          a hold nobody ends exits 70 after 5 minutes, so a
 *                                          failed test leaves no process behind
 *   GRUNDY_FAULT_WORKER_HOLD=<n>:<file>    a chunk worker whose range holds heap n appends a byte
 *                                          to <file>, then stands still (its thread blocked) until
 *                                          the pool stops its task, so a test can tell a chunk
 *                                          that was stopped from one that was waited for; after
 *                                          5 minutes the thread exits 70. A compute about to stop
 *                                          a chunk in flight waits (up to a minute) for <file>,
 *                                          so the stop surely finds the worker standing still
 */
const killSpec = parseKill(process.env.GRUNDY_FAULT_KILL);
const hits = new Map<string, number>();

function parseKill(spec: string | undefined): { point: string; k: number } | null {
  if (!spec) return null;
  const m = /^([a-z-]+):(\d+)$/.exec(spec);
  return m ? { point: m[1]!, k: Number(m[2]) } : null;
}

/** Die here, at once and without cleanup, if the harness asked for it. */
export function faultPoint(point: string): void {
  if (killSpec === null || killSpec.point !== point) return;
  const hit = (hits.get(point) ?? 0) + 1;
  hits.set(point, hit);
  if (hit !== killSpec.k) return;
  process.kill(process.pid, 'SIGKILL');
  // Delivery is asynchronous on some platforms: do not let this thread run on meanwhile.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000);
}

/**
 * Should the worker handling [lo, hi) die now? Consumes one of the allowed deaths when it
 * says yes.
 */
export function workerShouldDie(lo: number, hi: number): boolean {
  const spec = process.env.GRUNDY_FAULT_WORKER_EXIT;
  if (!spec) return false;
  const m = /^(\d+):(\d+):(.+)$/.exec(spec);
  if (!m) return false;
  const n = Number(m[1]);
  const times = Number(m[2]);
  const file = m[3]!;
  if (n < lo || n >= hi) return false;
  let died = 0;
  try {
    died = readFileSync(file, 'utf8').length;
  } catch {
    died = 0;
  }
  if (died >= times) return false;
  appendFileSync(file, 'x');
  return true;
}

/** GRUNDY_FAULT_WORKER_HOLD's heap and file, or null when unset. */
function parseWorkerHold(spec: string | undefined): { readonly n: number; readonly file: string } | null {
  const m = /^(\d+):(.+)$/.exec(spec ?? '');
  return m ? { n: Number(m[1]), file: m[2]! } : null;
}

// Parsed once, like the other fault variables: workerHold runs before every plain chunk.
const workerHoldSpec = parseWorkerHold(process.env.GRUNDY_FAULT_WORKER_HOLD);

/** Block this worker thread if its chunk [lo, hi) holds the heap GRUNDY_FAULT_WORKER_HOLD names. */
export function workerHold(lo: number, hi: number): void {
  const spec = workerHoldSpec;
  if (spec === null || spec.n < lo || spec.n >= hi) return;
  appendFileSync(spec.file, 'x');
  // Only terminating the thread ends this wait.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300_000);
  process.exit(70);
}

/** Resolve once the worker GRUNDY_FAULT_WORKER_HOLD names stands still (at once when unset). */
export async function workerHeld(): Promise<void> {
  const spec = workerHoldSpec;
  if (spec === null) return;
  for (let waited = 0; waited < 60_000 && !existsSync(spec.file); waited += 10) {
    await new Promise((done) => setTimeout(done, 10));
  }
}

const holdSpec = parseHold(process.env.GRUNDY_FAULT_HOLD);

function parseHold(spec: string | undefined): { point: string; k: number; deaf: boolean } | null {
  if (!spec) return null;
  const m = /^([a-z-]+):(\d+)(:deaf)?$/.exec(spec);
  return m ? { point: m[1]!, k: Number(m[2]), deaf: m[3] !== undefined } : null;
}

/**
 * Stand still here if the harness asked for it: a promise that settles when `signal` aborts
 * (never when deaf), else undefined at once. Call it where the job's state is consistent.
 */
export function faultHold(point: string, signal: AbortSignal | undefined): Promise<void> | undefined {
  if (holdSpec === null || holdSpec.point !== point) return undefined;
  const hit = (hits.get(`hold:${point}`) ?? 0) + 1;
  hits.set(`hold:${point}`, hit);
  if (hit !== holdSpec.k) return undefined;
  return new Promise((resolve) => {
    // A pending promise alone does not keep Node alive: the timer does, for a bounded time.
    const abandoned = setTimeout(() => {
      process.stderr.write(`grundy: GRUNDY_FAULT_HOLD at ${point}: not interrupted within 5 minutes, exiting\n`);
      process.exit(70);
    }, 300_000);
    if (holdSpec.deaf || signal === undefined) return;
    const go = (): void => {
      clearTimeout(abandoned);
      resolve();
    };
    if (signal.aborted) go();
    else signal.addEventListener('abort', go, { once: true });
  });
}

/**
 * GRUNDY_FAULT_JOB_FAIL=<ord>: a queue worker throws on every job whose batch holds the game of
 * enumeration position <ord>, so a test sees a job that fails deterministically on every attempt.
 */
export function faultJobFails(ords: Int32Array): boolean {
  const spec = process.env.GRUNDY_FAULT_JOB_FAIL;
  if (!spec || !/^\d+$/.test(spec)) return false;
  return ords.includes(Number(spec));
}
