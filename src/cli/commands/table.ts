import type { Argv, CommandModule } from 'yargs';
import { UsageError } from '../../errors.js';
import { parseCount } from '../../numbers.js';
import { nimAdditionTable } from '../../play/nim-table.js';
import type { GlobalArgs } from '../context.js';
import { printJson } from '../output.js';

interface TableArgs extends GlobalArgs {
  name: string;
  size?: string;
}

export const tableCommand: CommandModule<GlobalArgs, TableArgs> = {
  command: 'table <name>',
  describe: 'Print the nim-addition table built by the mex rule over row and column (a teaching aid)',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('name', { type: 'string', demandOption: true, describe: "the table: 'nim' (nim-addition)" })
      .option('size', { type: 'string', describe: 'rows and columns 0..size-1 (default 16, at most 256)' })
      .example('$0 table nim --size 16', 'the 16 x 16 nim-addition table')
      .example('$0 table nim --size 8 --json', 'as JSON, with a check that it equals XOR') as Argv<TableArgs>,
  handler: (args) => {
    if (args.name.toLowerCase() !== 'nim') throw new UsageError(`there is no table '${args.name}'; the one table is 'nim' (grundy table nim --size 16)`);
    const size = args.size !== undefined ? parseCount(args.size, '--size', 1, 256) : 16;
    const table = nimAdditionTable(size);
    const equalsXor = table.every((row, x) => row.every((v, y) => v === (x ^ y)));
    if (args.json) {
      printJson({ table: 'nim', size, rule: 'mex over row and column', values: table, equalsXor });
      return;
    }
    const w = String(Math.max(...table.flat())).length;
    const head = `${' '.repeat(w)} |${Array.from({ length: size }, (_, y) => String(y).padStart(w + 1)).join('')}`;
    const lines = [head, `${'-'.repeat(w + 1)}+${'-'.repeat((w + 1) * size)}`];
    table.forEach((row, x) => lines.push(`${String(x).padStart(w)} |${row.map((v) => String(v).padStart(w + 1)).join('')}`));
    lines.push(`[X,Y] = mex of the entries above and to the left; ${equalsXor ? 'it equals X XOR Y everywhere' : 'it differs from X XOR Y'}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  },
};
