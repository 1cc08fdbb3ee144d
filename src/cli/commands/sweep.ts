import type { Argv, CommandModule } from 'yargs';
import { listenForInterrupt } from '../interrupt.js';
import {
  MAX_SWEEP_LIMIT,
  SWEEP_SORTS,
  sweep,
  sweepFamilies,
  sweepKind,
  sweepPlan,
  sweepReport,
  type SweepPlan,
  type SweepReport,
  type SweepSort,
  type SweepSpec,
  type SweepSummary,
} from '../../api/sweep.js';
import { InterruptedError, UsageError } from '../../errors.js';
import { fmtInt, parseCount } from '../../numbers.js';
import { describeResult, reportCsv } from '../../api/format.js';
import { dbOption, type GlobalArgs } from '../context.js';
import { fmtDuration, fmtRate, printJson } from '../output.js';
import { SweepProgressBar } from '../sweep-progress.js';
import { removeNamedSweep } from './rm.js';
import { listSweeps } from './sweeps.js';

export interface SweepArgs extends GlobalArgs {
  family?: string;
  size?: string;
  'max-size'?: string;
  max?: string;
  digits?: string;
  'max-digits'?: string;
  hex?: boolean;
  'until-proven'?: boolean;
  to?: string;
  workers?: string;
  queue?: string;
  name?: string;
  'keep-tables'?: boolean;
  report?: string;
  sort?: string;
  top?: string;
  csv?: boolean;
  list?: boolean;
  rm?: string;
}

export const sweepCommand: CommandModule<GlobalArgs, SweepArgs> = {
  command: 'sweep [family]',
  describe:
    'Solve every game of a family (subtraction sets, octal codes, all-but sets) in one batch; report ranked results',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('family', { type: 'string', describe: `what to sweep: ${sweepFamilies().join(' | ')}` })
      .option('size', { type: 'string', describe: 'sub/allbut: sets of exactly K elements' })
      .option('max-size', { type: 'string', describe: 'sub/allbut: sets of 1 to K elements' })
      .option('max', { type: 'string', describe: 'sub/allbut: the largest element allowed' })
      .option('digits', { type: 'string', describe: 'octal: codes 0.d1..dD with exactly D digits (dD != 0)' })
      .option('max-digits', { type: 'string', describe: 'octal: codes with 1 to D digits' })
      .option('hex', { type: 'boolean', describe: 'octal: hexadecimal digits 0-f (moves that leave three heaps)' })
      .option('until-proven', {
        type: 'boolean',
        describe:
          'stop each game at its proven period (the default); --no-until-proven computes every game to --to values',
      })
      .option('to', {
        type: 'string',
        describe:
          'the most values per game (default 2^26 sub, 2^13 octal, 2^14 allbut, 2^10 with --hex); unproven ' +
          'games are "not proven up to N"',
      })
      .option('workers', { type: 'string', describe: 'worker threads (default: available cores)' })
      .option('queue', {
        type: 'string',
        describe:
          'solve the batches on grundy workers through Redis (redis://HOST:PORT; password from ' +
          'GRUNDY_REDIS_PASSWORD); --workers = batches in flight / 2 (default 8)',
      })
      .option('name', {
        type: 'string',
        describe: 'the sweep name (default from the parameters, e.g. sub-size3-max60); a rerun resumes it',
      })
      .option('keep-tables', {
        type: 'boolean',
        describe: "also store every game's values as a table (as grundy compute would)",
      })
      .option('report', {
        type: 'string',
        describe: 'print the ranked results of the stored sweep NAME instead of running one',
      })
      .option('sort', {
        type: 'string',
        describe: `report: rank by ${SWEEP_SORTS.join(' | ')} (default period, longest first)`,
      })
      .option('top', { type: 'string', describe: 'report: how many results (default 20, all with --csv; 0 = all)' })
      .option('csv', { type: 'boolean', describe: 'report: print the ranked results as CSV' })
      .option('list', { type: 'boolean', describe: 'list the stored sweeps (also: grundy sweeps)' })
      .option('rm', { type: 'string', describe: 'remove the stored sweep of exactly this name and its results' })
      .example('$0 sweep sub --size 3 --max 60', 'all 34,220 three-element subtraction sets, each to its proven period')
      .example('$0 sweep sub --max-size 3 --max 12 --name small', 'every set of 1-3 elements up to 12, named "small"')
      .example('$0 sweep octal --digits 2 --to 2^16', 'two-digit octal codes, each to a proof or 65,536 values')
      .example('$0 sweep allbut --size 2 --max 10', 'all-but games excluding two amounts <= 10 (periods observed)')
      .example('$0 sweep --report sub-size3-max60 --top 10', 'the ten longest periods')
      .example('$0 sweep --report octal-digits2 --sort preperiod --csv', 'ranked results as CSV')
      .example('$0 sweep --list', 'the stored sweeps')
      .example('$0 sweep --rm small', 'remove the sweep named small') as Argv<SweepArgs>,
  handler: async (args) => {
    const modes = [
      args.report !== undefined,
      args.list === true,
      args.rm !== undefined,
      args.family !== undefined,
    ].filter(Boolean);
    if (modes.length > 1)
      throw new UsageError('give one of: a family to run a sweep, --report NAME, --list, --rm NAME');
    if (args.report !== undefined) return printReport(args);
    if (args.sort !== undefined || args.top !== undefined || args.csv) {
      throw new UsageError(
        '--sort, --top and --csv belong to --report NAME (e.g. grundy sweep --report sub-size3-max60 --sort period)',
      );
    }
    if (args.list) return listSweeps(args);
    if (args.rm !== undefined) return removeNamedSweep(args, args.rm);
    if (args.family === undefined) {
      throw new UsageError(
        `name a family to sweep (${sweepFamilies().join(', ')}), --report NAME or --list; e.g. grundy sweep ` +
          `sub --size 3 --max 60`,
      );
    }
    const spec = specFromArgs(args);
    const untilProven = args['until-proven'] !== false;
    if (!untilProven && args.to === undefined) {
      throw new UsageError('--no-until-proven computes every game to --to values: give --to N (e.g. --to 2^12)');
    }
    const to = args.to !== undefined ? parseCount(args.to, '--to', 1, MAX_SWEEP_LIMIT) : undefined;
    const workers = args.workers !== undefined ? parseCount(args.workers, '--workers', 1, 256) : undefined;
    const plan = sweepPlan(spec, {
      untilProven,
      ...(to !== undefined ? { to } : {}),
      ...(args.name !== undefined ? { name: args.name } : {}),
    });

    // The queue is reached before the store is opened: an unreachable Redis leaves the store untouched.
    // The queue modules (BullMQ, ioredis) load only here: every other command starts without them.
    const remote =
      args.queue !== undefined
        ? {
            ...(await import('../../queue/connection.js')),
            ...(await import('../../queue/remote-sweep.js')),
          }
        : null;
    const queue =
      args.queue !== undefined && remote !== null
        ? await remote.QueueSweepBackend.open(
            remote.parseQueueUrl(args.queue),
            `${plan.name}|${JSON.stringify(spec)}|${plan.limit}|${untilProven}`,
            workers ?? 8,
          )
        : null;
    const bar = new SweepProgressBar();
    // Every committed batch is durable; a rerun redoes only the batches in flight.
    const interruption = listenForInterrupt('finishing the batches in flight', () => bar.done());
    try {
      const summary = await sweep(spec, {
        ...dbOption(args),
        name: plan.name,
        to: plan.limit,
        untilProven,
        ...(workers !== undefined ? { workers } : {}),
        keepTables: args['keep-tables'] === true,
        ...(queue !== null ? { backend: queue } : {}),
        signal: interruption.signal,
        onProgress: (p) => bar.update(p),
      });
      bar.done();
      if (args.json) printJson(summaryJson(summary));
      else printSummary(summary);
    } catch (err) {
      bar.done();
      if (err instanceof InterruptedError) throw new InterruptedError(`${err.message}; resume with the same command`);
      throw err;
    } finally {
      interruption.dispose();
      await queue?.close();
    }
  },
};

/** The sweep the flags describe; exported for tests of its validation. */
export function specFromArgs(args: SweepArgs): SweepSpec {
  const fam = args.family!.toLowerCase();
  const kind = sweepKind(fam);
  if (kind === undefined) {
    throw new UsageError(`cannot sweep '${args.family}'; sweepable families: ${sweepFamilies().join(', ')}`);
  }
  if (kind === 'codes') {
    for (const flag of ['size', 'max-size', 'max'] as const) {
      if (args[flag] !== undefined)
        throw new UsageError(`--${flag} is for sub and allbut sweeps; octal sweeps take --digits D or --max-digits D`);
    }
    const [min, max] = oneOf(args, 'digits', 'max-digits', 'octal', '--digits 2');
    return { family: fam, minDigits: min, maxDigits: max, base: args.hex ? 16 : 8 };
  }
  for (const flag of ['digits', 'max-digits'] as const) {
    if (args[flag] !== undefined)
      throw new UsageError(`--${flag} is for octal sweeps; ${fam} sweeps take --size K (or --max-size K) and --max M`);
  }
  if (args.hex) throw new UsageError(`--hex is for octal sweeps`);
  if (args.max === undefined)
    throw new UsageError(`${fam} sweeps need --max M, the largest element (e.g. --size 3 --max 60)`);
  const [min, max] = oneOf(args, 'size', 'max-size', fam, '--size 3');
  return { family: fam, minSize: min, maxSize: max, max: parseCount(args.max, '--max', 1, 1_000_000) };
}

/** --exact K gives [K, K]; --up-to K gives [1, K]; exactly one of them. */
function oneOf(
  args: SweepArgs,
  exact: 'size' | 'digits',
  upTo: 'max-size' | 'max-digits',
  fam: string,
  example: string,
): [number, number] {
  const a = args[exact];
  const b = args[upTo];
  if (a !== undefined && b !== undefined) throw new UsageError(`give --${exact} or --${upTo}, not both`);
  if (a !== undefined) {
    const k = parseCount(a, `--${exact}`, 1, 1000);
    return [k, k];
  }
  if (b !== undefined) return [1, parseCount(b, `--${upTo}`, 1, 1000)];
  throw new UsageError(
    `${fam} sweeps need --${exact} K (or --${upTo} K); e.g. grundy sweep ${fam} ` +
      `${example}${fam === 'octal' ? '' : ' --max 60'}`,
  );
}

function summaryJson(s: SweepSummary & SweepPlan): object {
  return {
    sweep: s.name,
    description: s.description,
    games: s.games,
    skipped: s.skipped,
    resumed: s.resumed,
    computedNow: s.computedNow,
    done: s.done,
    proven: s.proven,
    notProven: s.done - s.proven,
    limit: s.limit,
    elapsedMs: Math.round(s.elapsedMs * 1000) / 1000,
    gamesPerSecond: Number(s.gamesPerSecond.toPrecision(3)),
    workers: s.workers,
  };
}

function printSummary(s: SweepSummary & SweepPlan): void {
  const skipped = s.skipped.allZero + s.skipped.trailingZeros;
  const lines = [
    `sweep ${s.name}: ${s.description}`,
    `  games      ${fmtInt(s.games)}` +
      (skipped > 0
        ? ` (skipped ${fmtInt(skipped)} code${skipped > 1 ? 's' : ''}: ${s.skipped.allZero} all-zero, ` +
          `${fmtInt(s.skipped.trailingZeros)} ending in 0)`
        : ''),
    `  this run   ${fmtInt(s.computedNow)} solved in ${fmtDuration(s.elapsedMs)}` +
      (s.computedNow > 0
        ? `: ${fmtRate(s.gamesPerSecond)} games/s on ${s.workers} worker${s.workers > 1 ? 's' : ''}`
        : '') +
      (s.resumed > 0 ? `; ${fmtInt(s.resumed)} already finished` : ''),
    `  results    ${fmtInt(s.proven)} proven, ${fmtInt(s.done - s.proven)} not proven up to ${fmtInt(s.limit)}`,
    `  report     grundy sweep --report ${s.name}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

function printReport(args: SweepArgs): void {
  if (args.family !== undefined) throw new UsageError('give either a family to run a sweep or --report NAME, not both');
  if (args.csv && args.json) throw new UsageError('give --json or --csv, not both');
  const sort = (args.sort ?? 'period') as SweepSort;
  if (!SWEEP_SORTS.includes(sort)) throw new UsageError(`--sort ${args.sort} is not one of ${SWEEP_SORTS.join(', ')}`);
  // CSV goes to a file or a script, which wants every row: only a terminal reader gets the first 20.
  const top = args.top !== undefined ? parseCount(args.top, '--top', 0, 10_000_000) : args.csv ? 0 : 20;
  const report = sweepReport(args.report!, { ...dbOption(args), sort, top });
  if (args.json) printJson(report);
  else if (args.csv) process.stdout.write(reportCsv(report));
  else printReportText(report);
}

function printReportText(r: SweepReport): void {
  const skipped = r.skipped.allZero + r.skipped.trailingZeros;
  const longest = r.longestPeriod;
  const none = 'no proven period';
  const from = longest ? fmtInt(longest.preperiod) : '';
  const lines = [
    `sweep ${r.sweep}: ${r.description}  (${r.status}, up to ${fmtInt(r.limit)} values per game)`,
    `  games      ${fmtInt(r.games)}: ${fmtInt(r.proven)} proven, ${fmtInt(r.notProven)} not proven, ` +
      `${fmtInt(r.pending)} pending` +
      (skipped > 0
        ? `; ${fmtInt(skipped)} code${skipped > 1 ? 's' : ''} skipped (${r.skipped.allZero} all-zero, ` +
          `${fmtInt(r.skipped.trailingZeros)} ending in 0)`
        : ''),
    `  longest    ${longest ? `${longest.game}: period ${fmtInt(longest.period)} from ${from}` : none}`,
  ];
  if (r.results.length > 0) {
    const done = r.proven + r.notProven;
    const cut = r.results.length < done ? ` of ${fmtInt(done)} by ${r.sort} (--top 0 lists all)` : ` by ${r.sort}`;
    lines.push(`  ${r.top > 0 ? `top ${r.results.length}` : 'all'}${cut}:`);
    const rows = r.results.map((e) => [String(e.rank), e.game, String(e.maxValue), describeResult(e, fmtInt)]);
    const header = ['rank', 'game', 'max', 'result'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
    const cell = (c: string, i: number): string =>
      i === 0 || i === 2 ? c.padStart(widths[i]!) : i === 3 ? c : c.padEnd(widths[i]!);
    const line = (row: string[]): string => `    ${row.map(cell).join('  ')}`;
    lines.push(line(header), ...rows.map(line));
  }
  if (r.unsolved.length > 0) {
    const first = r.notProven > r.unsolved.length ? ` (first ${r.unsolved.length} of ${fmtInt(r.notProven)})` : '';
    lines.push(`  not proven${first}:`);
    for (const e of r.unsolved) lines.push(`    ${e.game}: ${describeResult(e, fmtInt)}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
