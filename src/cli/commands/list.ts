import type { Argv, CommandModule } from 'yargs';
import { openStore } from '../../api/store.js';
import { announceStore, type GlobalArgs } from '../context.js';
import { periodicityJson, printJson } from '../output.js';
import { fmtInt } from '../../numbers.js';

export const listCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'list',
  describe: 'List the stored tables with their sizes and certificates',
  builder: (y: Argv<GlobalArgs>) => y.example('$0 list --json', 'every table as JSON'),
  handler: (args) => {
    const store = openStore(args.db);
    try {
      const tables = store.tables();
      if (args.json) {
        printJson({
          store: store.path,
          tables: tables.map((t) => ({
            game: t.key,
            family: t.family,
            computed: t.computed,
            maxValue: t.maxValue,
            width: t.width,
            bytes: t.bytes,
            periodicity: periodicityJson(t.periodicity),
            ...(t.graph ? { graph: t.graph } : {}),
          })),
        });
        return;
      }
      announceStore(args, store.exists ? store : null);
      if (tables.length === 0) {
        process.stdout.write('no tables stored yet; try: grundy compute octal:0.77 --until-proven\n');
        return;
      }
      const rows = tables.map(({ key, computed, maxValue, periodicity: cert, bytes, graph }) => [
        key,
        fmtInt(computed),
        String(maxValue),
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
      store.close();
    }
  },
};
