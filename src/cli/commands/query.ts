import type { Argv, CommandModule } from 'yargs';
import { UsageError } from '../../errors.js';
import { openStore } from '../../api/store.js';
import { queryMisere } from '../../api/misere.js';
import { boardRules } from '../../api/board.js';
import { formatVertexValue, vertexJson } from '../../api/graph.js';
import { maxPositions, type GlobalArgs } from '../context.js';
import { jsonInteger, printJson } from '../output.js';
import { isStdinArg, readStdin } from '../stdin.js';
import { queryBoardCommand } from '../board-table.js';
import { type TheoremAnswer, type TheoremAnswerer, theoremAnswerer } from '../../api/theorem.js';

/** Theorem games' answers: g and the outcome of each position (- reads them from standard input, one a line). */
async function queryTheorem(args: QueryArgs, answerer: TheoremAnswerer): Promise<void> {
  const items = await expandStdin(args.n.map(String));
  const answers = items.map(({ item, line }) => {
    try {
      return answerer.answer(item);
    } catch (err) {
      if (line !== undefined && err instanceof UsageError)
        throw new UsageError(`standard input line ${line}: ${err.message}`);
      throw err;
    }
  });
  printTheoremAnswers(args, answerer.key, answers);
}

/** g and the outcome of each position, and the parts meeting at the ground; `game` the canonical key. */
function printTheoremAnswers(args: QueryArgs, game: string, answers: readonly TheoremAnswer[]): void {
  if (args.json) {
    printJson({
      game,
      values: answers.map((a) => ({
        position: a.position,
        value: jsonInteger(a.value),
        outcome: a.outcome,
        theorem: a.theorem,
        ...(a.parts ? { parts: a.parts.map((p) => ({ part: p.label, value: jsonInteger(p.value) })) } : {}),
      })),
    });
  } else if (args.values) process.stdout.write(answers.map((a) => `${a.value}\n`).join(''));
  else {
    const lines = answers.flatMap((a) => [
      `g(${a.position}) = ${a.value}  ${a.outcome}  (${a.theorem})`,
      ...(a.parts ?? []).map((p) => `  ${p.label}  ->  g ${p.value}`),
    ]);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

interface QueryArgs extends GlobalArgs {
  game: string;
  n: string[];
  values?: boolean;
  misere?: boolean;
  'max-positions'?: string;
}

export type { Answer } from '../../api/store.js';

export const queryCommand: CommandModule<GlobalArgs, QueryArgs> = {
  command: 'query <game> <n..>',
  describe: 'Look up g(n) from the stored table, or from a proven period for n beyond it',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('game', { type: 'string', demandOption: true, describe: 'the game (any spelling, or a stored key)' })
      .positional('n', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'heap sizes: 1000, 1e30, 2^100, a range a..b, or - to read them from standard input, one a line',
      })
      .option('values', { type: 'boolean', describe: 'print the bare values, one a line (for pipes)' })
      .option('misere', {
        type: 'boolean',
        describe:
          'misère play: outcome P/N/D, misère value and, for heaps, the genus g^γ0γ1... and whether it is tame ' +
          '(from grundy compute --misere, else computed now; docs/misere.md); --values prints the outcomes',
      })
      .option('max-positions', {
        type: 'string',
        describe: 'with --misere: the most positions an exact search may store before it refuses (default 500000)',
      })
      .example('$0 query octal:0.77 1e30', 'Kayles at 10^30, from its proven period')
      .example('$0 query sub:1,3,4 0..20', 'a run of values')
      .example('$0 query grundy 100 200 --json', 'several values as JSON')
      .example('$0 query octal:0.312 --misere 1..6', 'misère outcomes and genera: 4 is 2^1420, wild')
      .example('seq 0 99 | $0 query kayles - --values', 'one n a line in, one value a line out')
      .example('$0 query graph:g.txt a b', 'vertices of a game graph by name: value (3 or inf{0,2}) and outcome P/N/D')
      .example(
        "$0 query states:game.js '[3,4]' --json",
        'a states: module by state (JSON, any key order): value, outcome',
      )
      .example('$0 query wythoff 3,5 1e18,2^64', 'a 2-D game: cells X,Y (Wythoff: P/N at any size)')
      .example("$0 query staircase '[3,0,5]'", 'Staircase Nim: coins on steps 1, 2, 3 (its theorem, no table)')
      .example('$0 query hackenbush:tree.txt 1', 'Green Hackenbush grounded at vertex 1, each part at the ground')
      .epilogue(
        'For a game graph the positions are vertex names as the file writes them; --json gives ' +
          '{vertex, value, infinite, K, outcome} per vertex.',
      ) as Argv<QueryArgs>,
  handler: async (args) => {
    if (args.values && args.json) throw new UsageError('give --values or --json, not both');
    if (args.misere)
      return queryMisereCommand(
        args,
        (await expandStdin(args.n.map(String))).map((i) => i.item),
      );
    const theorem = theoremAnswerer(args.game);
    if (theorem) return queryTheorem(args, theorem);
    const board = boardRules(args.game);
    if (board) return queryBoardCommand(args, board);
    if (await queryGraph(args)) return;
    const store = openStore(args.db);
    try {
      const answerer = store.answerer(args.game);
      // Standard input is read only once there is something to answer from.
      const items = await expandStdin(args.n.map(String));
      const groups = items.map(({ item, line }) => {
        try {
          return { item, answers: answerer.answerItem(item) };
        } catch (err) {
          if (line !== undefined && err instanceof UsageError)
            throw new UsageError(`standard input line ${line}: ${err.message}`);
          throw err;
        }
      });
      if (args.json) {
        printJson({
          game: answerer.key,
          values: groups.flatMap((g) =>
            g.answers.map((a) => ({ n: jsonInteger(a.n), value: jsonInteger(a.value), source: a.source })),
          ),
        });
        return;
      }
      if (args.values) {
        process.stdout.write(groups.map((g) => g.answers.map((a) => `${a.value}\n`).join('')).join(''));
        return;
      }
      const lines: string[] = [];
      for (const { item, answers } of groups) {
        if (answers.length === 1 && !item.includes('..')) {
          const a = answers[0]!;
          lines.push(`g(${a.n}) = ${a.value}${SOURCE_NOTE[a.source]}`);
        } else {
          const fromCert = answers.some((a) => a.source === 'certificate');
          const fromFormula = answers.some((a) => a.source === 'formula');
          const values = answers.map((a) => a.value.toString()).join(' ');
          const note = fromCert ? '  (partly from the proven period)' : fromFormula ? SOURCE_NOTE.formula : '';
          lines.push(`g(${item}) = ${values}${note}`);
        }
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    } finally {
      store.close();
    }
  },
};

/** grundy query --misere: one line (or JSON object) a position. */
async function queryMisereCommand(args: QueryArgs, items: readonly string[]): Promise<void> {
  const positions = items.flatMap((item) => expandRange(item));
  const { key, answers } = await queryMisere(args.game, positions, {
    ...(args.db !== undefined ? { db: args.db } : {}),
    ...maxPositions(args['max-positions']),
  });
  if (args.json) {
    printJson({ game: key, play: 'misere', positions: answers });
    return;
  }
  if (args.values) {
    process.stdout.write(answers.map((a) => `${a.outcome}\n`).join(''));
    return;
  }
  const lines = answers.map((a) => {
    const where = a.kind === 'heap' ? `heap ${a.position}` : a.position;
    const value = a.value !== null ? ` (misère value ${a.value})` : '';
    const genus = a.genus !== null ? `, genus ${a.genus}, ${a.tame ? 'tame' : 'wild'}` : '';
    const source = a.source === 'table' ? '' : a.source === 'rule' ? '  (by the rule)' : '  (computed now)';
    return `${where}: misère ${a.outcome}${value}${genus}${source}`;
  });
  process.stdout.write(`${key}, misère play:\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
}

/** A heap range a..b as its heaps (at most 10^4), anything else as itself. */
function expandRange(item: string): string[] {
  const m = /^(\d+)\.\.(\d+)$/.exec(item.trim());
  if (!m) return [item];
  const [a, b] = [Number(m[1]), Number(m[2])];
  if (b < a) throw new UsageError(`range ${item} is empty: write a..b with a <= b`);
  if (b - a >= 10_000) throw new UsageError(`range ${item} has more than 10000 heaps: ask for fewer at a time`);
  return Array.from({ length: b - a + 1 }, (_, i) => String(a + i));
}

const SOURCE_NOTE = {
  table: '',
  certificate: '  (from the proven period)',
  formula: '  (from the closed form)',
} as const;

/** A game graph's vertices by name (value, outcome); false when the game is not a stored graph. */
async function queryGraph(args: QueryArgs): Promise<boolean> {
  const store = openStore(args.db);
  try {
    const game = store.find(args.game);
    if (game?.kind !== 'graph') return false;
    const items = await expandStdin(args.n.map(String));
    // Every name is checked before anything is printed: an unknown vertex fails the command.
    const answers = store.vertices(
      args.game,
      items.map(({ item }) => item),
    );
    if (args.json) printJson({ game: game.key, values: answers.map(vertexJson) });
    else if (args.values) process.stdout.write(answers.map((a) => `${formatVertexValue(a)}\n`).join(''));
    else process.stdout.write(answers.map((a) => `g(${a.vertex}) = ${formatVertexValue(a)}  ${a.outcome}\n`).join(''));
    return true;
  } finally {
    store.close();
  }
}

/**
 * The positions to answer, with '-' replaced by the lines of standard input (blank lines and
 * # comments skipped), each remembering its line for error messages.
 */
async function expandStdin(items: readonly string[]): Promise<{ item: string; line?: number }[]> {
  const dashes = items.filter((i) => isStdinArg(i.trim())).length;
  if (dashes === 0) return items.map((item) => ({ item }));
  if (dashes > 1) throw new UsageError('- (standard input) may be given once');
  const text = await readStdin('heap sizes');
  const out: { item: string; line?: number }[] = [];
  for (const item of items) {
    if (!isStdinArg(item.trim())) {
      out.push({ item });
      continue;
    }
    text.split('\n').forEach((raw, i) => {
      const t = raw.trim();
      if (t !== '' && !t.startsWith('#')) out.push({ item: t, line: i + 1 });
    });
  }
  if (out.length === 0)
    throw new UsageError('standard input held no heap sizes (one n a line, e.g. seq 0 99 | grundy query kayles -)');
  return out;
}
