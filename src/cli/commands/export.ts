import { createWriteStream, writeFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import type { Argv, CommandModule } from 'yargs';
import { UsageError } from '../../errors.js';
import { parseCount } from '../../numbers.js';
import { cppSource, pythonSource } from '../../export/contest.js';
import { formulaContest, tableContest, writeGraphTable, writeTable } from '../../export/table.js';
import { misereCppSource, miserePythonSource } from '../../export/misere.js';
import { misereExportSource } from '../../api/misere.js';
import {
  NIMBER_EXTRAS,
  NIMBER_MAIN_OPS,
  type NimberCode,
  type NimberExtra,
  type NimberMainOp,
  nimberCppSource,
  nimberPythonSource,
} from '../../export/nimber.js';
import type { GlobalArgs } from '../context.js';
import { theoremContest } from '../../api/theorem.js';
import { boardRules } from '../../api/board.js';
import { openStore } from '../../api/store.js';
import { exportBoardCommand } from '../board-table.js';

interface ExportArgs extends GlobalArgs {
  game: string;
  format?: string;
  to?: string;
  out?: string;
  main?: boolean;
  with?: string;
  'main-op'?: string;
  counted?: boolean;
  misere?: boolean;
}

const FORMATS = ['csv', 'json', 'bfile', 'cpp', 'py'] as const;
type Format = (typeof FORMATS)[number];

export const exportCommand: CommandModule<GlobalArgs, ExportArgs> = {
  command: 'export <game>',
  describe: 'Write a stored table as CSV, JSON, an OEIS b-file, or a contest function grundy(n) in C++ or Python',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('game', {
        type: 'string',
        demandOption: true,
        describe: "the game (any spelling, or a stored key), or 'nimber' for nim multiplication code",
      })
      .option('format', {
        type: 'string',
        describe:
          'csv ("n,value" rows, the default), json (the same as --json), bfile (OEIS "n value" lines), or ' +
          'cpp / py: a ' +
          'self-contained grundy(n) (the preperiod and one period when proven, valid for every n; else the ' +
          'stored prefix with a guard)',
      })
      .option('main', {
        type: 'boolean',
        describe:
          'with cpp / py: add a main that reads stdin and prints one answer a line. A heap game: one n a ' +
          'line, prints g(n). staircase: one position a line, the coins on steps 1, 2, ... separated by ' +
          'spaces, prints g. moore:K: one position a line, the heaps, prints P or N. hackenbush:FILE: "N M", ' +
          'then M lines "u v" (vertices 1..N, vertex 1 the ground), prints g. nimber: see --main-op and --counted',
      })
      .option('to', {
        type: 'string',
        describe: 'export g(0..N-1) (default: all stored; beyond it only with a proven period)',
      })
      .option('out', { type: 'string', describe: 'write to FILE instead of stdout' })
      .option('with', {
        type: 'string',
        describe:
          'export nimber only: more functions beside mul / pow / inv, a comma list of sqrt (square root), ' +
          'order (multiplicative order), log (discrete logarithms to any base; brings order), or all',
      })
      .option('main-op', {
        type: 'string',
        describe:
          'export nimber --main only: what main computes for each record on stdin: mul (the default; ' +
          'a record is "A B", prints A * B), sqrt or order (a record is "A"), log (a record is "A G", ' +
          'prints the least X with G^X = A, or -1); numbers decimal or 0x hex, one answer a line',
      })
      .option('counted', {
        type: 'boolean',
        describe:
          'export nimber --main only: the input starts with a count T, then T records (the Library ' +
          'Checker form, e.g. "Nim Product": T, then T lines "A B"); without it, records to the end',
      })
      .option('misere', {
        type: 'boolean',
        describe:
          "with cpp / py: misere_loses(heaps) for misère play of sums of the game's heaps, by the Anti-SG rule " +
          '(nim, all-but games...) or the tame heaps of a stored misère table (grundy compute --misere); --main ' +
          'reads one position a line (heap sizes) and prints P or N (docs/misere.md)',
      })
      .example('$0 export octal:0.77 --format bfile --to 1000 --out b002186.txt', 'an OEIS b-file for Kayles')
      .example('$0 export nim --misere --format cpp --main', 'misère Nim (Bouton): P or N for each line of heaps')
      .example('$0 export sub:1,3,4 --format json --to 100', 'JSON on stdout')
      .example(
        '$0 export kayles --format cpp --main --out kayles.cpp',
        'g++ -O2 kayles.cpp && echo 1000000000000 | ./a.out',
      )
      .example('$0 export grundy --format py --to 5000', 'a Python grundy(n) over the first 5000 stored values')
      .example('$0 export nimber --format cpp', 'self-contained nim multiplication of 64-bit numbers')
      .example('$0 export staircase --format cpp --main', 'Staircase Nim: one position a line in, g out')
      .example('$0 export hackenbush:tree.txt --format py --main', 'Green Hackenbush of any "N M" edge list on stdin')
      .example(
        '$0 export nimber --format cpp --main --counted --out nim.cpp',
        'Library Checker "Nim Product": T, then T lines "A B"',
      )
      .example(
        '$0 export nimber --format py --with all --main --main-op log',
        'nim_sqrt, nim_order, NimLog too; main prints log_G(A) per line "A G"',
      ) as Argv<ExportArgs>,
  handler: async (args) => {
    const format = chooseFormat(args);
    if (args.main && format !== 'cpp' && format !== 'py') throw new UsageError('--main goes with --format cpp or py');
    if (args.game.trim().toLowerCase() === 'nimber') {
      // Not a stored table: the nim-multiplication routine itself, generated from src/nimber.
      if (format !== 'cpp' && format !== 'py') {
        throw new UsageError('export nimber writes code: use --format cpp or --format py');
      }
      const code = nimberCode(args);
      const text = format === 'cpp' ? nimberCppSource(code) : nimberPythonSource(code);
      if (args.out) writeFileSync(args.out, text);
      else process.stdout.write(text);
      return;
    }
    for (const flag of ['with', 'main-op', 'counted'] as const) {
      const given = flag === 'counted' ? args.counted === true : args[flag] !== undefined;
      if (given) throw new UsageError(`--${flag} goes with export nimber only`);
    }
    if (args.misere) {
      if (format !== 'cpp' && format !== 'py') throw new UsageError('--misere exports code: use --format cpp or py');
      if (args.to !== undefined)
        throw new UsageError('--misere exports what is solved (a rule or the tame heaps): drop --to');
      const src = misereExportSource(args.game, args.db !== undefined ? { db: args.db } : {});
      const text =
        format === 'cpp' ? misereCppSource(src, args.main === true) : miserePythonSource(src, args.main === true);
      if (args.out) writeFileSync(args.out, text);
      else process.stdout.write(text);
      return;
    }
    const theorem = theoremContest(args.game, format, args.main === true);
    if (theorem !== null) {
      if (args.to !== undefined)
        throw new UsageError(`${args.game} exports its theorem, valid at every size: drop --to`);
      if (args.out) writeFileSync(args.out, theorem);
      else process.stdout.write(theorem);
      return;
    }
    const board = boardRules(args.game);
    if (board) return exportBoardCommand(args, board, format);
    const formula = format === 'cpp' || format === 'py' ? formulaContest(args.game) : null;
    if (formula) {
      const text =
        format === 'cpp' ? cppSource(formula, args.main === true) : pythonSource(formula, args.main === true);
      if (args.out) writeFileSync(args.out, text);
      else process.stdout.write(text);
      return;
    }
    const store = openStore(args.db);
    try {
      const game = store.game(args.game);
      if (game.kind === 'graph') {
        if (format !== 'csv' && format !== 'json') {
          throw new UsageError(
            `${game.key} is a game graph: export it with --format csv or json (vertex, value, outcome)`,
          );
        }
        if (args.to !== undefined) {
          throw new UsageError(`${game.key} is a game graph: every vertex is exported, so drop --to`);
        }
        await toOutput(args.out, (out) => writeGraphTable(out, store.graph(args.game), format));
        return;
      }
      if (format === 'cpp' || format === 'py') {
        const to = args.to !== undefined ? parseCount(args.to, '--to', 1, 2 ** 31 - 1) : undefined;
        const src = tableContest(store, args.game, to);
        const text = format === 'cpp' ? cppSource(src, args.main === true) : pythonSource(src, args.main === true);
        if (args.out) writeFileSync(args.out, text);
        else process.stdout.write(text);
        return;
      }
      const to = args.to !== undefined ? parseCount(args.to, '--to', 0, 2 ** 31 - 1) : game.computed;
      await toOutput(args.out, (out) => writeTable(out, store, args.game, to, format));
    } finally {
      store.close();
    }
  },
};

/** Write to the --out file (closed and flushed before returning), else to standard output. */
async function toOutput(path: string | undefined, body: (out: Writable) => Promise<void>): Promise<void> {
  const out: Writable = path ? createWriteStream(path) : process.stdout;
  await body(out);
  if (path) {
    out.end();
    await once(out, 'finish');
  }
}

/** The functions and the main of `export nimber` from --with, --main, --main-op and --counted. */
function nimberCode(args: ExportArgs): NimberCode {
  const extras: NimberExtra[] = [];
  for (const part of (args.with ?? '').split(',').map((w) => w.trim().toLowerCase())) {
    if (part === '') continue;
    if (part === 'all') extras.push(...NIMBER_EXTRAS);
    else if ((NIMBER_EXTRAS as readonly string[]).includes(part)) extras.push(part as NimberExtra);
    else throw new UsageError(`--with '${part}' is not one of ${NIMBER_EXTRAS.join(', ')}, all`);
  }
  const op = args['main-op']?.trim().toLowerCase();
  if (op !== undefined && !(NIMBER_MAIN_OPS as readonly string[]).includes(op)) {
    throw new UsageError(`--main-op '${args['main-op']}' is not one of ${NIMBER_MAIN_OPS.join(', ')}`);
  }
  if (!args.main && (op !== undefined || args.counted === true)) {
    throw new UsageError(`--${op !== undefined ? 'main-op' : 'counted'} goes with --main (add --main)`);
  }
  return {
    extras,
    ...(args.main ? { main: (op ?? 'mul') as NimberMainOp, counted: args.counted === true } : {}),
  };
}

/** --format, with --json meaning --format json; a --json that contradicts --format is refused. */
function chooseFormat(args: ExportArgs): Format {
  const named = args.format ?? (args.json ? 'json' : 'csv');
  if (!(FORMATS as readonly string[]).includes(named))
    throw new UsageError(`--format '${named}' is not one of ${FORMATS.join(', ')}`);
  if (args.json && named !== 'json')
    throw new UsageError(`--json exports JSON; it contradicts --format ${named} (give one of them)`);
  return named as Format;
}
