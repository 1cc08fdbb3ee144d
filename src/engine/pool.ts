import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Piscina } from 'piscina';
import { ComputeError } from '../errors.js';
import { StalledTaskError, WorkerDeathError } from './task-errors.js';
import { projectRoot } from '../project-root.js';
import { type Heartbeat, LOADING, watchHeartbeat } from '../kernels/heartbeat.js';
import { WARM } from '../worker/define-worker.js';

/**
 * A worker entry point, workers/<name>.worker.ts compiled and bundled into one file,
 * dist/threads/<name>.worker.js (Node 20 worker threads cannot run TypeScript, and a thread
 * loads one file in a third of the time it takes the files it is made of: rolldown.config.mjs).
 * Each kind of task has its own entry file; one pool runs them all.
 */
export function workerFile(name: string): string {
  return join(projectRoot(), 'dist', 'threads', `${name}.worker.js`);
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/** How long one position of a custom rules module may take before its worker is stopped. */
export const DEFAULT_MODULE_TIMEOUT_MS = 10_000;

export interface PoolOptions {
  /** Per-position limit for custom rules modules (grundy compute --module-timeout). */
  readonly moduleTimeoutMs?: number;
}

/**
 * The pool's threads run without require(esm). Piscina loads a task's entry file with require()
 * first, and Node (20.19+, 22.12+) then loads our ES modules synchronously inside it. A thread
 * terminated in the middle of that aborts the whole process ("v8::Module::IsGraphAsync must be
 * used on an instantiated module"): `grundy compute sub:1,3,4 --until-proven` is proven before
 * the second thread has loaded its first file, and pool.destroy() then took the process down in
 * 3-4 runs of 100. Without require(esm), Piscina falls back to import(), which a termination
 * stops cleanly (0 of 350). Only this option is given: a Worker refuses process-wide flags in
 * execArgv, and our worker files need none of the main thread's per-thread options. A Node that
 * does not know the option (it is a legacy alias of --no-require-module from Node 26) gets none,
 * since a Worker refuses unknown ones too.
 */
const NO_REQUIRE_ESM = '--no-experimental-require-module';
const THREAD_EXEC_ARGV: readonly string[] | undefined = process.allowedNodeEnvironmentFlags.has(NO_REQUIRE_ESM)
  ? [NO_REQUIRE_ESM]
  : undefined;

/**
 * Piscina is a CommonJS package: require() loads it in 11 ms here, import() in 17 (its ES module
 * wrapper, and the exports of the file behind it found by parsing it), and the import also
 * interleaved with the CLI's own loading, so a head start's threads began 25 ms later.
 */
const loadPiscina = (): typeof import('piscina') =>
  createRequire(import.meta.url)('piscina') as typeof import('piscina');

/**
 * A pool of `threads` threads. No default entry file: a thread would load it as it starts (the
 * games registry, 70 ms here), whatever its first task needs. Every task names its own (runOn).
 */
function startPiscina(threads: number): Promise<Piscina> {
  return Promise.resolve().then(() => {
    const { Piscina } = loadPiscina();
    const pool = new Piscina({
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: 60_000,
      ...(THREAD_EXEC_ARGV ? { execArgv: [...THREAD_EXEC_ARGV] } : {}),
    });
    // Piscina reports a thread that dies while idle as an 'error' event; unhandled, that event
    // would crash the CLI. A death during a task rejects that task instead (WorkerPool.runOn).
    pool.on('error', () => {});
    return pool;
  });
}

/** Threads started by headStart (`live` once Piscina has loaded) that no pool has taken yet. */
interface Started {
  readonly threads: number;
  readonly pool: Promise<Piscina>;
  live: Piscina | null;
}

let ahead: Started | null = null;

/**
 * Start `threads` pool threads now, for the next WorkerPool of as many threads to take.
 * `grundy compute` calls this before its own modules load (about 60 ms here), so a thread's
 * start (about 25 ms) and the loading of its first entry file overlap them on another core
 * instead of following them. A pool of another size stops these threads and starts its own;
 * releaseHeadStart stops them when no pool came.
 */
export function headStart(threads: number): void {
  if (ahead || !Number.isSafeInteger(threads) || threads < 1) return;
  const started: Started = { threads, pool: startPiscina(threads), live: null };
  started.pool.then(
    (pool) => {
      started.live = pool;
    },
    () => {},
  );
  ahead = started;
}

/** How many threads headStart started that no pool has taken (0 when none wait). */
export function headStartThreads(): number {
  return ahead?.threads ?? 0;
}

/** Stop the threads of headStart that no pool took (the command ended without one). */
export async function releaseHeadStart(): Promise<void> {
  const left = ahead;
  ahead = null;
  const pool = await left?.pool.catch(() => null);
  await pool?.destroy();
}

function takeHeadStart(threads: number): Started {
  if (ahead?.threads === threads) {
    const taken = ahead;
    ahead = null;
    return taken;
  }
  void releaseHeadStart();
  return { threads, pool: startPiscina(threads), live: null };
}

/** Watch a task's heartbeat; stop its worker once the heartbeat stands still this long. */
export interface TaskWatch {
  readonly heartbeat: Heartbeat;
  readonly timeoutMs: number;
  /** What runs the task, for messages: "custom rules module /path/rules.js". */
  readonly name: string;
  /** The message when the task stalls at `position` (LOADING before its first position). */
  readonly describe: (position: number) => string;
}

/** One kind of task a worker entry file takes, and the outcome it returns for it. */
export interface TaskKind {
  readonly task: unknown;
  readonly outcome: unknown;
}

/**
 * Worker entry files (workers/<name>.worker.ts) by name, each with the task kinds it takes.
 * The pool imports no feature: each layer declares the map of the tasks it sends
 * (engine/tasks.ts, play/batch-protocol.ts, sweep/protocol.ts) and workers/tasks.ts joins them.
 */
export type TaskMap<M> = { readonly [W in keyof M]: TaskKind };

export type TaskOf<M extends TaskMap<M>, W extends keyof M> = M[W]['task'];
/** The outcome of task T on worker W (a worker with several task kinds answers each in kind). */
export type OutcomeOf<M extends TaskMap<M>, W extends keyof M, T> = Extract<M[W], { task: T }>['outcome'] extends never
  ? M[W]['outcome']
  : Extract<M[W], { task: T }>['outcome'];

/**
 * One Piscina pool with a fixed number of threads; the only way kernels run in the CLI, typed by
 * the map M of the tasks it may be sent (a pool of a larger map is one of a smaller). Every task
 * gets the same two safety nets: a task whose worker thread dies is retried once on a fresh
 * thread (Piscina replaces the dead one), and a task with a heartbeat is stopped when it stands
 * still for too long.
 */
export class WorkerPool<M extends TaskMap<M>> {
  private started: Promise<Piscina> | null = null;
  /** The pool once it has loaded: destroy() stops its threads before it first yields. */
  private live: Piscina | null = null;
  readonly moduleTimeoutMs: number;

  constructor(
    readonly threads: number,
    options: PoolOptions = {},
  ) {
    this.moduleTimeoutMs = options.moduleTimeoutMs ?? DEFAULT_MODULE_TIMEOUT_MS;
    WorkerPool.entry('chunk');
  }

  /**
   * The threads start with the first task, not with the pool: a command that fails its checks
   * (a bad flag, a sweep name taken) never starts threads only to tear them down while they
   * are still loading, and its error reaches the user at once. Piscina itself loads then too:
   * about 22 ms that a command answering from the store (query, show, export) never needs.
   * Threads started ahead (headStart) are taken instead when there are as many, and are live at
   * once when Piscina has loaded. Every caller gets this one promise, whose callbacks run in the
   * order they were added, so tasks reach Piscina in the order they were given.
   */
  private piscina(): Promise<Piscina> {
    if (this.started) return this.started;
    const taken = takeHeadStart(this.threads);
    this.live = taken.live;
    const started = taken.pool.then((pool) => {
      if (this.started === started) this.live = pool;
      return pool;
    });
    this.started = started;
    return started;
  }

  private static entry(name: string): string {
    const file = workerFile(name);
    if (!existsSync(file)) throw new ComputeError(`worker file ${file} is missing; run 'npm run build' first`);
    return pathToFileURL(file).href;
  }

  /**
   * Run a task on the entry file dist/threads/<worker>.worker.js; its default export handles it.
   * A task that calls user code one position at a time comes with its watch (engine/module-watch.ts).
   * A rejection that is neither the caller's abort nor the watch's is a dead worker thread: the
   * task runs once more on a fresh thread, then fails with a WorkerDeathError.
   */
  async runOn<W extends keyof M & string, T extends TaskOf<M, W>>(
    worker: W,
    task: T,
    signal?: AbortSignal,
    label = `${worker} task`,
    watch?: TaskWatch,
  ): Promise<OutcomeOf<M, W, T>> {
    const filename = WorkerPool.entry(worker);
    // A loaded pool takes the task before this returns: the coordinator launches the next chunk
    // and then stores the last one, and an await here had the task wait for that commit (4-8 ms
    // before each gang of 2 * 10^6 heaps).
    const piscina = this.live ?? (await this.piscina());
    let firstDeath: string | null = null;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw new ComputeError(`${label} was cancelled`);
      const stall = new AbortController();
      let stalledAt: number | null = null;
      const stopWatching = watch
        ? watchHeartbeat(watch.heartbeat, watch.timeoutMs, (position) => {
            stalledAt = position;
            stall.abort();
          })
        : () => {};
      const taskSignal = signal ? AbortSignal.any([signal, stall.signal]) : stall.signal;
      try {
        return (await piscina.run(task, { filename, signal: taskSignal })) as OutcomeOf<M, W, T>;
      } catch (err) {
        if (stalledAt !== null) throw new StalledTaskError(watch!.describe(stalledAt), stalledAt);
        if (signal?.aborted) throw err;
        const reason = err instanceof Error ? err.message : String(err);
        if (attempt >= 2) {
          const position = watch ? watch.heartbeat.position : LOADING;
          const what =
            position === LOADING
              ? `the worker failed twice on ${label}`
              : `the worker failed twice on ${label}, at options(${position}) of the ${watch!.name}`;
          throw new WorkerDeathError(
            `${what}, the second time on a fresh thread (${firstDeath}; then ${reason})`,
            position,
          );
        }
        firstDeath = reason;
      } finally {
        stopWatching();
      }
    }
  }

  /**
   * Have `count` threads load the entry file of `worker` while they are idle, so that the first
   * task they get of it does not wait for its modules (a gang's second thread, while the first
   * runs the one-worker chunks below the gangs). Queue it after the task that should go first:
   * Piscina hands tasks out in order. Fire and forget: a failure here shows up again, and is
   * reported, on the first real task.
   */
  warm(worker: keyof M & string, count: number): void {
    const filename = WorkerPool.entry(worker);
    const post = (piscina: Piscina): void => {
      for (let i = 0; i < count; i++) piscina.run(WARM, { filename }).catch(() => {});
    };
    const started = this.piscina();
    // A live pool gets them now: the compute opens its store next, synchronously, and the
    // threads load the entry meanwhile (a callback would run only after the store had opened).
    if (this.live) post(this.live);
    else started.then(post).catch(() => {});
  }

  /**
   * Stop the threads. A loaded pool is told to before this yields, so that a caller's next step
   * (closing the store) overlaps their exit.
   */
  async destroy(): Promise<void> {
    const pool = this.started;
    const live = this.live;
    this.started = null;
    this.live = null;
    if (live) return live.destroy();
    // A Piscina that failed to load has no threads to stop; its first task reported why.
    const piscina = await pool?.catch(() => null);
    await piscina?.destroy();
  }
}
