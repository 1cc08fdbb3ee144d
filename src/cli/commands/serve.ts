import type { Argv, CommandModule } from 'yargs';
import { UsageError } from '../../errors.js';
import { parseCount } from '../../numbers.js';
import { locateStore } from '../../api/store.js';
import type { GlobalArgs } from '../context.js';

interface ServeArgs extends GlobalArgs {
  port?: string;
  host?: string;
  'allow-compute'?: boolean;
  'compute-limit'?: string;
  workers?: string;
}

export const serveCommand: CommandModule<GlobalArgs, ServeArgs> = {
  command: 'serve',
  describe: 'A web catalogue of the store: a page a game (permalinks), sweeps, downloads, a JSON API',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .option('port', { type: 'string', describe: 'TCP port (default 8080; 0 picks a free one)' })
      .option('host', { type: 'string', describe: 'address to listen on (default 127.0.0.1: this machine only)' })
      .option('allow-compute', {
        type: 'boolean',
        describe: 'let the web view compute tables (one at a time, same locks as grundy compute)',
      })
      .option('compute-limit', {
        type: 'string',
        describe: 'with --allow-compute: the largest table a request may ask for (default 2^24)',
      })
      .option('workers', {
        type: 'string',
        describe: 'with --allow-compute: worker threads of a web compute (default 1)',
      })
      .example('$0 serve', 'open http://127.0.0.1:8080/ (read-only)')
      .example('$0 serve --port 9000 --allow-compute', 'also compute from the web')
      .epilogue(
        'Pages: / (the catalogue; ?q= searches), /game/KEY (a permalink, KEY URL-encoded; the table page,\n' +
          'query and plot range in the URL), /sweep/NAME. JSON API (docs/web.md): /api/games, /api/search,\n' +
          '/api/game, /api/values, /api/query, /api/vertices, /api/frequencies, /api/plot, /api/eval, /api/sweeps,\n' +
          '/api/sweep, /api/export (CSV, b-file, JSON); POST /api/compute {"game","to","untilProven"} with\n' +
          '--allow-compute. ' +
          "Bad input is a 400 with the CLI's one-line message; a game not stored is a 404. module: games are served\n" +
          'only by their stored key: no request makes the server read a file or load code. Ctrl-C stops the server.',
      ) as Argv<ServeArgs>,
  handler: async (args) => {
    // Loaded here, not at the top: fastify takes most of a second, which every other command would pay.
    const { buildServer } = await import('../../serve/app.js');
    const port = args.port !== undefined ? parseCount(args.port, '--port', 0, 65535) : 8080;
    const host = args.host ?? '127.0.0.1';
    if (host.trim() === '') throw new UsageError('--host is empty; give an address such as 127.0.0.1 or 0.0.0.0');
    const computeLimit =
      args['compute-limit'] !== undefined ? parseCount(args['compute-limit'], '--compute-limit', 1) : undefined;
    const workers = args.workers !== undefined ? parseCount(args.workers, '--workers', 1, 256) : undefined;
    const app = buildServer({
      ...(args.db !== undefined ? { db: args.db } : {}),
      allowCompute: args['allow-compute'] === true,
      ...(computeLimit !== undefined ? { computeLimit } : {}),
      ...(workers !== undefined ? { workers } : {}),
    });
    let address: string;
    try {
      address = await app.listen({ port, host });
    } catch (err) {
      throw new UsageError(
        `cannot listen on ${host}:${port} (${(err as Error).message}); choose another --port or --host`,
      );
    }
    const readOnly = args['allow-compute'] === true ? 'computing allowed' : 'read-only';
    process.stderr.write(`grundy: serving ${locateStore(args.db).path} at ${address}/ (${readOnly}; Ctrl-C to stop)\n`);
    if (args.json) process.stdout.write(`${JSON.stringify({ url: `${address}/` })}\n`);
    await new Promise<void>((resolve) => {
      const stop = (): void => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        void app.close().then(() => resolve());
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
  },
};
