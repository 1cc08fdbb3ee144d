import type { Argv, CommandModule } from 'yargs';
import { listenForInterrupt } from '../interrupt.js';
import {
  compute,
  type ComputeSummary,
  DEFAULT_MAX_STATES,
  DEFAULT_MODULE_TIMEOUT_MS,
  MAX_BOARD,
  MAX_HEAP,
} from '../../api/compute.js';
import { knownResult, knownText, parseGame, specHelp, specNotes } from '../../api/game.js';
import { parseDuration } from '../../durations.js';
import { InterruptedError, UsageError } from '../../errors.js';
import { computeMisere } from '../../api/misere.js';
import { fmtInt, parseCount } from '../../numbers.js';
import { maxPositions, quoteSpec, type GlobalArgs } from '../context.js';
import { factsText, fmtDuration, fmtPeriodicity, fmtRate, periodicityJson, printJson, ProgressBar } from '../output.js';

interface ComputeArgs extends GlobalArgs {
  size?: string;
  game: string;
  to?: string;
  'until-proven'?: boolean;
  workers?: string;
  'module-timeout'?: string;
  'max-states'?: string;
  wait?: boolean;
  misere?: boolean;
  'max-positions'?: string;
}

export const computeCommand: CommandModule<GlobalArgs, ComputeArgs> = {
  command: 'compute <game>',
  describe: 'Compute (or extend) the Grundy table of a game and store it',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('game', { type: 'string', demandOption: true, describe: `the game: ${specHelp()}` })
      .option('size', {
        type: 'string',
        describe: `for two-dimensional games (wythoff, 2d:..., product:...): the N x N table, N <= ${MAX_BOARD}`,
      })
      .option('to', {
        type: 'string',
        describe:
          `compute g(0..N-1); accepts 1e6, 2^20, 1_000_000 (default 1e6; with --until-proven, the ` +
          `upper limit, default 2^28)`,
      })
      .option('until-proven', {
        type: 'boolean',
        describe: 'stop as soon as the periodicity is proven (README: Periodicity)',
      })
      .option('workers', { type: 'string', describe: 'worker threads (default: available cores)' })
      .option('module-timeout', {
        type: 'string',
        describe:
          `for module: rules, stop when options(n) runs longer than this per position: 10, 2.5s, ` +
          `500ms, 2m (default ${DEFAULT_MODULE_TIMEOUT_MS / 1000} s)`,
      })
      .option('max-states', {
        type: 'string',
        describe:
          'for states: modules, refuse (exit 2, nothing stored) when more states than this are reachable ' +
          `(default ${fmtInt(DEFAULT_MAX_STATES)})`,
      })
      .option('wait', {
        type: 'boolean',
        describe: 'if another process is computing the same game, wait for it instead of refusing',
      })
      .option('max-positions', {
        type: 'string',
        describe: 'with --misere: the most positions an exact search may store before it refuses (default 500000)',
      })
      .option('misere', {
        type: 'boolean',
        describe:
          'store the misère table instead (docs/misere.md): heaps 0..N-1 with --to (default 64): outcome, misère ' +
          'value, genus, tame; a graph whole: P/N/D; a board --size N (default 32); stored in one transaction',
      })
      .example('$0 compute octal:0.77 --until-proven', 'Kayles until its period 12 is proven')
      .example('$0 compute sub:squares --to 1e6 --workers 2', 'subtract-a-square to a million')
      .example('$0 compute grundy --to 2^16 --json', "Grundy's game, summary as JSON")
      .example('$0 compute graph:g.txt', 'a game on a graph (edge list u v per line; cycles give draws)')
      .example('$0 compute wythoff --size 1024', "Wythoff's game, the 1024 x 1024 table")
      .example('$0 compute octal:0.07 --misere --to 40', "misère Dawson's Kayles: genus and tameness of heaps 0..39")
      .example('$0 compute states:./game.js --max-states 1e6', 'a game given by start and moves(state), cycles allowed')
      .example('$0 compute module:./rules.js --to 1e5 --module-timeout 2s', 'custom rules, at most 2 s per position')
      .epilogue(
        'Ctrl-C stops the workers, keeps every finished chunk and prints the command that resumes; a second ' +
          'Ctrl-C quits at once.\n' +
          'A killed run loses at most the chunks in flight: rerun the same command to resume.',
      ) as Argv<ComputeArgs>,
  handler: async (args) => {
    const game = parseGame(args.game);
    const rules = game.rules;
    for (const note of specNotes(args.game)) process.stderr.write(`grundy: ${note}\n`);
    if (args.misere) return computeMisereCommand(args);
    if (args['max-positions'] !== undefined) throw new UsageError('--max-positions goes with --misere');
    const untilProven = args['until-proven'] === true;
    const canProve = game.provable;
    if (untilProven && !canProve && game.kind === 'heap') {
      process.stderr.write(
        `grundy: ${rules.key} has no periodicity proof criterion; computing to --to and reporting what is observed\n`,
      );
    }
    const known = knownResult(rules.key);
    if (untilProven && known?.status === 'open') {
      process.stderr.write(
        `grundy: ${rules.key} is ${knownText(known)}; --until-proven will most likely stop at --to ` +
          `(default 2^28) with no period\n`,
      );
    }
    // --until-proven stops at the proof: its limit is a safety net, not a target to show progress against.
    const bar = new ProgressBar(!(untilProven && canProve) || args.to !== undefined);
    const interruption = listenForInterrupt('stopping the workers; finished chunks are stored', () => bar.done());
    try {
      const summary = await compute(game, {
        ...(args.db !== undefined ? { db: args.db } : {}),
        ...(args.to !== undefined ? { to: parseCount(args.to, '--to', 1, MAX_HEAP) } : {}),
        ...(args.size !== undefined ? { size: parseCount(args.size, '--size', 1, MAX_BOARD) } : {}),
        ...(untilProven ? { untilProven } : {}),
        ...(args.workers !== undefined ? { workers: parseCount(args.workers, '--workers', 1, 256) } : {}),
        ...(args['module-timeout'] !== undefined
          ? { moduleTimeoutMs: parseDuration(args['module-timeout'], '--module-timeout') }
          : {}),
        ...(args['max-states'] !== undefined
          ? { maxStates: parseCount(args['max-states'], '--max-states', 1, 2 ** 31 - 1) }
          : {}),
        signal: interruption.signal,
        wait: args.wait === true,
        onWait: (holder) =>
          process.stderr.write(
            `grundy: waiting for grundy pid ${holder.pid} to finish ${rules.key} (Ctrl-C to give up)\n`,
          ),
        onProgress: (p) => bar.update(p),
        ...(process.stderr.isTTY ? { onExplore: exploreProgress() } : {}),
        onFactor: (key, to) => process.stderr.write(`grundy: computing the factor ${key} to ${to} first\n`),
      });
      bar.done();
      if (args.json) printJson(summaryJson(summary));
      else printSummary(summary, game.description);
    } catch (err) {
      bar.done();
      if (err instanceof InterruptedError) {
        throw new InterruptedError(`${err.message}; resume with: ${resumeCommand(args, untilProven)}`);
      }
      throw err;
    } finally {
      interruption.dispose();
    }
  },
};

/** A states: module's exploration on a terminal: found and expanded states, at most 10 updates a second. */
/** grundy compute --misere: the misère table, stored whole (flags of the normal compute refused). */
async function computeMisereCommand(args: ComputeArgs): Promise<void> {
  for (const flag of ['until-proven', 'workers', 'module-timeout', 'max-states', 'wait'] as const) {
    if (args[flag] !== undefined) throw new UsageError(`--${flag} goes with a normal-play compute, not --misere`);
  }
  const s = await computeMisere(args.game, {
    ...(args.db !== undefined ? { db: args.db } : {}),
    ...(args.to !== undefined ? { to: parseCount(args.to, '--to', 1, 1_000_000) } : {}),
    ...(args.size !== undefined ? { size: parseCount(args.size, '--size', 1, 4096) } : {}),
    ...maxPositions(args['max-positions']),
  });
  if (args.json) {
    printJson(s);
    return;
  }
  const tame =
    s.tame === null
      ? ''
      : `; ${s.tame} tame${s.firstWild !== null ? `, the first wild heap is ${s.firstWild}` : ', none wild'}`;
  process.stdout.write(
    `${s.game}: misère table of ${s.positions} ` +
      `${s.kind === 'heap' ? 'heaps' : s.kind === 'board' ? 'cells' : 'vertices'} ` +
      `stored (P ${s.outcomes.P}, N ${s.outcomes.N}${s.outcomes.D ? `, D ${s.outcomes.D}` : ''}${tame}) in ` +
      `${fmtDuration(s.elapsedMs)}\n`,
  );
}

function exploreProgress(): (found: number, expanded: number) => void {
  let last = 0;
  return (found, expanded) => {
    const now = performance.now();
    if (now - last < 100 && expanded < found) return;
    last = now;
    const done = expanded >= found ? '\r\x1b[K' : '';
    process.stderr.write(done || `\rexploring: ${fmtInt(found)} states found, ${fmtInt(expanded)} expanded\x1b[K`);
  };
}

/** The command that continues this run where it stopped: same game, target, store and limits. */
export function resumeCommand(args: ComputeArgs, untilProven: boolean): string {
  const parts = ['grundy compute', quoteSpec(args.game)];
  if (args.to !== undefined) parts.push('--to', quoteSpec(String(args.to)));
  if (untilProven) parts.push('--until-proven');
  if (args['module-timeout'] !== undefined) parts.push('--module-timeout', quoteSpec(String(args['module-timeout'])));
  if (args.db !== undefined) parts.push('--db', quoteSpec(args.db));
  return parts.join(' ');
}

function summaryJson(s: ComputeSummary): object {
  if (s.kind === 'board') return boardJson(s);
  return {
    game: s.game,
    computed: s.computed,
    newlyComputed: s.newlyComputed,
    maxValue: s.maxValue,
    periodicity: periodicityJson(s.periodicity),
    elapsedMs: Math.round(s.elapsedMs * 1000) / 1000,
    statesPerSecond: Math.round(s.statesPerSecond),
    workers: s.workers,
    kernel: s.kernel,
    ...(s.facts ? { facts: s.facts } : {}),
    stop: s.stop,
    ...(s.graph ? { graph: s.graph } : {}),
  };
}

function printSummary(s: ComputeSummary, description: string): void {
  if (s.kind === 'graph') {
    printGraphSummary(s, description);
    return;
  }
  if (s.kind === 'board') {
    printBoardSummary(s, description);
    return;
  }
  const lines = [
    `${s.game}  (${description})`,
    `  computed   ${fmtInt(s.computed)} values stored, ${fmtInt(s.newlyComputed)} new in ${fmtDuration(s.elapsedMs)}` +
      (s.newlyComputed > 0
        ? `: ${fmtRate(s.statesPerSecond)} states/s ` +
          // Values filled from a proven period alone ran no worker.
          (s.workers > 0 ? `on ${s.workers} worker${s.workers > 1 ? 's' : ''} ` : '') +
          `(kernel ${s.kernel})`
        : ''),
    `  max value  ${s.maxValue}`,
    ...(s.facts ? [`  sparse     ${factsText(s.facts, ', ').slice(2)}`] : []),
    `  period     ${fmtPeriodicity(s.periodicity, s.computed, s.facts?.window !== undefined)}`,
  ];
  if (s.stop === 'already-proven') lines.push('  (already proven: nothing to compute; query any n with grundy query)');
  process.stdout.write(`${lines.join('\n')}\n`);
}

function printGraphSummary(s: ComputeSummary, description: string): void {
  const g = s.graph!;
  const o = g.outcomes;
  const lines = [
    `${s.game}  (${description})`,
    `  graph      ${fmtInt(g.vertices)} vertices, ${fmtInt(g.edges)} edges, ${g.acyclic ? 'acyclic' : 'with cycles'}`,
    s.newlyComputed > 0
      ? `  computed   ${fmtInt(s.computed)} values in ${fmtDuration(s.elapsedMs)}: ` +
        `${fmtRate(s.statesPerSecond)} vertices/s (kernel ${s.kernel})`
      : `  stored     ${fmtInt(s.computed)} values (already computed; an edited file is a new table)`,
    `  values     finite up to ${s.maxValue}, ${fmtInt(g.infinite)} infinite`,
  ];
  if (o) lines.push(`  outcomes   ${fmtInt(o.P)} P (loss), ${fmtInt(o.N)} N (win), ${fmtInt(o.D)} D (draw)`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** A board game's summary as `grundy compute --json` has always printed it. */
function boardJson(s: ComputeSummary): object {
  return {
    game: s.game,
    size: s.board!.size,
    newlyComputed: s.newlyComputed,
    maxValue: s.maxValue,
    elapsedMs: s.elapsedMs,
    statesPerSecond: s.statesPerSecond,
    workers: s.workers,
    kernel: s.kernel,
    stop: s.stop === 'target' ? 'done' : 'already-stored',
  };
}

function printBoardSummary(s: ComputeSummary, description: string): void {
  const size = s.board!.size;
  const lines = [`${s.game}  (${description})`];
  if (s.stop !== 'target') lines.push(`  stored     ${size} x ${size} already: nothing to compute`);
  else {
    lines.push(
      `  computed   ${size} x ${size} table, ${fmtInt(s.newlyComputed)} new cells in ` +
        `${fmtDuration(s.elapsedMs)}: ` +
        `${fmtRate(s.statesPerSecond)} cells/s on ${s.workers} worker${s.workers > 1 ? 's' : ''} (kernel ${s.kernel})`,
    );
  }
  lines.push(`  max value  ${s.maxValue}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}
