import type { Argv, CommandModule } from 'yargs';
import { countPositions } from '../../count/count.js';
import { defaultWorkers } from '../../engine/pool.js';
import { familyOf, parseRules } from '../../games/registry.js';
import { GrundyError, UsageError } from '../../errors.js';
import { parseBigInteger, parseCount } from '../../numbers.js';
import { notComputed } from '../../play/not-computed.js';
import { prepareGames } from '../../play/prepare.js';
import { resolveDbPath } from '../../store/database.js';
import type { GlobalArgs } from '../context.js';
import { jsonInteger, printJson } from '../output.js';

interface CountArgs extends GlobalArgs {
  game?: string;
  games?: string[];
  heaps?: string;
  max?: string;
  value?: string;
  mod?: string;
  workers?: string;
}

export const countCommand: CommandModule<GlobalArgs, CountArgs> = {
  command: 'count [game]',
  describe: 'Count the tuples of heaps in [0, N] whose nim-sum is 0 (P-positions) or any value, by Walsh-Hadamard transform',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('game', { type: 'string', describe: 'the game of every heap (with --heaps K)' })
      .option('heaps', { type: 'string', describe: 'K: how many heaps of the game (an ordered K-tuple; default 1)' })
      .option('games', {
        type: 'string',
        array: true,
        describe: 'one heap of each game instead: --games kayles,sub:1,3,4,nim (or repeat --games)',
      })
      .option('max', { type: 'string', demandOption: true, describe: 'N: every heap ranges over [0, N]; 1e18 works with a proven period' })
      .option('value', { type: 'string', describe: 'count nim-sum X instead of 0' })
      .option('mod', { type: 'string', describe: 'count modulo P (any P >= 1; e.g. 1e9+7 written 1000000007)' })
      .option('workers', { type: 'string', describe: 'worker threads for a table computed on the fly (default: available cores)' })
      .example('$0 count kayles --heaps 3 --max 100', 'P-positions of three Kayles heaps of at most 100')
      .example('$0 count kayles --heaps 5 --max 1e18 --mod 1000000007', 'far beyond the table, by the proven period')
      .example('$0 count --games kayles,sub:1,3,4,nim --max 1000 --value 3 --json', 'one heap of each game, nim-sum 3') as Argv<CountArgs>,
  handler: async (args) => {
    const gameSpecs = args.games !== undefined ? splitGames(args.games.map(String)) : [];
    if (args.game !== undefined && gameSpecs.length > 0) throw new UsageError('give either a game with --heaps K, or --games g1,g2,..., not both');
    if (args.game === undefined && gameSpecs.length === 0) throw new UsageError('name a game (count kayles --heaps 3 --max 100) or --games g1,g2,...');
    if (gameSpecs.length > 0 && args.heaps !== undefined) throw new UsageError('--heaps goes with one game; --games already takes one heap of each');
    const max = parseBigInteger(args.max!, '--max');
    const value = args.value !== undefined ? parseBigInteger(args.value, '--value') : 0n;
    const mod = args.mod !== undefined ? parseBigInteger(args.mod, '--mod') : undefined;
    if (mod !== undefined && mod < 1n) throw new UsageError('--mod must be at least 1');
    const heaps = args.heaps !== undefined ? parseBigInteger(args.heaps, '--heaps') : 1n;
    if (heaps < 1n) throw new UsageError('--heaps must be at least 1');
    const workers = args.workers !== undefined ? parseCount(args.workers, '--workers', 1, 256) : defaultWorkers();

    for (const spec of args.game !== undefined ? [args.game] : gameSpecs) {
      const rules = parseRules(spec);
      if (familyOf(rules).positions !== 'heap') {
        throw new UsageError(
          `grundy count counts heap tuples by nim-sum; ${rules.key} is a game graph (a loopy game: ` +
            'values may be infinite, outcomes include draws), which it does not cover; ' +
            `use grundy export ${spec} --format csv for its outcomes`,
        );
      }
    }
    // Heaps of one game share a factor: K copies of a histogram become one power.
    const multiplicity = new Map<string, bigint>();
    for (const spec of args.game !== undefined ? [args.game] : gameSpecs) {
      multiplicity.set(spec, (multiplicity.get(spec) ?? 0n) + (args.game !== undefined ? heaps : 1n));
    }
    const prepared = await prepareGames(
      [...multiplicity.keys()].map((spec) => ({ spec, maxHeap: max })),
      {
        dbPath: resolveDbPath(args.db),
        workers,
        onCompute: (key, to) => process.stderr.write(`grundy: ${key} is not stored far enough: computing and storing g(0..${to - 1})\n`),
      },
    );
    const byKey = new Map<string, { source: Exclude<ReturnType<typeof prepared.get>, GrundyError | undefined>; heaps: bigint }>();
    for (const [spec, k] of multiplicity) {
      const p = prepared.get(spec)!;
      if (p instanceof GrundyError) throw p;
      if (!familyOf(p.rules).closedForm && !p.cert && max >= BigInt(p.table.length)) throw notComputed(p.rules, spec, max, p.table.length);
      const entry = byKey.get(p.rules.key);
      if (entry) entry.heaps += k;
      else byKey.set(p.rules.key, { source: p, heaps: k });
    }
    const games = [...byKey.values()];
    const result = countPositions({ games, max, value, ...(mod !== undefined ? { mod } : {}) });
    if (args.json) {
      printJson({
        count: jsonInteger(result.count),
        games: games.map((g, i) => ({ game: g.source.rules.key, heaps: jsonInteger(g.heaps), method: result.methods[i] })),
        max: jsonInteger(max),
        value: jsonInteger(value),
        mod: mod === undefined ? null : jsonInteger(mod),
        transformSize: result.transformSize,
      });
      return;
    }
    const what = games.map((g) => `${g.heaps} heap${g.heaps === 1n ? '' : 's'} of ${g.source.rules.key}`).join(' + ');
    const how = games.map((g, i) => `${g.source.rules.key}: ${result.methods[i]}`).join(', ');
    process.stdout.write(
      `${result.count}${mod !== undefined ? ` (mod ${mod})` : ''}\n` +
        `  ordered tuples of ${what}, every heap in [0, ${max}], with nim-sum ${value}${value === 0n ? ' (P-positions)' : ''}\n` +
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
      if (/^\d+$/.test(t) && out.length > 0 && /^(sub|allbut):/i.test(out[out.length - 1]!)) out[out.length - 1] += `,${t}`;
      else out.push(t);
    }
  }
  return out;
}
