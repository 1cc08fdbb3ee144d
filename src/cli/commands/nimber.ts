import type { Argv, CommandModule } from 'yargs';
import { UsageError } from '../../errors.js';
import {
  nimAdd,
  nimGenerator,
  nimInv,
  nimLogBase,
  nimMul,
  nimOrder,
  nimPow,
  nimSqrt,
  parseNimber,
  parseUnbounded,
} from '../../api/nimber.js';
import type { GlobalArgs } from '../context.js';
import { jsonInteger, printJson } from '../output.js';

interface NimberArgs extends GlobalArgs {
  op: string;
  a: string;
  b?: string;
  base?: string;
}

const OPS = ['mul', 'add', 'pow', 'inv', 'sqrt', 'order', 'log'] as const;
const UNARY = ['inv', 'sqrt', 'order', 'log'];

export const nimberCommand: CommandModule<GlobalArgs, NimberArgs> = {
  command: 'nimber <op> <a> [b]',
  describe: 'Nimber arithmetic below 2^64: nim-product, nim-sum, powers, inverses, square roots, orders, logarithms',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .usage(
        '$0 nimber <mul|add|pow|inv|sqrt|order|log> A [B] [--base G]\n\n' +
          'Nimbers are the values of impartial games, with their own arithmetic (Conway, On Numbers and\n' +
          'Games, ch. 6): the nim-sum A + B is XOR (the value of two games played side by side), and the\n' +
          "nim-product is the mex rule A * B = mex{A'*B + A*B' + A'*B' : A' < A, B' < B}, which\n" +
          'gives the value of the product of two games in the sense of coin-turning games (Tartan\n' +
          'theorem). With these two operations the numbers below 2^(2^k) form a field: below 2^64 it is\n' +
          'GF(2^64), so every A > 0 has an inverse, and A^(2^64 - 1) = 1. Products are computed on 32-bit\n' +
          'halves with logarithm tables of GF(2^16) (src/nimber/), checked against the mex rule.\n\n' +
          'sqrt: the one B with B * B = A (A^(2^63)). order: the least D >= 1 with A^D = 1, a divisor of\n' +
          '2^64 - 1 = 3 * 5 * 17 * 257 * 641 * 65537 * 6700417. log: the least X >= 0 with G^X = A, G the\n' +
          '--base or the standard generator 2^32 + 6 = 4294967302 (the least nimber of order 2^64 - 1);\n' +
          'A must be a power of G (A^order(G) = 1). Pohlig-Hellman over the seven primes.',
      )
      .positional('op', {
        type: 'string',
        demandOption: true,
        describe:
          'mul (A * B), add (A + B = A xor B), pow (A^B), inv (1/A), sqrt (B with B * B = A), ' +
          'order (least D with A^D = 1), log (X with G^X = A)',
      })
      .positional('a', { type: 'string', demandOption: true, describe: 'a nimber below 2^64: decimal or 0x hex' })
      .positional('b', {
        type: 'string',
        describe: 'the second operand of mul / add (below 2^64), or the exponent of pow (any size)',
      })
      .example('$0 nimber mul 2 3', '1 (2 * 2 = 3, 2 * 3 = 1: {0, 1, 2, 3} is the field GF(4))')
      .example('$0 nimber mul 0x123456789abcdef0 0xfedcba9876543210 --json', '{"op": "mul", "a", "b", "result"}')
      .option('base', {
        type: 'string',
        describe: 'with log: the base G (below 2^64; default the generator 2^32 + 6)',
      })
      .example('$0 nimber inv 16', 'the nimber x with 16 * x = 1')
      .example('$0 nimber sqrt 3', '2 (2 * 2 = 3)')
      .example('$0 nimber order 2', '3 (2, 3, 1: the group of GF(4))')
      .example('$0 nimber log 3 --base 2', '2')
      .example('$0 nimber pow 2 3', '1 (2 * 2 * 2 = 3 * 2 = 1)') as Argv<NimberArgs>,
  handler: (args) => {
    const op = args.op.toLowerCase();
    if (!(OPS as readonly string[]).includes(op)) {
      throw new UsageError(`there is no nimber operation '${args.op}'; use one of ${OPS.join(', ')}`);
    }
    if (args.base !== undefined && op !== 'log') {
      throw new UsageError(`--base goes with nimber log, not nimber ${op}`);
    }
    const a = parseNimber(args.a, 'A');
    let b: bigint | undefined;
    let base: bigint | undefined;
    let result: bigint;
    if (UNARY.includes(op)) {
      if (args.b !== undefined) throw new UsageError(`nimber ${op} takes one operand: grundy nimber ${op} A`);
      if (op === 'sqrt') result = nimSqrt(a);
      else if (a === 0n) {
        const what =
          op === 'inv' ? 'nim-multiplicative inverse' : op === 'order' ? 'multiplicative order' : 'logarithm';
        throw new UsageError(`0 has no ${what}; give A > 0`);
      } else if (op === 'inv') result = nimInv(a);
      else if (op === 'order') result = nimOrder(a);
      else {
        base = args.base !== undefined ? parseNimber(args.base, '--base') : nimGenerator();
        if (base === 0n) throw new UsageError('--base 0 has no logarithms (its powers are 0 and 1); give a base G > 0');
        const table = nimLogBase(base);
        const x = table.logOrNull(a);
        if (x === null) {
          throw new UsageError(
            `${a} is not a power of ${base} (the base has order ${table.order}); give an A with ` +
              `A^${table.order} = 1, or another --base`,
          );
        }
        if (nimPow(base, x) !== a) throw new Error(`nimber log: ${base}^${x} is not ${a}`);
        result = x;
      }
    } else {
      if (args.b === undefined) {
        throw new UsageError(`nimber ${op} takes two operands: grundy nimber ${op} A ${op === 'pow' ? 'K' : 'B'}`);
      }
      b = op === 'pow' ? parseUnbounded(args.b, 'K') : parseNimber(args.b, 'B');
      result = op === 'mul' ? nimMul(a, b) : op === 'add' ? nimAdd(a, b) : nimPow(a, b);
    }
    if (args.json) {
      const operands = {
        a: jsonInteger(a),
        ...(b !== undefined ? { b: jsonInteger(b) } : {}),
        ...(base !== undefined ? { base: jsonInteger(base) } : {}),
      };
      printJson({ op, ...operands, result: jsonInteger(result) });
      return;
    }
    process.stdout.write(`${result}\n`);
  },
};
