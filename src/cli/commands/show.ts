import type { Argv, CommandModule } from 'yargs';
import { UsageError } from '../../errors.js';
import { fmtInt, parseCount } from '../../numbers.js';
import { announceStore, quoteSpec, type GlobalArgs } from '../context.js';
import { knownResult, knownText } from '../../api/game.js';
import { keptInWindow, openStore } from '../../api/store.js';
import { fmtDuration, fmtPeriodicity, fmtRate, periodicityJson, printJson } from '../output.js';
import { boardRules } from '../../api/board.js';
import { answerVertex, formatVertexValue, outcomeCounts, vertexJson } from '../../api/graph.js';
import { showBoardCommand } from '../board-table.js';
import { showFreqCommand } from '../freq-table.js';
import { findQuotient } from '../../api/quotient.js';
import { quotientLines } from '../quotient-text.js';

/** More than this is an export's job. */
const MAX_FIRST = 1_000_000;

interface ShowArgs extends GlobalArgs {
  game: string;
  first?: string;
  rows?: boolean;
  freq?: boolean;
  at?: string;
}

export const showCommand: CommandModule<GlobalArgs, ShowArgs> = {
  command: 'show <game>',
  describe: 'Show what is stored for one game: size, certificate, recent runs, first values',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('game', { type: 'string', demandOption: true, describe: 'the game (any spelling, or a stored key)' })
      .option('first', {
        type: 'string',
        describe: `how many leading values to print (default 40, at most ${fmtInt(MAX_FIRST)})`,
      })
      .option('rows', { type: 'boolean', describe: 'two-dimensional games: the observed additive period of every row' })
      .option('freq', {
        type: 'boolean',
        describe:
          'heap games: how many of the heaps 1..N take each value, as "value count" lines for values 0..max ' +
          '(zero counts included) after a line "FREQ heaps=1..N"; before it, the sparse-space mask and rare ' +
          'heaps when the table has them',
      })
      .option('at', {
        type: 'string',
        describe:
          'with --freq: N, a stored heap (default: the largest stored); instant at powers of two, whose ' +
          'counts are stored, else the table after the largest one below N is read',
      })
      .example('$0 show kayles', 'the Kayles table')
      .example('$0 show officers --freq --at 2^12', 'how many of the heaps 1..4096 of Officers take each value')
      .example('$0 show wythoff --rows', "Wythoff's table: its top-left block, each row's preperiod, period, saltus")
      .example('$0 show sub:1,3,4 --json', 'as JSON') as Argv<ShowArgs>,
  handler: (args) => {
    if (args.freq) return showFreqCommand(args);
    if (args.at !== undefined) throw new UsageError('--at goes with --freq: the heap the frequency table counts up to');
    const board = boardRules(args.game);
    if (board) return showBoardCommand(args);
    if (args.rows) throw new UsageError('--rows goes with two-dimensional games (wythoff, 2d:..., product:...)');
    // Checked before the store is read: a bad number is bad input whatever is stored.
    const wanted = args.first !== undefined ? parseCount(args.first, '--first', 0, MAX_FIRST) : 40;
    const store = openStore(args.db);
    try {
      const game = store.table(args.game);
      const runs = store.runs(args.game, 5);
      const first = Math.min(game.computed, wanted);
      const graph = game.kind === 'graph' ? store.graph(args.game) : undefined;
      if (graph && game.graph) {
        const answers = Array.from({ length: first }, (_, v) => answerVertex(graph, v));
        const outcomes = outcomeCounts(graph);
        const src = graph.source;
        if (args.json) {
          printJson({
            game: game.key,
            family: game.family,
            description: game.description,
            computed: game.computed,
            maxValue: game.maxValue,
            graph: { ...src, infinite: graph.infinite, acyclic: graph.values.acyclic, outcomes },
            bytes: game.bytes,
            createdAt: game.createdAt,
            runs,
            first: answers.map(vertexJson),
          });
          return;
        }
        const lines = [
          `${game.key}  (${game.description})`,
          `  graph      ${fmtInt(src.vertices)} vertices, ${fmtInt(src.edges)} edges, ` +
            `${graph.values.acyclic ? 'acyclic' : 'with cycles'} (${src.format}, ${fmtInt(src.bytes)} bytes, ` +
            `sha256 ${src.sha256.slice(0, 16)})`,
          `  values     finite up to ${game.maxValue}, ${fmtInt(graph.infinite)} infinite; ` +
            `${fmtInt(game.bytes)} bytes stored`,
          `  outcomes   ${fmtInt(outcomes.P)} P (loss), ${fmtInt(outcomes.N)} N (win), ${fmtInt(outcomes.D)} D (draw)`,
          `  first ${answers.length}: ${answers.map((a) => `${a.vertex}=${formatVertexValue(a)}`).join(' ')}`,
        ];
        for (const r of runs) lines.push(`  run ${r.startedAt}  ${r.status}  ${fmtDuration(r.elapsedMs)}  ${r.kernel}`);
        process.stdout.write(`${lines.join('\n')}\n`);
        return;
      }
      const values = first > 0 ? store.values(args.game, 0, first) : [];
      const cert = game.periodicity;
      const known = knownResult(game.key);
      const quotient = findQuotient(game.key, args.db !== undefined ? { db: args.db } : {});
      if (args.json) {
        printJson({
          store: store.path,
          game: game.key,
          family: game.family,
          description: game.description,
          computed: game.computed,
          maxValue: game.maxValue,
          width: game.width,
          bytes: game.bytes,
          periodicity: periodicityJson(cert),
          ...(known ? { known } : {}),
          createdAt: game.createdAt,
          runs,
          first: values,
          ...(quotient ? { quotient } : {}),
        });
        return;
      }
      announceStore(args, store);
      const lines = [
        `${game.key}  (${game.description})`,
        `  stored     ${fmtInt(game.computed)} values, ${game.width}-bit, ${fmtInt(game.bytes)} bytes`,
        `  max value  ${game.maxValue}`,
        `  period     ${fmtPeriodicity(cert, game.computed, runs[0] !== undefined && keptInWindow(runs[0]))}`,
        `  first ${values.length}: ${values.join(' ')}`,
      ];
      // A game stored only for its misère quotient has no normal-play values yet.
      if (game.computed === 0) {
        lines.splice(1, 4, `  stored     no values (grundy compute ${quoteSpec(args.game)} computes them)`);
      }
      if (known) lines.splice(Math.min(4, lines.length), 0, `  known      ${knownText(known)}`);
      if (runs.length > 0) {
        lines.push('  recent runs:');
        for (const r of runs) {
          lines.push(
            `    ${r.startedAt}  ${r.status.padEnd(11)} n ${fmtInt(r.fromN)} -> ${fmtInt(r.toN)}  ` +
              `${fmtDuration(r.elapsedMs)}  ` +
              `${fmtRate(r.statesPerSecond)} states/s  ${r.workers} worker(s)  ${r.kernel}`,
          );
        }
      }
      if (quotient) lines.push(`  misère quotient of heaps 1..${quotient.heaps}:`, ...quotientLines(quotient, '    '));
      process.stdout.write(`${lines.join('\n')}\n`);
    } finally {
      store.close();
    }
  },
};
