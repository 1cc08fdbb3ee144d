import { listenForInterrupt } from '../interrupt.js';
import { setMaxListeners } from 'node:events';
import type { Argv, CommandModule } from 'yargs';
import { ComputeError, UsageError } from '../../errors.js';
import { parseCount } from '../../numbers.js';
import { benchHistory, openBenchRecorder } from '../../api/manage.js';
import { dbOption, type GlobalArgs } from '../context.js';
import { printJson } from '../output.js';

interface BenchArgs extends GlobalArgs {
  suite?: string;
  workload?: string;
  workers?: string;
  quick?: boolean;
  size?: string;
  iterations?: string;
  history?: string;
  list?: boolean;
  anchors?: string;
  record?: boolean;
}

/** "a,b, c" -> ["a", "b", "c"]; undefined when the flag is absent. */
function listFlag(value: string | undefined, what: string): string[] | undefined {
  if (value === undefined) return undefined;
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length === 0) throw new UsageError(`${what} is empty; name at least one (see grundy bench --list)`);
  return items;
}

/**
 * The bench modules need tinybench, a dev dependency: load them only for this command, so an
 * install without dev dependencies still runs every other command.
 */
async function loadBench(): Promise<{
  session: typeof import('../../../bench/session.js');
  report: typeof import('../../../bench/report.js');
  machine: typeof import('../../../bench/machine.js');
  anchors: typeof import('../../../bench/anchors.js');
  suites: typeof import('../../../bench/suites/index.js');
}> {
  try {
    const [session, report, machine, anchors, suites] = await Promise.all([
      import('../../../bench/session.js'),
      import('../../../bench/report.js'),
      import('../../../bench/machine.js'),
      import('../../../bench/anchors.js'),
      import('../../../bench/suites/index.js'),
    ]);
    return { session, report, machine, anchors, suites };
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND') {
      throw new UsageError(
        `grundy bench needs the development dependencies (${(err as Error).message.split('\n')[0]}); run npm ` +
          `ci in the project`,
      );
    }
    throw err;
  }
}

/** One redrawn line on stderr, only on a TTY. */
function progressLine(): { update(text: string): void; done(): void } {
  const tty = process.stderr.isTTY === true;
  let drawn = false;
  return {
    update(text) {
      if (!tty) return;
      process.stderr.write(`\r${text.slice(0, (process.stderr.columns ?? 100) - 1)}\x1b[K`);
      drawn = true;
    },
    done() {
      if (drawn) process.stderr.write('\r\x1b[K');
      drawn = false;
    },
  };
}

export const benchCommand: CommandModule<GlobalArgs, BenchArgs> = {
  command: 'bench',
  describe: 'Measure kernel and end-to-end throughput, record it in the store, compare with earlier runs',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .option('suite', { type: 'string', describe: 'run only these suites (comma-separated; see --list)' })
      .option('workload', { type: 'string', describe: 'run only these workloads (comma-separated; see --list)' })
      .option('workers', {
        type: 'string',
        describe: 'worker counts for the pool runs, e.g. 1,2 (default: 1..cores for big-game workloads, else 1)',
      })
      .option('quick', {
        type: 'boolean',
        describe: 'small sizes and 3 runs each: the whole standard suite in under a minute',
      })
      .option('size', {
        type: 'string',
        describe: "states per run for every selected workload, instead of each workload's own",
      })
      .option('iterations', {
        type: 'string',
        describe: 'measured runs per figure after one warm-up run (default 5, --quick 3)',
      })
      .option('history', {
        type: 'string',
        describe:
          'show the recorded runs (of one workload when named) with their trend and the best run; records nothing',
      })
      .option('list', { type: 'boolean', describe: 'list the suites and workloads' })
      .option('anchors', {
        type: 'string',
        describe:
          'a folder of built C reference programs to run side by side (or $GRUNDY_ANCHORS); opt-in, never needed',
      })
      .option('record', {
        type: 'boolean',
        default: true,
        describe: 'record the figures in the store (--no-record: only print)',
      })
      .example('$0 bench --quick', 'every workload at small sizes (the CI smoke test)')
      .example(
        '$0 bench --suite end-to-end --workers 1,2',
        'compute jobs through the pool and the store at 1 and 2 workers',
      )
      .example('$0 bench --workload kayles,grundy --json', 'two kernels, figures as JSON')
      .example('$0 bench --history kayles', 'the trend and the best run of one workload')
      .example(
        'GRUNDY_ANCHORS=/tmp/anchors $0 bench --suite take-break',
        'side by side with the C reference programs',
      ) as Argv<BenchArgs>,
  handler: async (args) => {
    const bench = await loadBench();
    if (args.list) {
      if (args.json) {
        printJson({
          suites: bench.suites.suiteNames(),
          workloads: bench.suites.WORKLOADS.map((w) => ({
            name: w.name,
            suite: w.suite,
            description: w.description,
            size: w.size,
            pooled: w.pooled !== undefined,
            scaling: w.scaling === true,
          })),
        });
      } else {
        process.stdout.write(`${bench.report.workloadsText(bench.suites.WORKLOADS)}\n`);
      }
      return;
    }
    if (args.history !== undefined) {
      const name = args.history.trim() === '' ? undefined : args.history.trim();
      const runs = benchHistory(name, dbOption(args));
      if (args.json) printJson(bench.report.historyJson(runs));
      else process.stdout.write(`${bench.report.historyText(runs, name)}\n`);
      return;
    }

    const workers = listFlag(args.workers, '--workers')?.map((w) => parseCount(w, '--workers', 1, 256));
    const options = {
      quick: args.quick === true,
      cores: bench.machine.currentMachine().cores,
      ...(args.suite !== undefined ? { suites: listFlag(args.suite, '--suite') } : {}),
      ...(args.workload !== undefined ? { workloads: listFlag(args.workload, '--workload') } : {}),
      ...(workers ? { workers: [...new Set(workers)].sort((a, b) => a - b) } : {}),
      ...(args.size !== undefined ? { size: parseCount(args.size, '--size', 1, 2 ** 31 - 1) } : {}),
      ...(args.iterations !== undefined ? { iterations: parseCount(args.iterations, '--iterations', 1, 1000) } : {}),
    };
    const anchorsDir = bench.anchors.anchorsDir(args.anchors);
    // Fail on a bad selection or an unusable store before measuring anything.
    bench.session.selectWorkloads(options.suites, options.workloads);
    const recorder = args.record === false ? null : openBenchRecorder(dbOption(args));
    const interruption = listenForInterrupt(
      'stopping after the figure in flight (everything measured so far is recorded)',
    );
    // Every measured figure is one tinybench Bench listening on this signal.
    setMaxListeners(0, interruption.signal);
    const progress = progressLine();
    try {
      const machine = bench.machine.currentMachine();
      const report = await bench.session.runSession(
        { ...options, signal: interruption.signal, ...(anchorsDir ? { anchorsDir } : {}) },
        machine,
        recorder?.runs ?? null,
        { onStart: (label, i, total) => progress.update(`grundy bench [${i + 1}/${total}] ${label}`) },
      );
      progress.done();
      if (args.json) printJson(bench.report.sessionJson(report));
      else process.stdout.write(`${bench.report.sessionText(report)}\n`);
      for (const w of report.warnings) process.stderr.write(`grundy: warning: ${w}\n`);
      for (const f of report.failures) process.stderr.write(`grundy: wrong values: ${f}\n`);
      if (report.failures.length > 0) {
        throw new ComputeError(
          `${report.failures.length} workload${report.failures.length > 1 ? 's' : ''} computed wrong values ` +
            `(see above)`,
        );
      }
    } finally {
      progress.done();
      interruption.dispose();
      recorder?.close();
    }
  },
};
