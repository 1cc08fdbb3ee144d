#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yargs, { type Argv, type CommandModule } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { errorText, GrundyError, InterruptedError, UsageError } from '../errors.js';
import { projectRoot } from '../project-root.js';
import { releaseHeadStart } from '../api/threads.js';
import { noCommand } from './commands/no-command.js';
import type { GlobalArgs } from './context.js';
import { interruptedExitCode } from './interrupt.js';
import { dbArg } from './db-arg.js';
import { markStdinArgs } from './stdin.js';
import { wantsHelp } from './help-words.js';

type Command = CommandModule<GlobalArgs, never>;

/**
 * Every command, in help order, loaded on demand: a run loads only its own command's modules
 * (about a third fewer files for `grundy compute`), help and unknown words load them all.
 */
const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  compute: async () => (await import('./commands/compute.js')).computeCommand as Command,
  query: async () => (await import('./commands/query.js')).queryCommand as Command,
  show: async () => (await import('./commands/show.js')).showCommand as Command,
  list: async () => (await import('./commands/list.js')).listCommand as Command,
  export: async () => (await import('./commands/export.js')).exportCommand as Command,
  sweep: async () => (await import('./commands/sweep.js')).sweepCommand as Command,
  sweeps: async () => (await import('./commands/sweeps.js')).sweepsCommand as Command,
  worker: async () => (await import('./commands/worker.js')).workerCommand as Command,
  eval: async () => (await import('./commands/eval.js')).evalCommand as Command,
  count: async () => (await import('./commands/count.js')).countCommand as Command,
  quotient: async () => (await import('./commands/quotient.js')).quotientCommand as Command,
  table: async () => (await import('./commands/table.js')).tableCommand as Command,
  nimber: async () => (await import('./commands/nimber.js')).nimberCommand as Command,
  bench: async () => (await import('./commands/bench.js')).benchCommand as Command,
  store: async () => (await import('./commands/store.js')).storeCommand as Command,
  rm: async () => (await import('./commands/rm.js')).rmCommand as Command,
  vacuum: async () => (await import('./commands/vacuum.js')).vacuumCommand as Command,
  plot: async () => (await import('./commands/plot.js')).plotCommand as Command,
  serve: async () => (await import('./commands/serve.js')).serveCommand as Command,
};

/**
 * The commands yargs needs to see: the one named first, or all of them for help and the rest.
 * --version answers before any command runs, so it loads none (nor SQLite with them).
 */
async function commandsFor(argv: readonly string[]): Promise<Command[]> {
  const first = argv[0];
  const help = wantsHelp(argv);
  const load = first !== undefined && !help && Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  if (load) return [await load()];
  if (!help && argv.includes('--version')) return [];
  return Promise.all(Object.values(COMMANDS).map((l) => l()));
}

/**
 * The only place that turns failures into exit codes: usage 2, not computed 3, store 4,
 * compute 5, interrupted 130 (143 by SIGTERM), failed lines of an eval batch 1, anything
 * unexpected 1. One line on stderr, a stack trace only with --verbose.
 */
export async function main(argv: string[]): Promise<number> {
  const verbose = argv.includes('--verbose');
  try {
    const cli = yargs(markStdinArgs(argv));
    stackExamples(cli);
    (await cli
      .scriptName('grundy')
      .usage(
        '$0 <command> [options]\n\nSprague-Grundy values of impartial games: compute, prove periods, store ' +
          'in SQLite, query.',
      )
      .option('db', {
        type: 'string',
        global: true,
        describe:
          'the store file (default: $GRUNDY_DB, else data/grundy.db in a source checkout, else ' +
          'grundy-engine/grundy.db ' +
          'in the user data directory; grundy store says which)',
      })
      .option('json', { type: 'boolean', global: true, describe: 'print one JSON document on stdout' })
      .option('verbose', { type: 'boolean', global: true, describe: 'print stack traces on errors' })
      .version(ownVersion())
      .command(await commandsFor(argv))
      .command(noCommand(Object.keys(COMMANDS)))
      .demandCommand(1, 'name a command (see grundy --help)')
      .strict()
      .recommendCommands()
      .epilogue(
        'Game specs: nim | sub:1,3,4 | sub:squares|cubes|powers2|primes|fibonacci|triangular | allbut:1,2 |\n' +
          '            octal:0.77 (.77, hex digits 0-f) | kayles | grundy | module:./rules.js\n' +
          'Exit codes: 0 ok, 1 some lines of an eval batch failed (or an internal error), 2 bad input, 3 not ' +
          'computed,\n' +
          '            4 store problem, 5 compute failed, 130 interrupted (Ctrl-C), 143 stopped by SIGTERM.',
      )
      // yargs renders the command's help after every run (not in the bundle: rolldown.config.mjs);
      // unwrapped, that costs ~40 ms less.
      .wrap(wantsHelp(argv) ? helpWidth() : null)
      .fail((msg, err) => {
        if (err) throw err;
        throw new UsageError(`${msg} (see grundy --help)`);
      })
      .parseAsync()) as GlobalArgs;
    return 0;
  } catch (err) {
    if (isClosedPipe(err)) return 0;
    if (err instanceof GrundyError) {
      process.stderr.write(`grundy: ${errorText(err, dbArg(argv))}\n`);
      if (verbose && err.stack) process.stderr.write(`${err.stack}\n`);
      return err instanceof InterruptedError ? interruptedExitCode() : err.exitCode;
    }
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`grundy: internal error: ${message}${verbose ? '' : ' (run with --verbose for details)'}\n`);
    if (verbose && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
    return 1;
  } finally {
    // Threads bin/grundy.js started ahead (cli/head-start.ts) that no pool took.
    await releaseHeadStart();
  }
}

/**
 * This package's version, from its own package.json: yargs' default looks for package.json from
 * the working directory, so it found the consumer project's, or none ("unknown").
 */
function ownVersion(): string {
  const pkg = JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : 'unknown';
}

/**
 * yargs prints an example's command in a column at most half the help width, so at 80 columns a
 * long command was cut mid-way. Each example is printed as its command alone on a full-width line
 * (yargs's form for an example with no description) under its description, written as a shell comment.
 */
function stackExamples(cli: Argv): void {
  const example = cli.example.bind(cli) as (command: string, description: string) => Argv;
  cli.example = ((command: string | readonly [string, string?][], description?: string): Argv => {
    const list: readonly [string, string?][] = typeof command === 'string' ? [[command, description]] : command;
    for (const [c, d] of list) {
      if (d) example(`# ${d}`, '');
      example(c, '');
    }
    return cli;
  }) as Argv['example'];
}

/** The terminal's width (off a terminal, $COLUMNS, else 100), at most 110. */
function helpWidth(): number {
  return Math.min(110, process.stdout.columns ?? (Number(process.env.COLUMNS) || 100));
}

function isClosedPipe(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | null)?.code === 'EPIPE';
}

/**
 * A reader that stops early (grundy export kayles | head) closes the pipe: a normal end, so
 * exit 0 in silence, at once (nothing is left to say, and every commit is already whole).
 */
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (isClosedPipe(err)) process.exit(0);
  process.stderr.write(`grundy: cannot write to standard output: ${err.message}\n`);
  process.exit(1);
});

/** The run of this process's own command line; settled once its exit code is set (tests await it). */
export const selfRun: Promise<void> = main(hideBin(process.argv)).then((code) => {
  process.exitCode = code;
});
