import type { Argv, CommandModule } from 'yargs';
import { describeOrigin, locateStore } from '../../store/location.js';
import { storeSize } from '../../store/manage.js';
import { SweepStore } from '../../store/sweeps.js';
import { openForRead, type GlobalArgs } from '../context.js';
import { fmtBytes, fmtInt, periodicityJson, printJson } from '../output.js';

export const storeCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'store',
  describe: 'Say where the store is, how large it is on disk, and what it holds',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .example('$0 store', 'the path, its size and every table')
      .example('$0 store --json', 'the same as JSON')
      .epilogue(
        'The store is --db, else $GRUNDY_DB, else data/grundy.db in a source checkout (a .git entry, or src/ and\n' +
          'tsconfig.json, outside node_modules), else grundy-engine/grundy.db in the user data directory\n' +
          '($XDG_DATA_HOME or ~/.local/share; ~/Library/Application Support on macOS; %LOCALAPPDATA% on Windows).\n' +
          'Manage it with grundy rm GAME, grundy rm --sweep NAME and grundy vacuum.',
      ),
  handler: (args) => {
    const location = locateStore(args.db);
    const store = openForRead(args);
    try {
      const size = storeSize(location.path);
      const tables = (store?.listGames() ?? []).map((game) => ({
        game,
        cert: store!.getCertificate(game) ?? null,
        bytes: store!.storedBytes(game),
      }));
      const sweeps = store ? new SweepStore(store).list() : [];
      if (args.json) {
        printJson({
          store: location.path,
          origin: location.origin,
          exists: store !== null,
          bytes: size.total,
          files: { main: size.file, wal: size.wal, shm: size.shm },
          tables: tables.map(({ game, cert, bytes }) => ({
            game: game.key,
            computed: game.computed,
            maxValue: game.maxValue,
            bytes,
            periodicity: periodicityJson(cert),
          })),
          sweeps: sweeps.map((s) => ({ sweep: s.name, family: s.family, games: s.games, status: s.status })),
        });
        return;
      }
      const lines = [`store  ${location.path}`, `  from     ${describeOrigin(location.origin)}`];
      if (!store) {
        lines.push('  (not created yet: the first grundy compute creates it)');
        process.stdout.write(`${lines.join('\n')}\n`);
        return;
      }
      const wal = size.wal > 0 ? ` (${fmtBytes(size.file)} file + ${fmtBytes(size.wal)} write-ahead log)` : '';
      lines.push(
        `  on disk  ${fmtBytes(size.total)}${wal}`,
        `  tables   ${tables.length}, sweeps ${sweeps.length}${sweeps.length > 0 ? ` (grundy sweep --list)` : ''}`,
      );
      if (tables.length > 0) {
        const rows = tables.map(({ game, cert, bytes }) => [
          game.key,
          fmtInt(game.computed),
          cert
            ? `${cert.proven ? 'proven' : 'observed'} period ${fmtInt(cert.period)} from ${fmtInt(cert.preperiod)}`
            : '-',
          fmtBytes(bytes),
        ]);
        const header = ['game', 'values', 'certificate', 'data'];
        const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
        const cell = (c: string, i: number): string =>
          i === 1 || i === 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!);
        const line = (r: string[]): string => `    ${r.map(cell).join('  ')}`.trimEnd();
        lines.push(line(header), ...rows.map(line));
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    } finally {
      store?.close();
    }
  },
};
