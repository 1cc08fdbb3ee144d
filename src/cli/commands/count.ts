import type { Argv, CommandModule } from 'yargs';
import { count } from '../../api/count.js';
import { UsageError } from '../../errors.js';
import { parseBigInteger, parseCount } from '../../numbers.js';
import { onTheFly, type GlobalArgs } from '../context.js';
import { jsonInteger, printJson } from '../output.js';

interface CountArgs extends GlobalArgs {
  game?: string;
  games?: string[];
  heaps?: string;
  max?: string;
  value?: string;
  misere?: boolean;
  mod?: string;
  workers?: string;
}

export const countCommand: CommandModule<GlobalArgs, CountArgs> = {
  command: 'count [game]',
  describe:
    'Count the tuples of heaps in [0, N] whose nim-sum is 0 (P-positions) or any value, by Walsh-Hadamard transform',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('game', { type: 'string', describe: 'the game of every heap (with --heaps K)' })
      .option('heaps', { type: 'string', describe: 'K: how many heaps of the game (an ordered K-tuple; default 1)' })
      .option('games', {
        type: 'string',
        array: true,
        describe: 'one heap of each game instead: --games kayles,sub:1,3,4,nim (or repeat --games)',
      })
      .option('max', {
        type: 'string',
        demandOption: true,
        describe: 'N: every heap ranges over [0, N]; 1e18 works with a proven period',
      })
      .option('value', { type: 'string', describe: 'count nim-sum X instead of 0' })
      .option('misere', {
        type: 'boolean',
        describe:
          'count misère P-positions: by the Anti-SG rule (nim, all-but games...) or a stored misère table in which ' +
          'every heap up to --max is tame (grundy compute --misere); refused otherwise (docs/misere.md)',
      })
      .option('mod', { type: 'string', describe: 'count modulo P (any P >= 1; e.g. 1e9+7 written 1000000007)' })
      .option('workers', {
        type: 'string',
        describe: 'worker threads for a table computed on the fly (default: available cores)',
      })
      .example('$0 count kayles --heaps 3 --max 100', 'P-positions of three Kayles heaps of at most 100')
      .example('$0 count kayles --heaps 5 --max 1e18 --mod 1000000007', 'far beyond the table, by the proven period')
      .example(
        '$0 count --games kayles,sub:1,3,4,nim --max 1000 --value 3 --json',
        'one heap of each game, nim-sum 3',
      ) as Argv<CountArgs>,
  handler: async (args) => {
    const gameSpecs = args.games !== undefined ? splitGames(args.games.map(String)) : [];
    if (args.game !== undefined && gameSpecs.length > 0)
      throw new UsageError('give either a game with --heaps K, or --games g1,g2,..., not both');
    if (args.game === undefined && gameSpecs.length === 0)
      throw new UsageError('name a game (count kayles --heaps 3 --max 100) or --games g1,g2,...');
    if (gameSpecs.length > 0 && args.heaps !== undefined)
      throw new UsageError('--heaps goes with one game; --games already takes one heap of each');
    const max = parseBigInteger(args.max!, '--max');
    const value = args.value !== undefined ? parseBigInteger(args.value, '--value') : 0n;
    const mod = args.mod !== undefined ? parseBigInteger(args.mod, '--mod') : undefined;
    if (mod !== undefined && mod < 1n) throw new UsageError('--mod must be at least 1');
    const heaps = args.heaps !== undefined ? parseBigInteger(args.heaps, '--heaps') : 1n;
    if (heaps < 1n) throw new UsageError('--heaps must be at least 1');
    const workers = args.workers !== undefined ? parseCount(args.workers, '--workers', 1, 256) : undefined;

    const games = args.game !== undefined ? { [args.game]: heaps } : gameSpecs;
    if (args.misere && args.value !== undefined)
      throw new UsageError('--value counts by nim-sum; --misere counts P-positions');
    const result = await count(games, {
      max,
      value,
      ...(args.misere ? { misere: true } : {}),
      ...(mod !== undefined ? { mod } : {}),
      ...(args.db !== undefined ? { db: args.db } : {}),
      ...(workers !== undefined ? { workers } : {}),
      onCompute: (key, to, untilProven) => process.stderr.write(`grundy: ${onTheFly(key, to, untilProven)}\n`),
    });
    if (args.json) {
      printJson({
        count: jsonInteger(result.count),
        games: result.games.map((g) => ({ game: g.key, heaps: jsonInteger(g.heaps), method: g.method })),
        max: jsonInteger(max),
        value: jsonInteger(value),
        mod: mod === undefined ? null : jsonInteger(mod),
        ...(result.misere ? { misere: result.misere } : {}),
        transformSize: result.transformSize,
      });
      return;
    }
    const what = result.games.map((g) => `${g.heaps} heap${g.heaps === 1n ? '' : 's'} of ${g.key}`).join(' + ');
    const how = result.games.map((g) => `${g.key}: ${g.method}`).join(', ');
    process.stdout.write(
      `${result.count}${mod !== undefined ? ` (mod ${mod})` : ''}\n` +
        `  ordered tuples of ${what}, every heap in [0, ${max}], ` +
        (result.misere
          ? `that are misère P-positions (by the ${result.misere === 'tame' ? 'tame' : 'Anti-SG'} rule)\n`
          : `with nim-sum ${value}${value === 0n ? ' (P-positions)' : ''}\n`) +
        `  values from ${how}; Walsh-Hadamard transform of length ${result.transformSize}\n`,
    );
  },
};

/**
 * "kayles,sub:1,3,4,nim" -> kayles | sub:1,3,4 | nim: a piece that is a bare number cannot be a
 * game, so it continues the subtraction set or exclusion list before it.
 */
export function splitGames(items: readonly string[]): string[] {
  const out: string[] = [];
  for (const item of items) {
    for (const piece of item.split(',')) {
      const t = piece.trim();
      if (t === '') throw new UsageError(`--games '${item}' has an empty entry`);
      if (/^\d+$/.test(t) && out.length > 0 && /^(sub|allbut):/i.test(out[out.length - 1]!))
        out[out.length - 1] += `,${t}`;
      else out.push(t);
    }
  }
  return out;
}
