import type { Argv, CommandModule } from 'yargs';
import { UsageError } from '../../errors.js';
import { parseCount } from '../../numbers.js';
import { nimAdditionTable, nimMul, nimMulMexTable } from '../../api/nimber.js';
import type { GlobalArgs } from '../context.js';
import { printJson } from '../output.js';

interface TableArgs extends GlobalArgs {
  name: string;
  size?: string;
}

export const tableCommand: CommandModule<GlobalArgs, TableArgs> = {
  command: 'table <name>',
  describe: 'Print the nim-addition or nim-multiplication table built by the mex rule (a teaching aid)',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('name', {
        type: 'string',
        demandOption: true,
        describe: "the table: 'nim' (nim-addition) or 'nim-mul' (nim-multiplication)",
      })
      .option('size', {
        type: 'string',
        describe: 'rows and columns 0..size-1 (default 16; at most 256 for nim, 128 for nim-mul)',
      })
      .example('$0 table nim --size 16', 'the 16 x 16 nim-addition table')
      .example('$0 table nim --size 8 --json', 'as JSON, with a check that it equals XOR')
      .example('$0 table nim-mul --size 16', "nim-products of 0..15 by Conway's mex rule, checked") as Argv<TableArgs>,
  handler: (args) => {
    const name = args.name.toLowerCase();
    if (name === 'nim-mul') return printNimMul(args);
    if (name !== 'nim') {
      throw new UsageError(
        `there is no table '${args.name}'; the tables are 'nim' and 'nim-mul' (grundy table nim --size 16)`,
      );
    }
    const size = args.size !== undefined ? parseCount(args.size, '--size', 1, 256) : 16;
    const table = nimAdditionTable(size);
    const equalsXor = table.every((row, x) => row.every((v, y) => v === (x ^ y)));
    if (args.json) {
      printJson({ table: 'nim', size, rule: 'mex over row and column', values: table, equalsXor });
      return;
    }
    printGrid(table);
    const verdict = equalsXor ? 'it equals X XOR Y everywhere' : 'it differs from X XOR Y';
    process.stdout.write(`[X,Y] = mex of the entries above and to the left; ${verdict}\n`);
  },
};

/** Conway's rule costs O(size^4) in all, so the size stops at 128 (under a second). */
function printNimMul(args: TableArgs): void {
  const size = args.size !== undefined ? parseCount(args.size, '--size', 1, 128) : 16;
  const table = nimMulMexTable(size);
  const equalsFast = table.every((row, a) => row.every((v, b) => BigInt(v) === nimMul(BigInt(a), BigInt(b))));
  const rule = "mex{A'*B + A*B' + A'*B' : A' < A, B' < B}, + being xor";
  if (args.json) {
    printJson({ table: 'nim-mul', size, rule, values: table, equalsFast });
    return;
  }
  printGrid(table);
  const verdict = equalsFast
    ? 'it equals the fast product (grundy nimber mul) everywhere'
    : 'it DIFFERS from the fast product';
  process.stdout.write(`[A,B] = ${rule}; ${verdict}\n`);
}

function printGrid(table: number[][]): void {
  const size = table.length;
  const w = String(Math.max(...table.flat())).length;
  const head = `${' '.repeat(w)} |${Array.from({ length: size }, (_, y) => String(y).padStart(w + 1)).join('')}`;
  const lines = [head, `${'-'.repeat(w + 1)}+${'-'.repeat((w + 1) * size)}`];
  table.forEach((row, x) => {
    lines.push(`${String(x).padStart(w)} |${row.map((v) => String(v).padStart(w + 1)).join('')}`);
  });
  process.stdout.write(`${lines.join('\n')}\n`);
}
