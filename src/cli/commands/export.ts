import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import type { Argv, CommandModule } from 'yargs';
import { NotComputedError, UsageError } from '../../errors.js';
import { parseCount } from '../../numbers.js';
import { valueByCertificate } from '../../period/certificate.js';
import type { Store, GameRow } from '../../store/store.js';
import { openForRead, quoteSpec, requireStoredGame, type GlobalArgs } from '../context.js';

interface ExportArgs extends GlobalArgs {
  game: string;
  format: string;
  to?: string;
  out?: string;
}

const FORMATS = ['csv', 'json', 'bfile'] as const;
type Format = (typeof FORMATS)[number];
const BLOCK = 1 << 16;

export const exportCommand: CommandModule<GlobalArgs, ExportArgs> = {
  command: 'export <game>',
  describe: 'Write a stored table as CSV, JSON or an OEIS b-file',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('game', { type: 'string', demandOption: true, describe: 'the game (any spelling, or a stored key)' })
      .option('format', { type: 'string', default: 'csv', describe: 'csv ("n,value" rows), json, or bfile (OEIS "n value" lines)' })
      .option('to', { type: 'string', describe: 'export g(0..N-1) (default: all stored; beyond it only with a proven period)' })
      .option('out', { type: 'string', describe: 'write to FILE instead of stdout' })
      .example('$0 export octal:0.77 --format bfile --to 1000 --out b002186.txt', 'an OEIS b-file for Kayles')
      .example('$0 export sub:1,3,4 --format json --to 100', 'JSON on stdout') as Argv<ExportArgs>,
  handler: async (args) => {
    if (!(FORMATS as readonly string[]).includes(args.format)) {
      throw new UsageError(`--format '${args.format}' is not one of ${FORMATS.join(', ')}`);
    }
    const format = args.format as Format;
    const store = openForRead(args);
    try {
      const game = requireStoredGame(store, args.game);
      const to = args.to !== undefined ? parseCount(args.to, '--to', 0, 2 ** 31 - 1) : game.computed;
      const cert = store!.getCertificate(game);
      if (to > game.computed && !cert?.proven) {
        throw new NotComputedError(
          `${game.key} has ${game.computed} stored values and no proven period; run: grundy compute ${quoteSpec(args.game)} --to ${to}`,
        );
      }
      const out: Writable = args.out ? createWriteStream(args.out) : process.stdout;
      await writeTable(out, store!, game, to, format);
      if (args.out) {
        out.end();
        await once(out, 'finish');
      }
    } finally {
      store?.close();
    }
  },
};

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/** Stream g(0..to-1) in blocks so a large table never sits in memory as one string. */
async function writeTable(out: Writable, store: Store, game: GameRow, to: number, format: Format): Promise<void> {
  const cert = store.getCertificate(game);
  const base = (i: number): number => store.valueAt(game, i)!;
  if (format === 'csv') await write(out, 'n,value\n');
  if (format === 'json') await write(out, `{"game":${JSON.stringify(game.key)},"count":${to},"values":[`);
  for (let lo = 0; lo < to; lo += BLOCK) {
    const hi = Math.min(to, lo + BLOCK);
    const stored = Math.min(hi, game.computed);
    const values: (number | bigint)[] = lo < stored ? Array.from(store.readValues(game, lo, stored)) : [];
    for (let n = Math.max(lo, stored); n < hi; n++) values.push(valueByCertificate(cert!, BigInt(n), base));
    let text: string;
    if (format === 'csv') text = values.map((v, i) => `${lo + i},${v}\n`).join('');
    else if (format === 'bfile') text = values.map((v, i) => `${lo + i} ${v}\n`).join('');
    else text = (lo > 0 ? ',' : '') + values.join(',');
    await write(out, text);
  }
  if (format === 'json') await write(out, ']}\n');
}
