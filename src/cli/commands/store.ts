import type { Argv, CommandModule } from 'yargs';
import { type StoreOrigin, storeInfo } from '../../api/manage.js';
import { dbOption, type GlobalArgs } from '../context.js';
import { fmtBytes, periodicityJson, printJson } from '../output.js';
import { fmtInt } from '../../numbers.js';

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
    const info = storeInfo(dbOption(args));
    const { size, tables, sweeps } = info;
    if (args.json) {
      printJson({
        store: info.path,
        origin: info.origin,
        exists: info.exists,
        bytes: size.total,
        files: { main: size.file, wal: size.wal, shm: size.shm },
        tables: tables.map((t) => ({
          game: t.key,
          computed: t.computed,
          maxValue: t.maxValue,
          bytes: t.bytes,
          periodicity: periodicityJson(t.periodicity),
        })),
        sweeps: sweeps.map((s) => ({ sweep: s.name, family: s.family, games: s.games, status: s.status })),
      });
      return;
    }
    const lines = [`store  ${info.path}`, `  from     ${describeOrigin(info.origin)}`];
    if (!info.exists) {
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
      const rows = tables.map((t) => {
        const cert = t.periodicity;
        return [
          t.key,
          fmtInt(t.computed),
          cert
            ? `${cert.proven ? 'proven' : 'observed'} period ${fmtInt(cert.period)} from ${fmtInt(cert.preperiod)}`
            : '-',
          fmtBytes(t.bytes),
        ];
      });
      const header = ['game', 'values', 'certificate', 'data'];
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
      const cell = (c: string, i: number): string =>
        i === 1 || i === 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!);
      const line = (r: string[]): string => `    ${r.map(cell).join('  ')}`.trimEnd();
      lines.push(line(header), ...rows.map(line));
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  },
};

/** How the store's path was chosen, in words. */
function describeOrigin(origin: StoreOrigin): string {
  switch (origin) {
    case 'flag':
      return '--db';
    case 'env':
      return 'GRUNDY_DB';
    case 'checkout':
      return 'the source checkout (data/grundy.db)';
    case 'user':
      return "the user's data directory";
  }
}
