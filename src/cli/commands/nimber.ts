import type { Argv, CommandModule } from 'yargs';
import { UsageError } from '../../errors.js';
import { nimAdd, nimInv, nimMul, nimPow } from '../../nimber/arith.js';
import { parseNimber, parseUnbounded } from '../../nimber/parse.js';
import type { GlobalArgs } from '../context.js';
import { jsonInteger, printJson } from '../output.js';

interface NimberArgs extends GlobalArgs {
  op: string;
  a: string;
  b?: string;
}

const OPS = ['mul', 'add', 'pow', 'inv'] as const;

export const nimberCommand: CommandModule<GlobalArgs, NimberArgs> = {
  command: 'nimber <op> <a> [b]',
  describe: 'Nimber arithmetic below 2^64: nim-product, nim-sum, powers and inverses',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .usage(
        '$0 nimber <mul|add|pow|inv> A [B]\n\n' +
          'Nimbers are the values of impartial games, with their own arithmetic (Conway, On Numbers and\n' +
          'Games, ch. 6): the nim-sum A + B is XOR (the value of two games played side by side), and the\n' +
          "nim-product is the mex rule A * B = mex{A'*B + A*B' + A'*B' : A' < A, B' < B}, which\n" +
          'gives the value of the product of two games in the sense of coin-turning games (Tartan\n' +
          'theorem). With these two operations the numbers below 2^(2^k) form a field: below 2^64 it is\n' +
          'GF(2^64), so every A > 0 has an inverse, and A^(2^64 - 1) = 1. Products are computed on 32-bit\n' +
          'halves with logarithm tables of GF(2^16) (src/nimber/), checked against the mex rule.',
      )
      .positional('op', {
        type: 'string',
        demandOption: true,
        describe: 'mul (A * B), add (A + B = A xor B), pow (A^B), inv (1/A)',
      })
      .positional('a', { type: 'string', demandOption: true, describe: 'a nimber below 2^64: decimal or 0x hex' })
      .positional('b', {
        type: 'string',
        describe: 'the second operand of mul / add (below 2^64), or the exponent of pow (any size)',
      })
      .example('$0 nimber mul 2 3', '1 (2 * 2 = 3, 2 * 3 = 1: {0, 1, 2, 3} is the field GF(4))')
      .example('$0 nimber mul 0x123456789abcdef0 0xfedcba9876543210 --json', '{"op": "mul", "a", "b", "result"}')
      .example('$0 nimber inv 16', 'the nimber x with 16 * x = 1')
      .example('$0 nimber pow 2 3', '1 (2 * 2 * 2 = 3 * 2 = 1)') as Argv<NimberArgs>,
  handler: (args) => {
    const op = args.op.toLowerCase();
    if (!(OPS as readonly string[]).includes(op)) {
      throw new UsageError(`there is no nimber operation '${args.op}'; use one of ${OPS.join(', ')}`);
    }
    const a = parseNimber(args.a, 'A');
    let b: bigint | undefined;
    let result: bigint;
    if (op === 'inv') {
      if (args.b !== undefined) throw new UsageError('nimber inv takes one operand: grundy nimber inv A');
      if (a === 0n) throw new UsageError('0 has no nim-multiplicative inverse; give A > 0');
      result = nimInv(a);
    } else {
      if (args.b === undefined) {
        throw new UsageError(`nimber ${op} takes two operands: grundy nimber ${op} A ${op === 'pow' ? 'K' : 'B'}`);
      }
      b = op === 'pow' ? parseUnbounded(args.b, 'K') : parseNimber(args.b, 'B');
      result = op === 'mul' ? nimMul(a, b) : op === 'add' ? nimAdd(a, b) : nimPow(a, b);
    }
    if (args.json) {
      const operands = { a: jsonInteger(a), ...(b !== undefined ? { b: jsonInteger(b) } : {}) };
      printJson({ op, ...operands, result: jsonInteger(result) });
      return;
    }
    process.stdout.write(`${result}\n`);
  },
};
