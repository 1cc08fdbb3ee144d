import type { Argv, CommandModule } from 'yargs';
import { listSweeps as storedSweeps } from '../../api/manage.js';
import { announceStore, dbOption, type GlobalArgs } from '../context.js';
import { printJson } from '../output.js';
import { fmtInt } from '../../numbers.js';

/** Every stored sweep with its progress: `grundy sweeps` and `grundy sweep --list`. */
export function listSweeps(args: GlobalArgs): void {
  const { path, exists, sweeps } = storedSweeps(dbOption(args));
  if (args.json) {
    printJson({
      store: exists ? path : null,
      sweeps: sweeps.map((s) => ({
        sweep: s.name,
        family: s.family,
        description: s.description,
        games: s.games,
        done: s.done,
        proven: s.proven,
        limit: s.limit,
        status: s.status,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
      })),
    });
    return;
  }
  announceStore(args, exists ? { path } : null);
  if (sweeps.length === 0) {
    process.stdout.write('no sweeps stored yet; try: grundy sweep sub --size 2 --max 20\n');
    return;
  }
  const rows = sweeps.map((s) => [
    s.name,
    s.status,
    `${fmtInt(s.done)}/${fmtInt(s.games)}`,
    fmtInt(s.proven),
    s.description,
  ]);
  const header = ['sweep', 'status', 'done', 'proven', 'what'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]): string =>
    r.map((c, i) => (i === 2 || i === 3 ? c.padStart(widths[i]!) : i === 4 ? c : c.padEnd(widths[i]!))).join('  ');
  process.stdout.write(`${[line(header), ...rows.map(line)].join('\n')}\n`);
}

export const sweepsCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'sweeps',
  describe: 'List the stored sweeps (the same as grundy sweep --list)',
  builder: (y: Argv<GlobalArgs>) => y.example('$0 sweeps --json', 'every sweep with its progress, as JSON'),
  handler: (args) => listSweeps(args),
};
