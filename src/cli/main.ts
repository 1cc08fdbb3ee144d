#!/usr/bin/env node
import yargs, { type CommandModule } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { GrundyError, InterruptedError, UsageError } from '../errors.js';
import { benchCommand } from './commands/bench.js';
import { computeCommand } from './commands/compute.js';
import { countCommand } from './commands/count.js';
import { evalCommand } from './commands/eval.js';
import { exportCommand } from './commands/export.js';
import { listCommand } from './commands/list.js';
import { nimberCommand } from './commands/nimber.js';
import { noCommand } from './commands/no-command.js';
import { plotCommand } from './commands/plot.js';
import { queryCommand } from './commands/query.js';
import { serveCommand } from './commands/serve.js';
import { rmCommand } from './commands/rm.js';
import { showCommand } from './commands/show.js';
import { storeCommand } from './commands/store.js';
import { sweepCommand } from './commands/sweep.js';
import { sweepsCommand } from './commands/sweeps.js';
import { vacuumCommand } from './commands/vacuum.js';
import { tableCommand } from './commands/table.js';
import { workerCommand } from './commands/worker.js';
import type { GlobalArgs } from './context.js';
import { interruptedExitCode } from './interrupt.js';
import { markStdinArgs } from './stdin.js';

const COMMANDS = [
  computeCommand,
  queryCommand,
  showCommand,
  listCommand,
  exportCommand,
  sweepCommand,
  sweepsCommand,
  workerCommand,
  evalCommand,
  countCommand,
  tableCommand,
  nimberCommand,
  benchCommand,
  storeCommand,
  rmCommand,
  vacuumCommand,
  plotCommand,
  serveCommand,
] as CommandModule<GlobalArgs, never>[];

/**
 * The only place that turns failures into exit codes: usage 2, not computed 3, store 4,
 * compute 5, interrupted 130 (143 by SIGTERM), failed lines of an eval batch 1, anything
 * unexpected 1. One line on stderr, a stack trace only with --verbose.
 */
export async function main(argv: string[]): Promise<number> {
  const verbose = argv.includes('--verbose');
  try {
    (await yargs(markStdinArgs(argv))
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
      .command(COMMANDS)
      .command(noCommand(COMMANDS.map((c) => String(c.command).split(' ')[0]!)))
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
      .wrap(Math.min(110, process.stdout.columns ?? 100))
      .fail((msg, err) => {
        if (err) throw err;
        throw new UsageError(`${msg} (see grundy --help)`);
      })
      .parseAsync()) as GlobalArgs;
    return 0;
  } catch (err) {
    if (isClosedPipe(err)) return 0;
    if (err instanceof GrundyError) {
      process.stderr.write(`grundy: ${err.message}\n`);
      if (verbose && err.stack) process.stderr.write(`${err.stack}\n`);
      return err instanceof InterruptedError ? interruptedExitCode() : err.exitCode;
    }
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`grundy: internal error: ${message}${verbose ? '' : ' (run with --verbose for details)'}\n`);
    if (verbose && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
    return 1;
  }
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

main(hideBin(process.argv)).then((code) => {
  process.exitCode = code;
});
