import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from '../src/errors.js';
import { parseCount } from '../src/numbers.js';

/**
 * The one command-line parser of the bench scripts (`node dist/bench/X.js ...`): node:util's
 * parseArgs for the flags, and the CLI's own number parser for counts, so `2^20`, `1e7` and
 * `1_000_000` mean what they mean to `grundy`. Bad input prints what is wrong and the script's
 * usage line on stderr and exits 2; `--help` prints the usage line and exits 0.
 */
export interface FlagSpec {
  readonly type: 'string' | 'boolean';
}

export interface ScriptSpec {
  /** What follows `usage: node dist/bench/X.js`, e.g. '[N=1e7] [--set NAME] [--reps K]'. */
  readonly usage: string;
  /** Flags by name without the dashes; `help` is always known. */
  readonly flags?: Readonly<Record<string, FlagSpec>>;
  /** How many positional arguments the script takes at most. */
  readonly positionals?: number;
}

export interface ScriptArgs {
  /** The value after `--name`, if given. */
  flag(name: string): string | undefined;
  /** Whether the switch `--name` was given. */
  has(name: string): boolean;
  /** The i-th positional argument, if given. */
  positional(index: number): string | undefined;
  /** The i-th positional argument (or `fallback`) as a count within [min, max]. */
  count(index: number, fallback: string, what: string, min?: number, max?: number): number;
  /** The value of `--name` (or `fallback`) as a count within [min, max]. */
  countFlag(name: string, fallback: string, min?: number, max?: number): number;
  /** A comma-separated `--name` value (or `fallback`) as counts within [min, max]. */
  countList(name: string, fallback: string, min?: number, max?: number): number[];
  /** Run a parser of the project (a game spec, say): its UsageError refuses the command line. */
  check<T>(parse: () => T): T;
  /** Refuse the command line: the message and the usage line on stderr, exit 2. */
  fail(message: string): never;
}

const MAX_COUNT = 2 ** 31 - 1;

export function scriptArgs(spec: ScriptSpec, argv: readonly string[] = process.argv.slice(2)): ScriptArgs {
  const script = basename(process.argv[1] ?? 'bench.js');
  const usage = `usage: node dist/bench/${script} ${spec.usage}`;
  const fail = (message: string): never => {
    process.stderr.write(`${script}: ${message}\n${usage}\n`);
    process.exit(2);
  };
  const declared = { ...spec.flags, help: { type: 'boolean' } } as const;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...argv], options: declared, allowPositionals: true, strict: true });
  } catch (err) {
    // parseArgs names the unknown flag or the missing value; the usage line says the rest.
    return fail((err as Error).message);
  }
  if (parsed.values.help === true) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  const max = spec.positionals ?? 0;
  if (parsed.positionals.length > max) {
    fail(`unexpected argument '${parsed.positionals[max]}' (${max === 0 ? 'none' : `at most ${max}`} expected)`);
  }
  const known = (name: string, type: FlagSpec['type']): void => {
    // A typo in a script, not in its input: fail the programmer, not the user.
    if (spec.flags?.[name]?.type !== type) throw new Error(`bench/args: --${name} is not a declared ${type} flag`);
  };
  const check = <T>(parse: () => T): T => {
    try {
      return parse();
    } catch (err) {
      if (err instanceof UsageError) return fail(err.message);
      throw err;
    }
  };
  const asCount = (text: string, what: string, min: number, maxValue: number): number =>
    check(() => parseCount(text, what, min, maxValue));
  const flag = (name: string): string | undefined => {
    known(name, 'string');
    const value = parsed.values[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    flag,
    has: (name) => {
      known(name, 'boolean');
      return parsed.values[name] === true;
    },
    positional: (index) => parsed.positionals[index],
    count: (index, fallback, what, min = 1, maxValue = MAX_COUNT) =>
      asCount(parsed.positionals[index] ?? fallback, what, min, maxValue),
    countFlag: (name, fallback, min = 1, maxValue = MAX_COUNT) =>
      asCount(flag(name) ?? fallback, `--${name}`, min, maxValue),
    countList: (name, fallback, min = 1, maxValue = MAX_COUNT) =>
      (flag(name) ?? fallback).split(',').map((part) => asCount(part, `--${name}`, min, maxValue)),
    check,
    fail,
  };
}
