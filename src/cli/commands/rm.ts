import type { Argv, CommandModule } from 'yargs';
import { removeGame, removeSweep } from '../../api/manage.js';
import { UsageError } from '../../errors.js';
import { announceStore, dbOption, type GlobalArgs } from '../context.js';
import { fmtBytes, printJson } from '../output.js';
import { fmtInt } from '../../numbers.js';

interface RmArgs extends GlobalArgs {
  game?: string;
  sweep?: string;
}

export const rmCommand: CommandModule<GlobalArgs, RmArgs> = {
  command: 'rm [game]',
  describe: 'Remove one stored table (values, certificate, runs) or, with --sweep, one named sweep',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('game', {
        type: 'string',
        describe: 'the table: its exact stored key, or a spec that parses to it (kayles)',
      })
      .option('sweep', {
        type: 'string',
        describe: 'remove the sweep of exactly this name instead (see grundy sweep --list)',
      })
      .example('$0 rm sub:1,3,4', 'remove that table')
      .example('$0 rm --sweep sub-size3-max60', 'remove that sweep and its results')
      .epilogue(
        'Only what is named exactly is removed: no patterns, no prefixes. A table is refused while a compute of it\n' +
          'runs. The file keeps its size until grundy vacuum compacts it.',
      ) as Argv<RmArgs>,
  handler: (args) => {
    if (args.game !== undefined && args.sweep !== undefined)
      throw new UsageError('give a game or --sweep NAME, not both');
    if (args.game === undefined && args.sweep === undefined) {
      throw new UsageError(
        'name the table to remove (grundy rm sub:1,3,4) or a sweep (grundy rm --sweep NAME); see grundy store',
      );
    }
    if (args.sweep !== undefined) removeNamedSweep(args, args.sweep);
    else removeTable(args, args.game!);
  },
};

function removeTable(args: GlobalArgs, spec: string): void {
  const { store, removed: r } = removeGame(spec, dbOption(args));
  if (args.json) {
    printJson({ store, removed: { ...r } });
    return;
  }
  announceStore(args, { path: store });
  const parts = [`${fmtInt(r.values)} values (${fmtBytes(r.bytes)} in ${fmtInt(r.chunks)} chunks)`];
  if (r.certificate) parts.push('its certificate');
  if (r.runs > 0) parts.push(`${fmtInt(r.runs)} run record${r.runs > 1 ? 's' : ''}`);
  if (r.sparseState) parts.push('its sparse-space state');
  process.stdout.write(`removed ${r.game}: ${parts.join(', ')}\n  (grundy vacuum returns the space to the disk)\n`);
}

export function removeNamedSweep(args: GlobalArgs, name: string): void {
  const { store, removed: r } = removeSweep(name, dbOption(args));
  if (args.json) {
    printJson({ store, removed: { ...r } });
    return;
  }
  announceStore(args, { path: store });
  process.stdout.write(
    `removed sweep ${r.sweep} (${r.family}, ${fmtInt(r.games)} games, ${fmtInt(r.results)} results stored)\n`,
  );
}
