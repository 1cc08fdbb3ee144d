import type { Argv, CommandModule } from 'yargs';
import { UsageError } from '../../errors.js';
import type { GlobalArgs } from '../context.js';

interface NoCommandArgs extends GlobalArgs {
  words?: (string | number)[];
}

/**
 * The default command: reached when no command word is given or recognised. Without it yargs
 * accepts `grundy -- kayles` silently with exit 0 (found by test/fuzz/flags.test.ts). Hidden
 * from help. The cost: yargs' "did you mean" hint for a mistyped command no longer appears.
 */
export const noCommand: CommandModule<GlobalArgs, NoCommandArgs> = {
  command: '$0 [words..]',
  describe: false,
  builder: (y: Argv<GlobalArgs>) => y as Argv<NoCommandArgs>,
  handler: (args) => {
    const first = args.words?.[0];
    if (first === undefined) throw new UsageError('name a command (see grundy --help)');
    throw new UsageError(`unknown command '${String(first)}'; the commands are listed by grundy --help`);
  },
};
