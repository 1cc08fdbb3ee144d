import type { Argv, CommandModule } from 'yargs';
import { GrundyError, NotComputedError, UsageError } from '../../errors.js';
import { parseRules } from '../../games/registry.js';
import { removeGame, removeSweep } from '../../store/manage.js';
import type { Store } from '../../store/store.js';
import { SweepStore } from '../../store/sweeps.js';
import { announceStore, openForRead, openForWrite, type GlobalArgs } from '../context.js';
import { fmtBytes, fmtInt, printJson } from '../output.js';

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
  const key = resolveTableKey(args, spec);
  const store = openForWrite(args);
  try {
    const r = removeGame(store, key);
    if (args.json) {
      printJson({ store: store.path, removed: { ...r } });
      return;
    }
    announceStore(args, store);
    const parts = [`${fmtInt(r.values)} values (${fmtBytes(r.bytes)} in ${fmtInt(r.chunks)} chunks)`];
    if (r.certificate) parts.push('its certificate');
    if (r.runs > 0) parts.push(`${fmtInt(r.runs)} run record${r.runs > 1 ? 's' : ''}`);
    if (r.sparseState) parts.push('its sparse-space state');
    process.stdout.write(`removed ${r.game}: ${parts.join(', ')}\n  (grundy vacuum returns the space to the disk)\n`);
  } finally {
    store.close();
  }
}

/**
 * The exact stored key `spec` names, or exit 3 (not stored) or 2 (not a key nor a spec), either
 * way with the stored keys listed. Read-only, so a missing store is never created.
 */
function resolveTableKey(args: GlobalArgs, spec: string): string {
  const store = openForRead(args);
  try {
    const exact = spec.trim();
    if (store?.getGame(exact)) return exact;
    let key: string;
    try {
      key = parseRules(spec).key;
    } catch (err) {
      if (!(err instanceof GrundyError)) throw err;
      throw new UsageError(
        `'${spec}' is neither a stored key nor a game spec (${err.message}); ${storedTables(store)}`,
      );
    }
    if (store?.getGame(key)) return key;
    throw new NotComputedError(
      `${key} is not stored${store ? '' : ' (there is no store yet)'}, nothing removed; ${storedTables(store)}`,
    );
  } finally {
    store?.close();
  }
}

function storedTables(store: Store | null): string {
  const keys = store?.listGames().map((g) => g.key) ?? [];
  if (keys.length === 0) return 'no tables are stored';
  const more = keys.length > 12 ? `, ... (${keys.length} in all; grundy list)` : ' (grundy list)';
  return `stored tables: ${keys.slice(0, 12).join(', ')}${more}`;
}

export function removeNamedSweep(args: GlobalArgs, name: string): void {
  const reader = openForRead(args);
  try {
    const names = reader ? new SweepStore(reader).list().map((s) => s.name) : [];
    if (!names.includes(name)) {
      const more = names.length > 12 ? ', ...' : '';
      const known =
        names.length > 0
          ? `stored sweeps: ${names.slice(0, 12).join(', ')}${more} (grundy sweep --list)`
          : 'no sweeps are stored';
      throw new NotComputedError(`no sweep named '${name}', nothing removed; ${known}`);
    }
  } finally {
    reader?.close();
  }
  const store = openForWrite(args);
  try {
    const r = removeSweep(store, name);
    if (args.json) {
      printJson({ store: store.path, removed: { ...r } });
      return;
    }
    announceStore(args, store);
    process.stdout.write(
      `removed sweep ${r.sweep} (${r.family}, ${fmtInt(r.games)} games, ${fmtInt(r.results)} results stored)\n`,
    );
  } finally {
    store.close();
  }
}
