import { closeSync, existsSync, openSync, statSync } from 'node:fs';
import type { Argv, CommandModule } from 'yargs';
import {
  type BatchFormat,
  BatchLinesFailedError,
  batchFormat,
  evaluateBatch,
  evaluatePosition,
  type MovesMode,
  POSITION_HELP,
} from '../../api/evaluate.js';
import { UsageError } from '../../errors.js';
import { fmtInt, parseCount } from '../../numbers.js';
import { evaluationJson, evaluationText, loopyJson, loopyText } from '../../api/format.js';
import { maxPositions, onTheFly, type GlobalArgs } from '../context.js';
import { fmtDuration, printJson } from '../output.js';
import { isStdinArg, stdinToFile } from '../stdin.js';
import { type Interruption, interruptedExitCode, listenForInterrupt } from '../interrupt.js';
import { printOutcomeOnly, printTheoremOutcome } from '../board-eval.js';

interface EvalArgs extends GlobalArgs {
  position?: string[];
  file?: string;
  out?: string;
  moves?: string;
  limit?: string;
  workers?: string;
  queue?: string;
  misere?: boolean;
  'max-positions'?: string;
}

const MODES: readonly MovesMode[] = ['all', 'one', 'none'];
/** Errors printed one per line on stderr before the rest are only counted. */
const SHOWN_ERRORS = 50;

export const evalCommand: CommandModule<GlobalArgs, EvalArgs> = {
  command: 'eval [position..]',
  describe: 'Evaluate a sum of games: nim-sum, outcome (P/N) and the winning moves; or a file of positions',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('position', { type: 'string', array: true, describe: `the position: ${POSITION_HELP}` })
      .option('file', {
        type: 'string',
        describe:
          'evaluate every line of FILE (- for standard input; one position per line; blank and # lines ' +
          'skipped) on the worker pool; lines with game graphs, 2-D games or theorem games (staircase, ' +
          'moore:K, hackenbush:) are evaluated as `eval LINE` would, on the main thread',
      })
      .option('out', {
        type: 'string',
        describe: 'with --file: write results to FILE.jsonl or FILE.csv (default: stdout)',
      })
      .option('moves', {
        type: 'string',
        describe: 'which winning moves to list: one (default for a position), all, or none (default with --file)',
      })
      .option('limit', {
        type: 'string',
        describe: 'with --moves all: list at most this many moves per position (default 100)',
      })
      .option('workers', { type: 'string', describe: 'worker threads (default: available cores)' })
      .option('queue', {
        type: 'string',
        describe:
          'with --file: evaluate the slices on grundy workers through Redis (redis://HOST:PORT; password from ' +
          'GRUNDY_REDIS_PASSWORD); missing tables are still computed here; --workers = slices in flight / 3 ' +
          '(default 8)',
      })
      .option('misere', {
        type: 'boolean',
        describe:
          'misère play (the player who cannot move wins): outcome P/N/D and winning moves of a sum of any ' +
          'kind, by misère Nim where a theorem allows it, else exact search (docs/misere.md); --file runs here',
      })
      .option('max-positions', {
        type: 'string',
        describe: 'with --misere: the most positions an exact search may store before it refuses (default 500000)',
      })
      .example("$0 eval 'octal:0.77@10 + sub:1,3,4@100,7 + nim@5'", 'nim-sum, outcome and one winning move')
      .example("$0 eval --misere 'nim@1,1,1'", "misère: P by Bouton's rule (an odd number of 1-heaps)")
      .example("$0 eval --misere 'kayles@4,7 + nim@2' --json", 'misère Kayles is wild: exact search, a winning move')
      .example("$0 eval 'kayles@1e30 + nim@3' --moves all --json", 'a heap far beyond the table, via the proven period')
      .example("$0 eval 'graph:g.txt@a,b + nim@3'", 'tokens on a game graph plus a heap: value, P/N/D, a good move')
      .example("$0 eval 'wythoff@3,7 + 2d:king@2,7 + nim@4'", 'two-dimensional games take cells X,Y')
      .example("$0 eval 'wythoff@1e18,2e18'", 'Wythoff beyond any table: P/N and a winning move from the formula')
      .example("$0 eval 'staircase@[3,0,5] + ruler@12'", 'Staircase Nim (coins on steps 1, 2, 3) plus a Ruler head')
      .example("$0 eval 'hackenbush:tree.txt@1 + nim@2'", 'Green Hackenbush grounded at vertex 1: which edge to cut')
      .example("$0 eval 'moore:2@[3,5,6]'", "Moore's Nim_2: P or N and a winning move (it has no value theorem)")
      .example(
        '$0 eval --file positions.txt --out results.jsonl',
        'a batch on the worker pool; bad lines are reported, exit 1',
      )
      .example('$0 eval --file positions.txt --out results.csv --moves one', 'CSV with one winning move per N-position')
      .example(
        '$0 eval --file positions.txt --queue redis://10.0.0.5:6379',
        'the same results, evaluated by the grundy worker processes of that queue',
      )
      .example(
        "printf 'kayles@5\\nnim@3 + nim@3\\n' | $0 eval --file -",
        'positions from standard input',
      ) as Argv<EvalArgs>,
  handler: async (args) => {
    const mode = parseMode(args.moves, args.file !== undefined ? 'none' : 'one');
    const limit = args.limit !== undefined ? parseCount(args.limit, '--limit', 1, 1_000_000) : 100;
    const workers = args.workers !== undefined ? parseCount(args.workers, '--workers', 1, 256) : undefined;
    const common: EvalCommon = {
      ...(args.db !== undefined ? { db: args.db } : {}),
      moves: mode,
      limit,
      ...(workers !== undefined ? { workers } : {}),
      onCompute: (key, to, untilProven) =>
        process.stderr.write(
          to > 0
            ? `grundy: ${onTheFly(key, to, untilProven)}\n`
            : `grundy: ${key} is not stored: computing and storing its table\n`,
        ),
    };
    const position = (args.position ?? []).map(String).join(' ').trim();
    if (args.misere) {
      if (args.queue !== undefined) throw new UsageError('--misere evaluates here: drop --queue');
      if (args.file !== undefined && position !== '')
        throw new UsageError('give either a position or --file, not both');
      if (args.file === undefined && args.out !== undefined)
        throw new UsageError('--out goes with --file; for one position, redirect stdout');
      if (args.file === undefined && position === '')
        throw new UsageError(`name a position (${POSITION_HELP}) or --file FILE`);
      const { misereEvalCommand } = await import('../misere-eval.js');
      await misereEvalCommand({
        ...common,
        position,
        ...(args.file !== undefined ? { file: args.file } : {}),
        ...(args.out !== undefined ? { out: args.out } : {}),
        json: args.json === true,
        ...maxPositions(args['max-positions']),
      });
      return;
    }
    if (args['max-positions'] !== undefined) throw new UsageError('--max-positions goes with --misere');
    if (args.file !== undefined) {
      if (position !== '') throw new UsageError('give either a position or --file, not both');
      await runBatch(args, common);
      return;
    }
    if (args.out !== undefined) throw new UsageError('--out goes with --file; for one position, redirect stdout');
    if (args.queue !== undefined) throw new UsageError('--queue goes with --file; one position is evaluated here');
    if (position === '') throw new UsageError(`name a position (${POSITION_HELP}) or --file FILE`);
    const r = await evaluatePosition(position, common);
    if (r.kind === 'outcome') printOutcomeOnly(r.outcome, args.json === true);
    else if (r.kind === 'theorem-outcome') printTheoremOutcome(r.outcome, args.json === true);
    else if (r.kind === 'loopy') {
      if (args.json) printJson(loopyJson(r.position, r.components, r.evaluation));
      else process.stdout.write(loopyText(r.position, r.components, r.evaluation, mode));
    } else if (args.json) printJson(evaluationJson(r.position, r.components, r.evaluation));
    else process.stdout.write(evaluationText(r.position, r.components, r.evaluation, mode));
  },
};

/** What a position and a batch share: the store, moves, limit, workers and what is said on the fly. */
interface EvalCommon {
  readonly db?: string;
  readonly moves: MovesMode;
  readonly limit: number;
  readonly workers?: number;
  readonly onCompute: (key: string, to: number, untilProven?: boolean) => void;
}

function parseMode(text: string | undefined, fallback: MovesMode): MovesMode {
  if (text === undefined) return fallback;
  if (!(MODES as readonly string[]).includes(text))
    throw new UsageError(`--moves '${text}' is not one of ${MODES.join(', ')}`);
  return text as MovesMode;
}

async function runBatch(args: EvalArgs, common: EvalCommon): Promise<void> {
  if (!isStdinArg(args.file)) return runBatchOn(args.file!, args, common);
  // The batch reads its input twice (a scan, then the evaluation): keep standard input in a file.
  const input = await stdinToFile('positions');
  try {
    await runBatchOn(input.path, args, common);
  } finally {
    input.cleanup();
  }
}

async function runBatchOn(file: string, args: EvalArgs, common: EvalCommon): Promise<void> {
  if (!existsSync(file) || !statSync(file).isFile())
    throw new UsageError(`--file ${file} does not exist or is not a file`);
  let format: BatchFormat = args.json ? 'jsonl' : 'text';
  if (args.out !== undefined) {
    format = batchFormat(args.out);
    try {
      closeSync(openSync(args.out, 'a'));
    } catch (err) {
      throw new UsageError(`--out ${args.out} cannot be written (${(err as Error).message}); choose another path`);
    }
  }
  // The queue is reached before the store is opened: an unreachable Redis leaves the store untouched.
  // The queue modules (BullMQ, ioredis) load only here: every other command starts without them.
  const queue =
    args.queue !== undefined
      ? await (async () => {
          const { parseQueueUrl } = await import('../../queue/connection.js');
          const { QueueEvalBackend } = await import('../../queue/remote-eval.js');
          return QueueEvalBackend.open(parseQueueUrl(args.queue!), common.workers ?? 8);
        })()
      : null;
  // Locally Ctrl-C ends the batch at once; through the queue the slices not yet started are taken back first.
  let interruption: Interruption | null = null;
  if (queue !== null) {
    interruption = listenForInterrupt('taking back the slices no worker has started');
    interruption.signal.addEventListener('abort', () => {
      void queue
        .cancel()
        .catch(() => {})
        .then(() => queue.close())
        .finally(() => process.exit(interruptedExitCode()));
    });
  }
  let shown = 0;
  const tty = process.stderr.isTTY === true;
  try {
    const summary = await evaluateBatch(file, {
      ...common,
      format,
      ...(queue !== null ? { backend: queue } : {}),
      ...(args.out !== undefined ? { out: args.out } : {}),
      onLineError: (e) => {
        if (shown++ < SHOWN_ERRORS)
          process.stderr.write(`${tty ? '\r\x1b[K' : ''}grundy: line ${e.line}: ${e.message}\n`);
      },
      onProgress: (lines) => {
        if (tty) process.stderr.write(`\r${fmtInt(lines)} lines evaluated\x1b[K`);
      },
    });
    if (tty) process.stderr.write('\r\x1b[K');
    if (summary.failed > 0) {
      const more = summary.failed > SHOWN_ERRORS ? ` (the first ${SHOWN_ERRORS} are listed above)` : '';
      throw new BatchLinesFailedError(
        `${summary.failed} of ${summary.positions} positions failed${more}; the others were ` +
          `evaluated${args.out ? ` into ${args.out}` : ''}`,
      );
    }
    if (args.out !== undefined) {
      process.stderr.write(
        `grundy: ${summary.positions} positions evaluated into ${args.out} in ${fmtDuration(summary.elapsedMs)}\n`,
      );
    }
  } finally {
    interruption?.dispose();
    await queue?.close();
  }
}
