import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { compute } from '../api/compute.js';
import { evaluate } from '../api/evaluate.js';
import { parseGameWithoutFiles } from '../api/game.js';
import { locateStore, openStore, type GrundyStore, type StoredGame } from '../api/store.js';
import {
  ComputeError,
  errorText,
  GrundyError,
  InterruptedError,
  NotComputedError,
  StoreError,
  UsageError,
} from '../errors.js';
import { parseCount } from '../numbers.js';
import { componentJson, jsonInt, moveJson } from '../api/format.js';
import { boardPlotData, MAX_BOARD_PLOT_SIDE, MAX_BUCKETS, plotData, plotKind } from '../plot/data.js';
import { vegaBrowserScript } from '../plot/render.js';
import { boardSpec, plotSpec } from '../plot/spec.js';
import { pageHtml } from './page.js';

export interface ServeOptions {
  /** The store file (default: as the CLI finds it). */
  readonly db?: string;
  /** Allow POST /api/compute (one compute at a time, under the CLI's per-game lock). */
  readonly allowCompute?: boolean;
  /** Largest table a web compute may ask for. */
  readonly computeLimit?: number;
  /** Worker threads of a web compute. */
  readonly workers?: number;
}

/** Values one /api/values request returns at most; larger ranges are refused (use /api/plot). */
export const MAX_VALUES = 100_000;
/** Longest parameter accepted: a game spec, a number or a position longer than this is refused. */
export const MAX_PARAM = 2000;
/** Positions one /api/query request answers at most (a range a..b). */
export const MAX_QUERY = 10_000;

const STATUS: [new (...a: never[]) => GrundyError, number][] = [
  [UsageError, 400],
  [NotComputedError, 404],
  [StoreError, 503],
  [InterruptedError, 503],
  [ComputeError, 500],
];

/**
 * The web view's server: a JSON API over one store and the page that uses it. Read-only unless
 * allowCompute. Game names come from requests, so specs that name a file (module:) are refused
 * before parsing: such games are served only by their stored key, and no request loads code.
 */
export function buildServer(options: ServeOptions = {}): FastifyInstance {
  const dbPath = locateStore(options.db).path;
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 });
  let store: GrundyStore | null = null;
  // A store that did not exist yet is looked for again on the next request (a compute may create it).
  const view = (): GrundyStore => {
    if (store === null || !store.exists) {
      store?.close();
      store = openStore(dbPath, { specs: 'no-files' });
    }
    return store;
  };
  let computing: string | null = null;
  let vega: string | null = null;

  app.addHook('onClose', async () => store?.close());
  app.setErrorHandler((err: unknown, _req, reply) => sendError(reply, err));
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ error: `no such page or endpoint: ${req.method} ${req.url.split('?')[0]}` }),
  );

  app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send(pageHtml()));
  app.get('/vega.js', async (_req, reply) => {
    vega ??= vegaBrowserScript();
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'max-age=3600').send(vega);
  });

  app.get('/api/games', async () => {
    const s = view();
    return {
      store: s.path,
      exists: s.exists,
      allowCompute: options.allowCompute === true,
      computing,
      games: s.games().map(gameJson),
    };
  });

  app.get('/api/game', async (req) => gameJson(view().game(param(req.query, 'game'))));

  app.get('/api/values', async (req) => {
    const q = req.query;
    const spec = param(q, 'game');
    const lo = parseCount(param(q, 'lo'), 'lo');
    const hi = parseCount(param(q, 'hi'), 'hi');
    if (hi < lo) throw new UsageError(`range ${lo}..${hi} is empty: hi is below lo`);
    if (hi - lo > MAX_VALUES)
      throw new UsageError(`range ${lo}..${hi} has more than ${MAX_VALUES} values; use /api/plot for a summary`);
    const s = view();
    const game = s.game(spec);
    if (game.kind !== 'heap') throw notHeapValues(game);
    return { game: game.key, lo, hi, values: Array.from(s.values(spec, lo, hi)) };
  });

  app.get('/api/query', async (req) => {
    const q = req.query;
    const spec = param(q, 'game');
    const n = param(q, 'n');
    const range = /^(.+?)\.\.(.+)$/.exec(n);
    if (range) {
      const a = BigInt(parseCount(range[1]!, 'range start'));
      const b = BigInt(parseCount(range[2]!, 'range end'));
      if (b >= a && b - a >= BigInt(MAX_QUERY))
        throw new UsageError(`range ${n} has more than ${MAX_QUERY} values; split it`);
    }
    const s = view();
    const game = s.game(spec);
    if (game.kind === 'board') {
      const cells = s.cells(spec, [n]);
      return {
        game: game.key,
        values: cells.map((c) => ({
          x: jsonInt(c.x),
          y: jsonInt(c.y),
          value: c.value === null ? null : jsonInt(c.value),
          outcome: c.outcome,
          source: c.source,
        })),
      };
    }
    if (game.kind !== 'heap') throw notHeapValues(game);
    const answers = s.queryItems(spec, [n])[0]!.answers;
    return {
      game: game.key,
      values: answers.map((a) => ({ n: jsonInt(a.n), value: jsonInt(a.value), source: a.source })),
    };
  });

  app.get('/api/eval', async (req) => {
    const q = req.query;
    const position = param(q, 'position');
    const moves = optional(q, 'moves') ?? 'one';
    if (moves !== 'one' && moves !== 'all' && moves !== 'none')
      throw new UsageError(`moves '${moves}' is not one of one, all, none`);
    const e = await evaluate(position, {
      db: dbPath,
      moves,
      limit: 100,
      workers: 1,
      computeMissing: false,
      specs: 'no-files',
    });
    return {
      position: e.position,
      components: e.components.map((c, i) => componentJson(c, e.evaluation.values[i]!)),
      nimSum: jsonInt(e.evaluation.nimSum),
      outcome: e.evaluation.outcome,
      moves: e.evaluation.moves.map((m) => moveJson(m, e.components)),
      truncated: e.evaluation.truncated,
    };
  });

  app.get('/api/plot', async (req) => {
    const q = req.query;
    const spec = param(q, 'game');
    const lo = optional(q, 'lo');
    const hi = optional(q, 'hi');
    const buckets = optional(q, 'buckets');
    const width = optional(q, 'width');
    const range = {
      ...(lo !== undefined ? { lo: parseCount(lo, 'lo') } : {}),
      ...(hi !== undefined ? { hi: parseCount(hi, 'hi') } : {}),
      ...(buckets !== undefined ? { buckets: parseCount(buckets, 'buckets', 1, MAX_BUCKETS) } : {}),
    };
    const look = width !== undefined ? { width: parseCount(width, 'width', 100, 4096) } : {};
    const s = view();
    if (plotKind(s, spec) === 'board') {
      // A heat map of g(x, y) for x, y < hi (default the stored side, at most BOARD_PLOT_SIDE).
      const side = hi !== undefined ? { side: parseCount(hi, 'hi', 1, MAX_BOARD_PLOT_SIDE) } : {};
      const data = boardPlotData(s, spec, side);
      return { data, spec: boardSpec(data, look) };
    }
    const data = plotData(s, spec, range);
    return { data, spec: plotSpec(data, look) };
  });

  app.post('/api/compute', async (req, reply) => {
    if (options.allowCompute !== true) {
      return reply.code(403).send({
        error: 'this server is read-only; start it with grundy serve --allow-compute to compute from the web',
      });
    }
    const body = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new UsageError('send a JSON object {"game": ..., "to": ...}');
    const b = body as Record<string, unknown>;
    if (typeof b.game !== 'string' || b.game.length > MAX_PARAM)
      throw new UsageError('"game" must be a game spec (a string)');
    const limit = options.computeLimit ?? 1 << 24;
    const to = b.to === undefined ? undefined : parseCount(String(b.to), 'to', 1, limit);
    const untilProven = b.untilProven === true;
    const game = parseGameWithoutFiles(b.game);
    if (computing !== null)
      return reply.code(409).send({ error: `busy: computing ${computing}; one compute at a time` });
    computing = game.key;
    try {
      const summary = await compute(game, {
        db: dbPath,
        ...(to !== undefined ? { to } : { to: Math.min(limit, 1_000_000) }),
        untilProven,
        workers: options.workers ?? 1,
      });
      return {
        game: summary.game,
        computed: summary.computed,
        newlyComputed: summary.newlyComputed,
        maxValue: summary.maxValue,
        stop: summary.stop,
        periodicity: summary.periodicity,
      };
    } finally {
      computing = null;
    }
  });

  return app;
}

function gameJson(g: StoredGame): object {
  const p = g.periodicity;
  return {
    key: g.key,
    family: g.family,
    kind: g.kind,
    computed: g.computed,
    maxValue: g.maxValue,
    periodicity: p
      ? { preperiod: p.preperiod, period: p.period, saltus: p.saltus, proven: p.proven, criterion: p.criterion }
      : null,
  };
}

/** /api/values reads heap sizes; a board's cells and a graph's vertices are asked another way. */
function notHeapValues(g: StoredGame): UsageError {
  if (g.kind === 'board') {
    return new UsageError(
      `${g.key} is a two-dimensional game: ask /api/query?game=${g.key}&n=X,Y for a cell, /api/plot for its heat map`,
    );
  }
  return new UsageError(`${g.key} is a game graph: its vertices' values are exported by grundy export ${g.key}`);
}

function optional(query: unknown, name: string): string | undefined {
  const v = (query as Record<string, unknown> | undefined)?.[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new UsageError(`parameter ${name} must be given once`);
  if (v.length > MAX_PARAM) throw new UsageError(`parameter ${name} is longer than ${MAX_PARAM} characters`);
  return v;
}

function param(query: unknown, name: string): string {
  const v = optional(query, name);
  if (v === undefined || v.trim() === '') throw new UsageError(`parameter ${name} is missing`);
  return v;
}

function sendError(reply: FastifyReply, err: unknown): FastifyReply {
  if (err instanceof GrundyError) {
    const status = STATUS.find(([cls]) => err instanceof cls)?.[1] ?? 500;
    return reply.code(status).send({ error: errorText(err), exitCode: err.exitCode });
  }
  // Fastify's own client errors (malformed JSON, body too large, bad content type) keep their status.
  const e = err as { statusCode?: number; message?: string };
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return reply.code(e.statusCode).send({ error: String(e.message ?? 'bad request') });
  }
  return reply.code(500).send({ error: `internal error: ${e.message ?? String(err)}` });
}
