import type { Argv, CommandModule } from 'yargs';
import { announceStore, openForRead, type GlobalArgs } from '../context.js';
import { locateStore } from '../../store/location.js';
import { boardBytes } from '../../store/boards.js';
import { fmtInt, periodicityJson, printJson } from '../output.js';
import { graphSource } from '../../store/graph-tables.js';
import { isGraphGame } from '../graph-table.js';

export const listCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'list',
  describe: 'List the stored tables with their sizes and certificates',
  builder: (y: Argv<GlobalArgs>) => y.example('$0 list --json', 'every table as JSON'),
  handler: (args) => {
    const store = openForRead(args);
    try {
      const tables = (store?.listGames() ?? []).map((game) => ({
        game,
        cert: store!.getCertificate(game) ?? null,
        bytes: store!.storedBytes(game) + boardBytes(store!, game),
        graph: isGraphGame(game) ? graphSource(store!, game) : undefined,
      }));
      if (args.json) {
        printJson({
          store: locateStore(args.db).path,
          tables: tables.map(({ game, cert, bytes, graph }) => ({
            game: game.key,
            family: game.family,
            computed: game.computed,
            maxValue: game.maxValue,
            width: game.width,
            bytes,
            periodicity: periodicityJson(cert),
            ...(graph ? { graph } : {}),
          })),
        });
        return;
      }
      announceStore(args, store);
      if (tables.length === 0) {
        process.stdout.write('no tables stored yet; try: grundy compute octal:0.77 --until-proven\n');
        return;
      }
      const rows = tables.map(({ game, cert, bytes, graph }) => [
        game.key,
        fmtInt(game.computed),
        String(game.maxValue),
        graph
          ? `graph: ${fmtInt(graph.edges)} edges, ${fmtInt(graph.infinite)} infinite`
          : cert
            ? `${cert.preperiod}+${cert.period}${cert.saltus ? ` (saltus ${cert.saltus})` : ''} ` +
              (cert.proven ? 'proven' : 'observed')
            : '-',
        fmtInt(bytes),
      ]);
      const header = ['game', 'values', 'max', 'period (pre+per)', 'bytes'];
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
      const line = (r: string[]): string =>
        r.map((c, i) => (i === 0 || i === 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
      process.stdout.write(`${[line(header), ...rows.map(line)].join('\n')}\n`);
    } finally {
      store?.close();
    }
  },
};
