import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { locateStore, openStore, type GrundyStore } from '../api/store.js';
import { vegaBrowserScript } from '../plot/render.js';
import { apiRoutes } from './api-routes.js';
import { cataloguePage } from './catalogue.js';
import { downloadRoutes } from './downloads.js';
import { httpError } from './errors.js';
import type { ViewContext } from './facts.js';
import { gamePage } from './game-page.js';
import { errorPage } from './layout.js';
import { MAX_PARAM, param } from './params.js';
import { sweepPage } from './sweep-page.js';

export { MAX_VALUES } from './api-routes.js';
export { MAX_PARAM, MAX_QUERY } from './params.js';

export interface ServeOptions {
  /** The store file (default: as the CLI finds it). */
  readonly db?: string;
  /** Allow POST /api/compute and show the compute form (one compute at a time, under the CLI's per-game lock). */
  readonly allowCompute?: boolean;
  /** Largest table a web compute may ask for (default 2^24). */
  readonly computeLimit?: number;
  /** Worker threads of a web compute (default 1). */
  readonly workers?: number;
}

/**
 * The web view's server: a catalogue of the store's games and sweeps, a page a game
 * (/game/<key>, its state in the query string), a page a sweep, and the JSON API they use.
 * Read-only unless allowCompute. Game names come from requests, so specs that name a file
 * (module:) are refused before parsing: such games are served only by their stored key, and no
 * request loads code.
 */
export function buildServer(options: ServeOptions = {}): FastifyInstance {
  const dbPath = locateStore(options.db).path;
  // A key in a path (/game/<key>) may be long (a module: key names its file): the parameter check says how long.
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024, routerOptions: { maxParamLength: 4 * MAX_PARAM } });
  let store: GrundyStore | null = null;
  // A store that did not exist yet is looked for again on the next request (a compute may create it).
  const view = (): GrundyStore => {
    if (store === null || !store.exists) {
      store?.close();
      store = openStore(dbPath, { specs: 'no-files' });
    }
    return store;
  };
  const allowCompute = options.allowCompute === true;
  const hintDb = options.db !== undefined ? dbPath : undefined;
  const ctx = (): ViewContext => ({ store: view(), dbPath, ...(hintDb !== undefined ? { hintDb } : {}), allowCompute });
  let vega: string | null = null;

  app.addHook('onClose', async () => store?.close());
  app.setErrorHandler((err: unknown, _req, reply) => sendError(reply, err, hintDb));
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ error: `no such page or endpoint: ${req.method} ${req.url.split('?')[0]!.slice(0, 200)}` }),
  );

  const page =
    (render: (query: unknown, params: unknown) => Promise<string> | string) =>
    async (req: { query: unknown; params: unknown }, reply: FastifyReply) => {
      try {
        return reply.type('text/html; charset=utf-8').send(await render(req.query, req.params));
      } catch (err) {
        const e = httpError(err, hintDb);
        return reply.code(e.status).type('text/html; charset=utf-8').send(errorPage(e.message));
      }
    };
  app.get(
    '/',
    page((query) => cataloguePage(ctx(), query)),
  );
  app.get(
    '/game/:key',
    page((query, params) => gamePage(ctx(), param(params, 'key'), query)),
  );
  app.get(
    '/sweep/:name',
    page((query, params) => sweepPage(ctx(), param(params, 'name'), query)),
  );
  app.get('/vega.js', async (_req, reply) => {
    vega ??= vegaBrowserScript();
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'max-age=3600').send(vega);
  });

  apiRoutes(app, {
    view,
    dbPath,
    allowCompute,
    computeLimit: options.computeLimit ?? 1 << 24,
    workers: options.workers ?? 1,
  });
  downloadRoutes(app, view);
  return app;
}

function sendError(reply: FastifyReply, err: unknown, db: string | undefined): FastifyReply {
  const e = httpError(err, db);
  return reply
    .code(e.status)
    .send(e.exitCode !== undefined ? { error: e.message, exitCode: e.exitCode } : { error: e.message });
}
