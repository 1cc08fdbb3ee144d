import type { Argv, CommandModule } from 'yargs';
import { locateStore } from '../../store/location.js';
import { vacuumStore } from '../../store/manage.js';
import { openForRead, openForWrite, type GlobalArgs } from '../context.js';
import { fmtBytes, printJson } from '../output.js';

export const vacuumCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'vacuum',
  describe: 'Compact the store file: return the space of removed tables and sweeps to the disk',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .example('$0 vacuum', 'compact the default store')
      .epilogue('Refused while a compute runs. Rewrites the whole file: it needs free disk space of about its size.'),
  handler: (args) => {
    const path = locateStore(args.db).path;
    // Open for reading first, so that a missing store is reported rather than created empty.
    const reader = openForRead(args);
    if (!reader) {
      if (args.json) printJson({ store: path, exists: false, bytesBefore: 0, bytesAfter: 0 });
      else process.stdout.write(`no store at ${path}; nothing to compact\n`);
      return;
    }
    reader.close();
    const store = openForWrite(args);
    try {
      const { before, after } = vacuumStore(store);
      if (args.json) printJson({ store: store.path, exists: true, bytesBefore: before.total, bytesAfter: after.total });
      else process.stdout.write(`compacted ${store.path}: ${fmtBytes(before.total)} -> ${fmtBytes(after.total)}\n`);
    } finally {
      store.close();
    }
  },
};
