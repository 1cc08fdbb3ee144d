import type { Argv, CommandModule } from 'yargs';
import {
  computeQuotient,
  DEFAULT_QUOTIENT_HEAPS,
  openQuotient,
  type MisereSumAnswer,
  type QuotientSummary,
} from '../../api/quotient.js';
import { UsageError } from '../../errors.js';
import { parseCount } from '../../numbers.js';
import { dbOption, type GlobalArgs } from '../context.js';
import { listenForInterrupt } from '../interrupt.js';
import { printJson } from '../output.js';
import { quotientLines, sumLine } from '../quotient-text.js';

interface QuotientArgs extends GlobalArgs {
  game: string;
  heaps?: string;
  'max-order'?: string;
  eval?: string[];
}

export const quotientCommand: CommandModule<GlobalArgs, QuotientArgs> = {
  command: 'quotient <game>',
  describe:
    'The misère quotient of a take-and-break game (heaps 1..N): its presentation, P-portion and heap map, ' +
    'stored; --eval answers misère sums of heaps from it',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('game', {
        type: 'string',
        demandOption: true,
        describe: 'a take-and-break code (octal:0.75, kayles) or a finite subtraction set (sub:1,2)',
      })
      .option('heaps', {
        type: 'string',
        describe:
          `N: the quotient of the sums of heaps 1..N (default ${DEFAULT_QUOTIENT_HEAPS}); grows a stored one, ` +
          'stops sooner when the period of the heap map is proven',
      })
      .option('max-order', { type: 'string', describe: 'stop when the quotient has more elements (default 2000)' })
      .option('eval', {
        type: 'string',
        array: true,
        describe:
          'a sum of heaps, 3,5,7 (repeat for more): misère outcome and a winning move, from the stored quotient',
      })
      .example('$0 quotient octal:0.75', 'the 8-element quotient of 0.75, proven for every heap')
      .example('$0 quotient kayles --heaps 20', 'Kayles: the quotient of heaps 1..20')
      .example('$0 quotient octal:0.75 --eval 3,5,7 --eval 2,2', 'outcomes of 3+5+7 and 2+2 with a winning move')
      .example('$0 quotient octal:0.31 --json', 'as JSON') as Argv<QuotientArgs>,
  handler: async (args) => {
    const sums = (args.eval ?? []).map((text) => parseSum(String(text)));
    const heaps = args.heaps !== undefined ? parseCount(args.heaps, '--heaps', 1, 10_000) : undefined;
    const maxOrder =
      args['max-order'] !== undefined ? parseCount(args['max-order'], '--max-order', 1, 100_000) : undefined;
    if (sums.length > 0) {
      if (heaps !== undefined || maxOrder !== undefined) {
        throw new UsageError('--eval answers from the stored quotient; compute it first without --eval');
      }
      return evalSums(args, sums);
    }
    const interruption = listenForInterrupt('stopping after this heap; the heaps finished are stored');
    try {
      const summary = await computeQuotient(args.game, {
        ...dbOption(args),
        ...(heaps !== undefined ? { heaps } : {}),
        ...(maxOrder !== undefined ? { maxOrder } : {}),
        signal: interruption.signal,
        ...(process.stderr.isTTY
          ? { onHeap: (n: number, order: number) => process.stderr.write(`\rheap ${n}: order ${order}   `) }
          : {}),
      });
      if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
      printSummary(args, summary);
    } finally {
      interruption.dispose();
    }
  },
};

function printSummary(args: QuotientArgs, s: QuotientSummary): void {
  if (args.json) {
    printJson(s);
    return;
  }
  process.stdout.write(`${[`${s.game}  misère quotient of heaps 1..${s.heaps}`, ...quotientLines(s)].join('\n')}\n`);
}

function evalSums(args: QuotientArgs, sums: readonly number[][]): void {
  const reader = openQuotient(args.game, dbOption(args));
  const answers: MisereSumAnswer[] = sums.map((sum) => reader.answer(sum));
  if (args.json) {
    printJson(answers.length === 1 ? answers[0] : answers);
    return;
  }
  process.stdout.write(`${answers.map(sumLine).join('\n')}\n`);
}

/** '3,5,7' (or '3+5+7') -> [3, 5, 7]. */
function parseSum(text: string): number[] {
  const parts = text.split(/[,+\s]+/).filter((p) => p !== '');
  if (parts.length === 0) throw new UsageError(`--eval '${text}' names no heap; write heaps as 3,5,7`);
  return parts.map((p) => parseCount(p, '--eval heap', 0, Number.MAX_SAFE_INTEGER));
}
