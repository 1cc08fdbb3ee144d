import type { Argv, CommandModule } from 'yargs';
import { SweepStore } from '../../store/sweeps.js';
import { describeSpec } from '../../sweep/enumerate.js';
import { announceStore, openForRead, type GlobalArgs } from '../context.js';
import { fmtInt, printJson } from '../output.js';

/** Every stored sweep with its progress: `grundy sweeps` and `grundy sweep --list`. */
export function listSweeps(args: GlobalArgs): void {
  const store = openForRead(args);
  try {
    const sweepStore = store ? new SweepStore(store) : null;
    const sweeps = (sweepStore?.list() ?? []).map((s) => ({ s, counts: sweepStore!.counts(s) }));
    if (args.json) {
      printJson({
        store: store?.path ?? null,
        sweeps: sweeps.map(({ s, counts }) => ({
          sweep: s.name,
          family: s.family,
          description: describeSpec(s.spec),
          games: s.games,
          done: counts.done,
          proven: counts.proven,
          limit: s.limit,
          status: s.status,
          createdAt: s.createdAt,
          updatedAt: s.updatedAt,
        })),
      });
      return;
    }
    announceStore(args, store);
    if (sweeps.length === 0) {
      process.stdout.write('no sweeps stored yet; try: grundy sweep sub --size 2 --max 20\n');
      return;
    }
    const rows = sweeps.map(({ s, counts }) => [
      s.name,
      s.status,
      `${fmtInt(counts.done)}/${fmtInt(s.games)}`,
      fmtInt(counts.proven),
      describeSpec(s.spec),
    ]);
    const header = ['sweep', 'status', 'done', 'proven', 'what'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]): string =>
      r.map((c, i) => (i === 2 || i === 3 ? c.padStart(widths[i]!) : i === 4 ? c : c.padEnd(widths[i]!))).join('  ');
    process.stdout.write(`${[line(header), ...rows.map(line)].join('\n')}\n`);
  } finally {
    store?.close();
  }
}

export const sweepsCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'sweeps',
  describe: 'List the stored sweeps (the same as grundy sweep --list)',
  builder: (y: Argv<GlobalArgs>) => y.example('$0 sweeps --json', 'every sweep with its progress, as JSON'),
  handler: (args) => listSweeps(args),
};
