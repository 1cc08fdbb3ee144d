import type { Argv, CommandModule } from 'yargs';
import { vacuum } from '../../api/manage.js';
import { dbOption, type GlobalArgs } from '../context.js';
import { fmtBytes, printJson } from '../output.js';

export const vacuumCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'vacuum',
  describe: 'Compact the store file: return the space of removed tables and sweeps to the disk',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .example('$0 vacuum', 'compact the default store')
      .epilogue('Refused while a compute runs. Rewrites the whole file: it needs free disk space of about its size.'),
  handler: (args) => {
    const v = vacuum(dbOption(args));
    if (!v.exists) {
      if (args.json) printJson({ store: v.path, exists: false, bytesBefore: 0, bytesAfter: 0 });
      else process.stdout.write(`no store at ${v.path}; nothing to compact\n`);
      return;
    }
    if (args.json) printJson({ store: v.path, exists: true, bytesBefore: v.before.total, bytesAfter: v.after.total });
    else process.stdout.write(`compacted ${v.path}: ${fmtBytes(v.before.total)} -> ${fmtBytes(v.after.total)}\n`);
  },
};
