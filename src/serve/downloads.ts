import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { GrundyStore } from '../api/store.js';
import { NotComputedError, UsageError } from '../errors.js';
import { writeBoardTable, writeGraphTable, writeTable } from '../export/table.js';
import { choice, optionalCount, param } from './params.js';

/** The most values a download of a heap game streams past its stored table (from the proven period). */
export const MAX_DOWNLOAD = 10_000_000;

const TYPES = { csv: 'text/csv', bfile: 'text/plain', json: 'application/json' } as const;

/**
 * GET /api/export?game=&format=csv|bfile|json&to=: the table streamed as `grundy export` writes
 * it (writeTable, writeGraphTable, writeBoardTable), never whole in memory. Everything that can
 * be refused is checked before the first byte, so a bad request is still a 400 or 404.
 */
export function downloadRoutes(app: FastifyInstance, view: () => GrundyStore): void {
  app.get('/api/export', async (req, reply) => {
    const q = req.query;
    const spec = param(q, 'game');
    const store = view();
    const game = store.game(spec);
    const formats = game.kind === 'heap' ? (['csv', 'bfile', 'json'] as const) : (['csv', 'json'] as const);
    const format = choice(q, 'format', formats, 'csv');
    const to = optionalCount(q, 'to', 1, MAX_DOWNLOAD);
    if (to !== undefined && game.kind !== 'heap')
      throw new UsageError(`to is a heap count; ${game.key} is exported whole (${game.kind})`);
    const out = new PassThrough();
    let write: () => Promise<void>;
    if (game.kind === 'heap') {
      const n = to ?? game.computed;
      if (n > game.computed && !game.periodicity?.proven)
        throw new NotComputedError(
          `${game.key} has ${game.computed} stored values and no proven period; to ${n} is past them`,
        );
      write = () => writeTable(out, store, spec, n, format);
    } else if (game.kind === 'graph') {
      const table = store.graph(spec);
      write = () => writeGraphTable(out, table, format === 'json' ? 'json' : 'csv');
    } else {
      const board = store.board(spec);
      write = () => writeBoardTable(out, board, format === 'json' ? 'json' : 'csv');
    }
    const name = `${game.key.replace(/[^\w.-]+/g, '_')}.${format === 'bfile' ? 'txt' : format}`;
    write().then(
      () => out.end(),
      (err: unknown) => out.destroy(err as Error),
    );
    return reply
      .type(`${TYPES[format]}; charset=utf-8`)
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(out);
  });
}
