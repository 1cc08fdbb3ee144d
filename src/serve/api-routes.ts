import type { FastifyInstance } from 'fastify';
import { compute } from '../api/compute.js';
import { evaluate } from '../api/evaluate.js';
import { componentJson, jsonInt, moveJson } from '../api/format.js';
import { knownResult, parseGameWithoutFiles } from '../api/game.js';
import { answerVertex, outcomeCounts, vertexJson } from '../api/graph.js';
import { listSweeps } from '../api/manage.js';
import type { GrundyStore, StoredGame } from '../api/store.js';
import { SWEEP_SORTS, sweepReport } from '../api/sweep.js';
import { UsageError } from '../errors.js';
import { parseCount } from '../numbers.js';
import { boardPlotData, MAX_BOARD_PLOT_SIDE, MAX_BUCKETS, plotData, plotKind } from '../plot/data.js';
import { graphPlotData, graphSpec } from '../plot/graph.js';
import { boardSpec, plotSpec } from '../plot/spec.js';
import { checkQueryRange, choice, MAX_PARAM, optional, optionalCount, param } from './params.js';
import { MAX_SWEEP_TOP } from './sweep-page.js';

/** Values one /api/values request returns at most; larger ranges are refused (use /api/plot). */
export const MAX_VALUES = 100_000;
/** Vertices one /api/vertices request returns at most. */
export const MAX_VERTICES = 10_000;
/** Rare heaps /api/frequencies lists at most (it counts them all). */
export const MAX_RARE_LISTED = 10_000;

export interface ApiContext {
  readonly view: () => GrundyStore;
  readonly dbPath: string;
  readonly allowCompute: boolean;
  readonly computeLimit: number;
  readonly workers: number;
}

/**
 * The JSON API (GET unless said): the catalogue (games, search, sweeps), one game's facts,
 * values, vertices, frequencies, queries, plots, evaluation; POST /api/compute only when the
 * server was started with allowCompute. Downloads are in downloads.ts.
 */
export function apiRoutes(app: FastifyInstance, ctx: ApiContext): void {
  let computing: string | null = null;

  app.get('/api/games', async () => {
    const s = ctx.view();
    return {
      store: s.path,
      exists: s.exists,
      allowCompute: ctx.allowCompute,
      computing,
      games: s.games().map(gameJson),
    };
  });

  app.get('/api/search', async (req) => ({
    games: ctx
      .view()
      .search(optional(req.query, 'q') ?? '')
      .map(gameJson),
  }));

  app.get('/api/game', async (req) => {
    const g = ctx.view().game(param(req.query, 'game'));
    const known = knownResult(g.key);
    return { ...gameJson(g), description: g.description, known: known ?? null };
  });

  app.get('/api/values', async (req) => {
    const q = req.query;
    const spec = param(q, 'game');
    const lo = parseCount(param(q, 'lo'), 'lo');
    const hi = parseCount(param(q, 'hi'), 'hi');
    if (hi < lo) throw new UsageError(`range ${lo}..${hi} is empty: hi is below lo`);
    if (hi - lo > MAX_VALUES)
      throw new UsageError(`range ${lo}..${hi} has more than ${MAX_VALUES} values; use /api/plot for a summary`);
    const s = ctx.view();
    const game = s.game(spec);
    if (game.kind !== 'heap') throw notHeapValues(game);
    return { game: game.key, lo, hi, values: Array.from(s.values(spec, lo, hi)) };
  });

  app.get('/api/vertices', async (req) => {
    const q = req.query;
    const t = ctx.view().graph(param(q, 'game'));
    const n = t.source.vertices;
    const lo = optionalCount(q, 'lo', 0, n) ?? 0;
    const hi = optionalCount(q, 'hi', lo, n) ?? Math.min(n, lo + 100);
    if (hi - lo > MAX_VERTICES) throw new UsageError(`range ${lo}..${hi} has more than ${MAX_VERTICES} vertices`);
    const vertices = [];
    for (let v = lo; v < hi; v++) vertices.push(vertexJson(answerVertex(t, v)));
    return { game: t.key, count: n, outcomes: outcomeCounts(t), lo, hi, vertices };
  });

  app.get('/api/frequencies', async (req) => {
    const q = req.query;
    const at = optionalCount(q, 'at', 1);
    const rareListed = optionalCount(q, 'rare', 0, MAX_RARE_LISTED) ?? 100;
    return ctx.view().frequencies(param(q, 'game'), { ...(at !== undefined ? { at } : {}), rareListed });
  });

  app.get('/api/sweeps', async () => listSweeps({ db: ctx.dbPath }));

  app.get('/api/sweep', async (req) => {
    const q = req.query;
    const sort = choice(q, 'sort', SWEEP_SORTS, 'period');
    const top = optionalCount(q, 'top', 0, MAX_SWEEP_TOP) ?? 20;
    return sweepReport(param(q, 'name'), { db: ctx.dbPath, sort, top });
  });

  app.get('/api/query', async (req) => {
    const q = req.query;
    const spec = param(q, 'game');
    const n = param(q, 'n');
    checkQueryRange(n);
    const s = ctx.view();
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
    const moves = choice(q, 'moves', ['one', 'all', 'none'] as const, 'one');
    const e = await evaluate(position, {
      db: ctx.dbPath,
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
    const s = ctx.view();
    const kind = plotKind(s, spec);
    if (kind === 'board') {
      // A heat map of g(x, y) for x, y < hi (default the stored side, at most BOARD_PLOT_SIDE).
      const side = hi !== undefined ? { side: parseCount(hi, 'hi', 1, MAX_BOARD_PLOT_SIDE) } : {};
      const data = boardPlotData(s, spec, side);
      return { data, spec: boardSpec(data, look) };
    }
    if (kind === 'graph') {
      const data = graphPlotData(s, spec);
      return { data, spec: graphSpec(data, look) };
    }
    const data = plotData(s, spec, range);
    return { data, spec: plotSpec(data, look) };
  });

  app.post('/api/compute', async (req, reply) => {
    if (!ctx.allowCompute) {
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
    const limit = ctx.computeLimit;
    const to = b.to === undefined ? undefined : parseCount(String(b.to).slice(0, MAX_PARAM), 'to', 1, limit);
    const untilProven = b.untilProven === true;
    const game = parseGameWithoutFiles(b.game);
    if (computing !== null)
      return reply.code(409).send({ error: `busy: computing ${computing}; one compute at a time` });
    computing = game.key;
    try {
      const summary = await compute(game, {
        db: ctx.dbPath,
        ...(to !== undefined ? { to } : { to: Math.min(limit, 1_000_000) }),
        untilProven,
        workers: ctx.workers,
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
}

export function gameJson(g: StoredGame): object {
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
  return new UsageError(`${g.key} is a game graph: its vertices' values are at /api/vertices?game=${g.key}`);
}
