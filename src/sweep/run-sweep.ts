import type { WorkerPool } from '../engine/pool.js';
import type { SweepTasks } from './protocol.js';
import { ComputeError, GrundyError, InterruptedError, StoreError, UsageError } from '../errors.js';
import type { Store } from '../store/store.js';
import { specJson, SweepStore, type SweepRow } from '../store/sweeps.js';
import {
  enumerateGames,
  sweepSize,
  validateSpec,
  type SkipCounts,
  type SweepGame,
  type SweepSpec,
} from './enumerate.js';
import { packGames, packResults, type BatchResults } from './batch.js';
import type { SweepBatchOutcome, SweepBatchTask } from './protocol.js';
import { faultHold } from '../testing/faults.js';

export interface SweepProgress {
  readonly name: string;
  /** Games with a result at this limit, including those finished by earlier runs. */
  readonly done: number;
  readonly total: number;
  /** Games finished by this run. */
  readonly doneNow: number;
  readonly elapsedMs: number;
}

export interface SweepRequest {
  readonly spec: SweepSpec;
  readonly name: string;
  /** The most values per game (--to). */
  readonly limit: number;
  /** Compute every game to `limit` values instead of stopping at its proof. */
  readonly fixedLength: boolean;
  readonly keepTables: boolean;
  readonly store: Store;
  /** Where batches are solved: the local Piscina pool, or the job queue (src/queue/remote-sweep.ts). */
  readonly pool: WorkerPool<SweepTasks> | SweepBackend;
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: SweepProgress) => void;
}

/** Anything that solves sweep batches: `threads` sets how many batches stay in flight. */
export interface SweepBackend {
  readonly threads: number;
  run(task: SweepBatchTask, label: string): Promise<SweepBatchOutcome>;
}

function backendOf(pool: WorkerPool<SweepTasks> | SweepBackend): SweepBackend {
  if (!('runOn' in pool)) return pool;
  return { threads: pool.threads, run: (task, label) => pool.runOn('sweep', task, undefined, label) };
}

export interface SweepSummary {
  readonly name: string;
  readonly games: number;
  readonly skipped: SkipCounts;
  /** Games already finished before this run (resume). */
  readonly resumed: number;
  /** Games solved by this run. */
  readonly computedNow: number;
  readonly done: number;
  readonly proven: number;
  readonly elapsedMs: number;
  readonly gamesPerSecond: number;
  readonly workers: number;
  readonly limit: number;
}

/** Work per batch: long enough to hide a task round-trip, short enough for live progress. */
const TARGET_BATCH_MS = 40;
const FIRST_BATCH = 8;
const MAX_BATCH = 4096;

/**
 * Run a named sweep: enumerate its games, skip those already finished under this name, solve
 * the rest in batches on the pool (each batch entirely inside one worker) and commit each
 * batch's results in one transaction as it returns. A few batches stay in flight per thread so
 * workers never wait for the commit. Aborting stops issuing batches; those in flight finish
 * and are committed, so a rerun resumes exactly.
 */
export async function runSweep(req: SweepRequest): Promise<SweepSummary> {
  const { spec, name, store } = req;
  const pool = backendOf(req.pool);
  validateSpec(spec);
  const started = performance.now();
  const size = sweepSize(spec);
  const sweeps = new SweepStore(store);
  const existing = sweeps.find(name);
  if (existing && specJson(existing.spec) !== specJson(spec)) {
    throw new UsageError(
      `a sweep named '${name}' already exists for other parameters (${specJson(existing.spec)}); pass --name ` +
        `with a new name, or repeat its parameters to resume it`,
    );
  }
  const sweep: SweepRow = existing ?? sweeps.create(name, spec, size.games, size.skipped, req.limit, req.fixedLength);
  const finished = sweeps.finishedGames(sweep, req.limit, req.fixedLength);
  const resumed = finished.size;
  sweeps.setStatus(sweep, 'running', req.limit, req.fixedLength);

  const games = enumerateGames(spec);
  let exhausted = false;
  const nextBatch = (count: number): SweepGame[] => {
    const batch: SweepGame[] = [];
    while (batch.length < count) {
      const it = games.next();
      if (it.done) {
        exhausted = true;
        break;
      }
      if (!finished.has(it.value.ord)) batch.push(it.value);
    }
    return batch;
  };

  let batchSize = FIRST_BATCH;
  let dispatched = 0;
  let doneNow = 0;
  let failure: GrundyError | null = null;
  const inFlight = new Map<number, Promise<{ id: number; games: SweepGame[]; outcome: SweepBatchOutcome }>>();
  const maxInFlight = Math.max(2, pool.threads * 2);
  let nextId = 0;

  const report = (): void =>
    req.onProgress?.({
      name,
      done: resumed + doneNow,
      total: size.games,
      doneNow,
      elapsedMs: performance.now() - started,
    });

  const commit = (batch: SweepGame[], results: BatchResults): void => {
    sweeps.commit(sweep, batch, results, req.keepTables, `sweep:${name}`);
    doneNow += results.ords.length;
  };

  try {
    while (true) {
      while (!exhausted && failure === null && !req.signal?.aborted && inFlight.size < maxInFlight) {
        // Near the end, smaller batches keep every thread busy until the last game.
        const remaining = size.games - resumed - dispatched;
        const batch = nextBatch(Math.max(1, Math.min(batchSize, Math.ceil(remaining / (4 * pool.threads)))));
        dispatched += batch.length;
        if (batch.length === 0) break;
        const task: SweepBatchTask = {
          kind: 'sweep-batch',
          games: packGames(batch),
          limit: req.limit,
          fixedLength: req.fixedLength,
          keepTables: req.keepTables,
        };
        const id = nextId++;
        inFlight.set(
          id,
          pool.run(task, describeBatch(batch)).then(
            (outcome) => ({ id, games: batch, outcome }),
            (err: unknown) => ({
              id,
              games: batch,
              outcome: {
                kind: 'error',
                message: err instanceof Error ? err.message : String(err),
                exitCode: 5,
                results: packResults([]),
              } as SweepBatchOutcome,
            }),
          ),
        );
      }
      if (inFlight.size === 0) break;
      const { id, games: batch, outcome } = await Promise.race(inFlight.values());
      inFlight.delete(id);
      commit(batch, outcome.results);
      if (outcome.kind === 'error') {
        failure ??=
          outcome.exitCode === 5
            ? new ComputeError(`sweep ${name} failed on ${outcome.message}`)
            : new GrundyError(outcome.message, outcome.exitCode);
      } else {
        batchSize = nextBatchSize(batchSize, outcome.results);
      }
      report();
      await faultHold('batch-stored', req.signal);
    }
  } catch (err) {
    // Only the commit can throw here: the store failed. Record what we can and say so.
    try {
      sweeps.setStatus(sweep, 'failed');
    } catch {
      // The original error says more.
    }
    await Promise.allSettled(inFlight.values());
    if (err instanceof GrundyError) throw err;
    throw new StoreError(
      `storing results of sweep ${name} failed (${err instanceof Error ? err.message : String(err)}); ` +
        `batches committed before are kept, rerun to resume`,
    );
  }

  const counts = sweeps.counts(sweep);
  if (failure) {
    sweeps.setStatus(sweep, 'failed');
    throw failure;
  }
  if (req.signal?.aborted && !exhausted) {
    sweeps.setStatus(sweep, 'interrupted');
    throw new InterruptedError(`interrupted: sweep ${name} has ${counts.done} of ${size.games} games stored`);
  }
  sweeps.setStatus(sweep, 'done');
  const elapsedMs = performance.now() - started;
  return {
    name,
    games: size.games,
    skipped: size.skipped,
    resumed,
    computedNow: doneNow,
    done: counts.done,
    proven: counts.proven,
    elapsedMs,
    gamesPerSecond: doneNow > 0 ? doneNow / (elapsedMs / 1000) : 0,
    workers: pool.threads,
    limit: req.limit,
  };
}

/** A batch named by its games, for errors: the first and last of them and how many. */
function describeBatch(batch: readonly SweepGame[]): string {
  const first = batch[0]!;
  const last = batch[batch.length - 1]!;
  if (batch.length === 1) return `a sweep batch of 1 game (${first.rules.key}, #${first.ord})`;
  return `a sweep batch of ${batch.length} games (${first.rules.key} #${first.ord} to ${last.rules.key} #${last.ord})`;
}

/** Aim the next batch at TARGET_BATCH_MS of work from what the last one cost per game. */
function nextBatchSize(current: number, results: BatchResults): number {
  const n = results.ords.length;
  if (n === 0) return current;
  let ms = 0;
  for (let i = 0; i < n; i++) ms += results.elapsedMs[i]!;
  const perGame = Math.max(1e-4, ms / n);
  const wanted = Math.round(TARGET_BATCH_MS / perGame);
  // Grow at most 4x per step: one cheap batch does not predict the next.
  return Math.max(1, Math.min(MAX_BATCH, current * 4, wanted));
}
