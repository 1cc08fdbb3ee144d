import type { Argv, CommandModule } from 'yargs';
import { UsageError } from '../../errors.js';
import type { GlobalArgs } from '../context.js';

interface NoCommandArgs extends GlobalArgs {
  words?: (string | number)[];
}

/**
 * The default command: reached when no command word is given or recognised. Without it yargs
 * accepts `grundy -- kayles` silently with exit 0 (found by test/fuzz/flags-*.test.ts). Hidden
 * from help. It replaces yargs' own "did you mean" hint, so it offers the nearest command itself.
 */
export function noCommand(commands: readonly string[]): CommandModule<GlobalArgs, NoCommandArgs> {
  return {
    command: '$0 [words..]',
    describe: false,
    builder: (y: Argv<GlobalArgs>) => y as Argv<NoCommandArgs>,
    handler: (args) => {
      const first = args.words?.[0];
      if (first === undefined) throw new UsageError('name a command (see grundy --help)');
      const word = String(first);
      const near = nearest(word, commands);
      const hint = near ? `; did you mean '${near}'?` : `; the commands are ${commands.join(', ')}`;
      throw new UsageError(`unknown command '${word}'${hint} (see grundy --help)`);
    },
  };
}

/** The command within two edits of the typed word, if there is exactly one closest. */
function nearest(word: string, commands: readonly string[]): string | null {
  const scored = commands.map((c) => ({ c, d: editDistance(word.toLowerCase(), c) })).sort((a, b) => a.d - b.d);
  const best = scored[0];
  if (!best || best.d > 2 || scored[1]?.d === best.d) return null;
  return best.c;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    prev = row;
  }
  return prev[b.length]!;
}
