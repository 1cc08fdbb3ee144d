import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { WorkerPool } from '../engine/pool.js';
import type { EvalTasks } from './batch-protocol.js';
import { errorText, GrundyError, UsageError } from '../errors.js';
import type {
  BatchFormat,
  BatchOutcome,
  BatchTask,
  EvalOutcome,
  EvalTask,
  LineError,
  ScanOutcome,
  TableRef,
} from './batch-protocol.js';
import type { MovesMode } from './evaluate.js';
import { CSV_HEADER } from './format.js';
import { DeferredLines, deferredKind } from './batch-deferred.js';
import { prepareGames, type PrepareOptions } from './prepare.js';

/** Lines per task: large enough to amortise a task round-trip, small enough to balance 2 threads. */
export const LINES_PER_TASK = 4096;

/** A batch finished but some lines failed: exit 1 (the results of the others are written). */
export class BatchLinesFailedError extends GrundyError {
  constructor(message: string) {
    super(message, 1);
  }
}

export interface BatchRequest {
  readonly file: string;
  readonly out?: string;
  readonly format: BatchFormat;
  readonly moves: MovesMode;
  readonly limit: number;
  /** Where slices are evaluated: the local Piscina pool, or the job queue (src/queue/remote-eval.ts). */
  readonly pool: WorkerPool<EvalTasks> | BatchBackend;
  readonly prepare: PrepareOptions;
  /** The store as the caller named it (--db), which a failed line's hint names: its command then writes there. */
  readonly db?: string;
  /** Each failed line, as soon as its slice is done. */
  readonly onLineError?: (e: LineError) => void;
  readonly onProgress?: (linesDone: number) => void;
}

/** Anything that evaluates slices: `threads` sets how many slices stay in flight (3 per thread). */
export interface BatchBackend {
  readonly threads: number;
  run(task: BatchTask, label: string): Promise<BatchOutcome>;
}

function backendOf(pool: WorkerPool<EvalTasks> | BatchBackend): BatchBackend {
  if (!('runOn' in pool)) return pool;
  return { threads: pool.threads, run: (task, label) => pool.runOn('eval', task, undefined, label) };
}

export interface BatchSummary {
  readonly positions: number;
  readonly failed: number;
  readonly elapsedMs: number;
  readonly positionsPerSecond: number;
}

/** The format an --out file's extension names. */
export function formatForOut(path: string): BatchFormat {
  if (/\.(jsonl|ndjson)$/i.test(path)) return 'jsonl';
  if (/\.csv$/i.test(path)) return 'csv';
  throw new UsageError(`--out ${path}: name the file .jsonl (one JSON object per line) or .csv`);
}

/** The file in slices of LINES_PER_TASK lines, streamed (the file may exceed memory). */
async function* slices(path: string): AsyncGenerator<{ text: string; firstLine: number }> {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  let pending = '';
  let lines: string[] = [];
  let firstLine = 1;
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      pending += chunk;
      let start = 0;
      for (;;) {
        const nl = pending.indexOf('\n', start);
        if (nl < 0) break;
        lines.push(pending.slice(start, nl + 1));
        start = nl + 1;
        if (lines.length === LINES_PER_TASK) {
          yield { text: lines.join(''), firstLine };
          firstLine += lines.length;
          lines = [];
        }
      }
      pending = pending.slice(start);
    }
  } catch (err) {
    throw new UsageError(`cannot read ${path}: ${(err as Error).message}`);
  }
  if (pending !== '') lines.push(`${pending}\n`);
  if (lines.length > 0) yield { text: lines.join(''), firstLine };
}

/** Run tasks on the pool with a bounded window, handing results over in input order. */
async function ordered<T, R>(
  items: AsyncIterable<T>,
  window: number,
  run: (item: T) => Promise<R>,
  consume: (result: R) => Promise<void> | void,
): Promise<void> {
  const inFlight: Promise<R>[] = [];
  for await (const item of items) {
    const result = run(item);
    // Awaited in order below; a later task failing first must not count as an unhandled rejection.
    result.catch(() => {});
    inFlight.push(result);
    if (inFlight.length >= window) await consume(await inFlight.shift()!);
  }
  while (inFlight.length > 0) await consume(await inFlight.shift()!);
}

function unwrap<K extends 'scan' | 'eval'>(outcome: BatchOutcome, kind: K): Extract<BatchOutcome, { kind: K }> {
  if (outcome.kind === 'error') throw new GrundyError(outcome.message, outcome.exitCode);
  if (outcome.kind !== kind) throw new Error(`eval worker answered ${outcome.kind} to a ${kind} task`);
  return outcome as Extract<BatchOutcome, { kind: K }>;
}

/**
 * Evaluate a file of positions on the worker pool in two passes: a scan finds every game and its
 * largest heap (so missing small tables are computed once, up front), then the evaluation pass
 * writes results in line order. A bad line is reported and skipped; the batch goes on.
 */
export async function evaluateFile(req: BatchRequest): Promise<BatchSummary> {
  const started = performance.now();
  const pool = backendOf(req.pool);
  const window = Math.max(2, pool.threads * 3);

  const maxBySpec = new Map<string, { maxHeap: bigint; computeTo: bigint }>();
  await ordered(
    slices(req.file),
    window,
    (s) => pool.run({ kind: 'scan', text: s.text }, 'scan of positions'),
    (outcome) => {
      for (const [spec, top, small] of unwrap(outcome, 'scan').specs as ScanOutcome['specs']) {
        const entry = maxBySpec.get(spec) ?? { maxHeap: 0n, computeTo: -1n };
        entry.maxHeap = BigInt(top) > entry.maxHeap ? BigInt(top) : entry.maxHeap;
        entry.computeTo = BigInt(small) > entry.computeTo ? BigInt(small) : entry.computeTo;
        maxBySpec.set(spec, entry);
      }
    },
  );

  // Game graphs and 2-D games: their lines go to the main thread (src/play/batch-deferred.ts).
  const specs: Record<string, number | { error: string } | { deferred: true }> = {};
  for (const spec of maxBySpec.keys()) if (deferredKind(spec) !== null) specs[spec] = { deferred: true };
  const prepared = await prepareGames(
    [...maxBySpec].filter(([spec]) => specs[spec] === undefined).map(([spec, m]) => ({ spec, ...m })),
    { ...req.prepare, shared: true, wholeTable: true },
  );
  const tables: TableRef[] = [];
  const tableIndex = new Map<object, number>();
  for (const [spec, p] of prepared) {
    if (p instanceof GrundyError) {
      specs[spec] = { error: errorText(p, req.db) };
      continue;
    }
    let index = tableIndex.get(p);
    if (index === undefined) {
      index = tables.length;
      tableIndex.set(p, index);
      const width = p.table instanceof Uint8Array ? 8 : p.table instanceof Uint16Array ? 16 : 32;
      tables.push({
        rules: p.rules,
        buffer: p.table.buffer as SharedArrayBuffer,
        width,
        length: p.table.length,
        cert: p.cert,
      });
    }
    specs[spec] = index;
  }

  const deferred = new DeferredLines({
    prepared,
    prepare: req.prepare,
    moves: req.moves,
    limit: req.limit,
    format: req.format,
    ...(req.db !== undefined ? { db: req.db } : {}),
  });
  const out: Writable = req.out ? createWriteStream(req.out) : process.stdout;
  const write = async (text: string): Promise<void> => {
    if (text !== '' && !out.write(text)) await once(out, 'drain');
  };
  let positions = 0;
  let failed = 0;
  let linesDone = 0;
  try {
    if (req.format === 'csv') await write(CSV_HEADER);
    await ordered(
      slices(req.file),
      window,
      async (s) => {
        const task: EvalTask = {
          kind: 'eval',
          text: s.text,
          firstLine: s.firstLine,
          specs,
          tables,
          moves: req.moves,
          limit: req.limit,
          format: req.format,
          ...(req.db !== undefined ? { db: req.db } : {}),
        };
        const outcome = await pool.run(task, `positions from line ${s.firstLine}`);
        return { outcome: unwrap(outcome, 'eval') as EvalOutcome, lines: s.text.split('\n').length - 1 };
      },
      async ({ outcome, lines }) => {
        positions += outcome.positions;
        failed += outcome.errors.length;
        linesDone += lines;
        let from = 0;
        const errors = [...outcome.errors];
        for (const d of outcome.deferred) {
          await write(outcome.output.slice(from, d.at));
          from = d.at;
          const result = await deferred.evaluate(d.line, d.text);
          await write(result.output);
          if (result.error) errors.push(result.error);
        }
        await write(outcome.output.slice(from));
        failed += errors.length - outcome.errors.length;
        for (const e of errors.sort((a, b) => a.line - b.line)) req.onLineError?.(e);
        req.onProgress?.(linesDone);
      },
    );
  } finally {
    if (req.out) {
      out.end();
      await once(out, 'finish');
    }
  }
  const elapsedMs = performance.now() - started;
  return { positions, failed, elapsedMs, positionsPerSecond: positions / Math.max(1e-3, elapsedMs / 1000) };
}
