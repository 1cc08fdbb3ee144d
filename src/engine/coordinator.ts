import { ComputeError, GrundyError, InterruptedError } from '../errors.js';
import {
  chunkValues,
  regrow,
  resumeRanges,
  sharedValues,
  tableMax,
  tableWidth,
  widthFor,
  wider,
  type Table,
  type Width,
  WindowedValues,
} from '../kernels/values.js';
import type { Periodicity } from '../period/detect.js';
import { acquireComputeLock } from '../store/locks.js';
import { removeEmptyGame } from '../store/manage.js';
import { familyOf, periodDetector } from '../games/registry.js';
import { computeExplicit } from './explicit.js';
import type { ComputeRequest, ComputeSummary } from './compute-request.js';
import { checkPointAfter, checkPointAtMost, checkTableFits } from './planner.js';
import type { ChunkOutcome } from './protocol.js';
import type { SparsePhaseStats } from './sparse-runner.js';
import { selectStrategies } from './strategies.js';
import type { ChunkStrategy } from './strategy.js';
import { faultHold, workerHeld } from '../testing/faults.js';
import { keepsWindow, WINDOW_KERNEL } from './sparse-window.js';
import { FILL_BLOCK, fillsByPeriod, nextLook, PERIOD_KERNEL, periodOf, periodValues } from './period-fill.js';

/** Values read from the store a query at a time when a run resumes. */
const RESUME_BLOCK = 1 << 22;

/**
 * Compute a game's table up to a target, resuming from what is stored. Chunks run on the pool
 * while this thread persists each finished chunk (chunk and high-water mark in one
 * transaction), checks periodicity and reports progress.
 */
export async function computeGame(req: ComputeRequest): Promise<ComputeSummary> {
  // One compute per game per store at a time, across processes (store/locks.ts).
  const lock = await acquireComputeLock(req.store, req.rules.key, { ...req.lock, signal: req.signal });
  try {
    // A game graph is computed whole (`to` and `untilProven` do not apply: its size is the file's).
    const family = familyOf(req.rules);
    if (family.kind === 'graph') return await computeExplicit(req, family.explicit);
    // A first compute that fails before its first chunk (a module that does not load) leaves no
    // row behind: `grundy list` would show an empty table that was never computed.
    const existed = req.store.getGame(req.rules.key) !== undefined;
    try {
      return await computeLocked(req);
    } catch (err) {
      if (!existed && !(err instanceof InterruptedError)) dropEmptyRow(req.store, req.rules.key);
      throw err;
    }
  } finally {
    lock.release();
  }
}

function dropEmptyRow(store: ComputeRequest['store'], key: string): void {
  try {
    removeEmptyGame(store, key);
  } catch {
    // The store itself failed: the compute's error says more than this one would.
  }
}

async function computeLocked(req: ComputeRequest): Promise<ComputeSummary> {
  const { rules, store, pool } = req;
  const started = performance.now();
  const startedAt = new Date().toISOString();
  let game = store.ensureGame(rules);
  const startedFrom = game.computed;
  const detector = periodDetector(rules);
  const stored = store.getCertificate(game);
  let periodicity: Periodicity | null = stored ?? null;

  // Truthful reporting: every kernel that ran, in order of first use, and the most pool threads
  // any chunk kept busy (sequential kernels use one whatever --workers says).
  const kernelsUsed: string[] = [];
  let workersUsed = 0;
  const strategies = selectStrategies(rules, pool.threads, req.kernel ?? 'auto', {
    frozen: req.frozenTuning,
    sparse: req.sparseTuning,
    subtract: req.subtractTuning,
  });
  const frozenStats = strategies.frozen;
  const sparseStats: SparsePhaseStats = strategies.sparse;

  // The strategy of the last chunk run: progress and the summary show its facts.
  let last: ChunkStrategy | null = null;
  const finish = (stop: ComputeSummary['stop'], kernel: string): ComputeSummary => {
    const elapsedMs = performance.now() - started;
    const newlyComputed = game.computed - startedFrom;
    return {
      game: rules.key,
      kind: 'heap',
      computed: game.computed,
      newlyComputed,
      maxValue: game.maxValue,
      periodicity,
      elapsedMs,
      statesPerSecond: newlyComputed > 0 ? newlyComputed / (elapsedMs / 1000) : 0,
      workers: workersUsed,
      kernel,
      frozen: frozenStats,
      sparse: sparseStats,
      facts: last?.facts?.() ?? null,
      stop,
    };
  };

  if (req.untilProven && stored?.proven) return finish('already-proven', 'none');
  if (game.computed >= req.to) {
    if (!req.untilProven || detector.criterion === null) return finish('already-computed', 'none');
  }
  // --to N: a period is looked for at doubling sizes, between chunks (none is cut for it); once
  // proven, the rest of the table follows from it (engine/period-fill.ts).
  const tuned = req.sparseTuning ?? req.frozenTuning ?? req.subtractTuning;
  const automatic = (req.kernel ?? 'auto') === 'auto' && tuned === undefined;
  const fills = !req.untilProven && fillsByPeriod(rules, detector, automatic);
  // A proof stored before leaves the kernels nothing: no table is made for them, nor read back.
  const proved = fills && stored?.proven === true;
  // A windowed table's memory does not grow with `to` (engine/sparse-window.ts).
  if (!proved && ((req.kernel ?? 'auto') !== 'auto' || !keepsWindow(rules, req.to, req.untilProven)))
    checkTableFits(req.to);

  // The values live in shared memory (a strategy's, else a SharedArrayBuffer) that grows
  // geometrically in --until-proven mode; the first `count` values of `from` are copied in.
  const table = (w: Width, cap: number, from?: Table, count = 0): Table => {
    for (const strategy of strategies.list) {
      const made = strategy.table?.(w, cap, req.to, from, count);
      if (made) return made;
    }
    return from ? regrow(from, count, w, cap) : sharedValues(w, cap);
  };
  let capacity = req.untilProven ? Math.min(req.to, Math.max(1 << 16, game.computed * 2)) : req.to;
  capacity = Math.max(capacity, game.computed);
  let g: Table = proved ? sharedValues(game.width, 1) : table(game.width, capacity);
  let width: Width = tableWidth(g);
  // A windowed table reads what lies outside its window from the store (every such value is stored).
  if (g instanceof WindowedValues) g.source = (lo, hi) => store.readValues(game, lo, hi);
  if (!proved) {
    // A block at a time: the whole stored table read at once cost its size twice more on top of
    // the table (the values and their blobs): Grundy's game resumed at 10^8 peaked at 551 MB.
    for (const [from, to] of resumeRanges(g, game.computed))
      for (let at = from; at < to; at += RESUME_BLOCK)
        g.set(store.readValues(game, at, Math.min(to, at + RESUME_BLOCK)), at);
    for (const strategy of strategies.list) strategy.resume?.(game, g, game.computed, store);
  }
  let next = game.computed;
  let maxValue = game.maxValue;
  let kernel = 'none';
  let checkAt = req.untilProven ? checkPointAfter(next) : Infinity;
  let lookAt = fills ? nextLook(next) : Infinity;
  let stop: ComputeSummary['stop'] = 'target';

  const persist = (
    lo: number,
    hi: number,
    chunkMax: number,
    state: ReturnType<NonNullable<ChunkStrategy['stateAt']>> | undefined,
  ): void => {
    if (hi <= lo) return;
    game = store.appendChunk(game, lo, chunkValues(g, lo, hi, chunkMax), chunkMax, state);
  };
  const recordRun = (status: 'done' | 'proven' | 'interrupted' | 'failed'): void => {
    const elapsedMs = performance.now() - started;
    const values = game.computed - startedFrom;
    store.recordRun(game, {
      startedAt,
      fromN: startedFrom,
      toN: game.computed,
      valuesComputed: values,
      workers: workersUsed,
      kernel,
      elapsedMs,
      statesPerSecond: values > 0 ? values / (elapsedMs / 1000) : 0,
      status,
    });
  };
  const storedSoFar = (): string =>
    game.computed > 0 ? `${rules.key} is stored up to n = ${game.computed}` : `nothing of ${rules.key} is stored`;
  const interrupted = (): InterruptedError => {
    recordRun('interrupted');
    return new InterruptedError(`interrupted: ${rules.key} is stored up to n = ${game.computed} of ${req.to}`);
  };
  const report = (): void =>
    req.onProgress?.({
      game: rules.key,
      computed: next,
      target: req.to,
      startedFrom,
      elapsedMs: performance.now() - started,
      maxValue,
      periodicity,
      facts: last?.facts?.() ?? null,
    });

  /** A chunk handed to a strategy and not yet awaited; `drop` stops its workers. */
  interface Launched {
    readonly strategy: ChunkStrategy;
    readonly outcome: Promise<ChunkOutcome>;
    readonly drop: AbortController;
  }
  const launch = (): Launched => {
    if (next >= capacity) {
      capacity = Math.min(req.to, capacity * 2);
      checkTableFits(capacity);
      g = table(width, capacity, g, next);
    }
    const pick = (limit: number): ChunkStrategy =>
      strategies.list.find((s) => s.takes(next, limit, maxValue, capacity))!;
    let strategy = pick(capacity);
    let hi = strategy.chunkEnd(next, capacity, capacity === req.to && checkAt === Infinity);
    // A chunk sized by work that passes periodicity check points ends on the last of them, and
    // is checked there. Cut at every one, cheap heaps made a chunk of each (octal:0.354: 64
    // heaps at a time to 1,024, then 1/16 growth, ~100 chunks below 10^5), and each paid a
    // round trip and a commit. It holds at most as many heaps as lie before it, so that a cheap
    // game proven early does not run on to a chunk's worth of values.
    if (hi > checkAt) {
      const limit = checkPointAtMost(Math.min(hi, Math.max(checkAt, 2 * next)));
      if (limit < hi) {
        strategy = pick(limit);
        hi = strategy.chunkEnd(next, limit);
      }
    }
    const drop = new AbortController();
    const outcome = strategy.run({
      pool,
      g,
      width,
      lo: next,
      hi,
      maxBefore: maxValue,
      signal: req.signal ? AbortSignal.any([req.signal, drop.signal]) : drop.signal,
    });
    // Awaited below; until then a failure must not count as unhandled.
    outcome.catch(() => undefined);
    return { strategy, outcome, drop };
  };

  try {
    let inflight: Launched | null = null;
    while (next < req.to && !proved) {
      if (req.signal?.aborted) throw interrupted();
      inflight ??= launch();
      const { strategy } = inflight;
      let outcome: ChunkOutcome;
      try {
        outcome = await inflight.outcome;
        workersUsed = Math.max(workersUsed, strategy.lastWorkers);
      } catch (err) {
        // Aborting stops the workers mid-chunk: that chunk is dropped, every finished one is stored.
        if (req.signal?.aborted) throw interrupted();
        if (err instanceof GrundyError) throw new GrundyError(`${err.message}; ${storedSoFar()}`, err.exitCode);
        throw err;
      } finally {
        inflight = null;
      }
      if (outcome.kind === 'error') {
        // A kernel that got part of the way (a custom module failing at some n) reports it:
        // the values before that n are final, so they are stored before the error surfaces.
        if (outcome.next !== undefined && outcome.next > next) {
          persist(next, outcome.next, tableMax(g, next, outcome.next), strategy.stateAt?.(outcome.next));
          next = outcome.next;
        }
        throw new GrundyError(`${outcome.message}; ${storedSoFar()}`, outcome.exitCode);
      }
      // Names joined by '+' once each: sparse then sparse+frozen-prefix reads 'sparse+frozen-prefix'.
      for (const part of outcome.kernel.split('+')) if (!kernelsUsed.includes(part)) kernelsUsed.push(part);
      // A table kept in a window is not read whole, so its periodicity goes unchecked: the run says
      // so in its kernel, which the store keeps (`show` reads it).
      if (g instanceof WindowedValues && !kernelsUsed.includes(WINDOW_KERNEL)) kernelsUsed.push(WINDOW_KERNEL);
      kernel = kernelsUsed.join('+');
      last = strategy;
      const lo = next;
      next = outcome.next;
      maxValue = Math.max(maxValue, outcome.maxValue);
      const state = strategy.stateAt?.(next);
      const checking = next >= checkAt || next >= lookAt;
      if (next >= checkAt) checkAt = checkPointAfter(next);
      if (next >= lookAt) lookAt = nextLook(next);
      // The next chunk runs while this one is stored and checked (chunks are sequential: the
      // workers would otherwise wait for the commit), unless a wider table must come first.
      // The check reads only g[0, next); should it prove the period, that chunk is dropped.
      if (outcome.kind === 'done' && next < req.to && !req.signal?.aborted) inflight = launch();
      persist(lo, next, next > lo ? tableMax(g, lo, next) : 0, state);
      if (outcome.kind === 'overflow') {
        // A value does not fit: widen the whole table and recompute from that heap.
        g = table(wider(width, widthFor(outcome.value)), capacity, g, next);
        width = tableWidth(g);
      }
      if (checking) {
        periodicity = periodOf(detector, g, next, maxValue, periodicity);
        if (periodicity?.proven) {
          if (req.untilProven) stop = 'proven';
          // The chunk launched before the check is past the proof: stop it rather than wait
          // for it (up to a chunk's time, 0.1 s alone and 0.4 s for a gang).
          if (inflight) {
            await workerHeld();
            inflight.drop.abort();
            await inflight.outcome.catch(() => undefined);
          }
          inflight = null;
          break;
        }
      }
      report();
      await faultHold('chunk-stored', req.signal);
    }
    const proof = fills && periodicity?.proven && next < req.to ? periodicity : null;
    if (proof) {
      // Stored first: a run killed in the fill resumes it, rather than the kernels from there.
      store.saveCertificate(game, proof);
      // The last strategy's facts (sparse space: its rare heaps) end where the kernels stopped.
      last = null;
      kernelsUsed.push(PERIOD_KERNEL);
      kernel = kernelsUsed.join('+');
      // The first period from the store: a windowed table need not hold it.
      const base = store.readValues(game, proof.preperiod, proof.preperiod + proof.period);
      for (; next < req.to; next = game.computed) {
        if (req.signal?.aborted) throw interrupted();
        const { values, max } = periodValues(proof, base, next, Math.min(req.to, next + FILL_BLOCK));
        game = store.appendChunk(game, next, values, max);
        maxValue = Math.max(maxValue, max);
        report();
        await faultHold('chunk-stored', req.signal);
      }
    }
    // A filled table is not in g past where the kernels stopped: its period was proven there.
    if (stop !== 'proven' && proof === null && next > startedFrom)
      periodicity = periodOf(detector, g, next, maxValue, periodicity);
    // A fill stored its proof before its first block.
    if (proof === null && (next > startedFrom || periodicity?.proven)) store.saveCertificate(game, periodicity);
    recordRun(stop === 'proven' ? 'proven' : 'done');
    report();
    return finish(stop, kernel);
  } catch (err) {
    if (!(err instanceof InterruptedError)) {
      try {
        recordRun('failed');
      } catch {
        // The store itself failed: the original error says more than this one would.
      }
    }
    if (err instanceof GrundyError) throw err;
    throw new ComputeError(
      `computing ${rules.key} failed at n = ${next}: ${err instanceof Error ? err.message : String(err)}`,
    );
  } finally {
    // A gang may run on past the last chunk (engine/sparse-gangs.ts): the pool is free after.
    await Promise.all(strategies.list.map((s) => s.close?.().catch(() => undefined)));
  }
}
