import { parseCount } from '../src/numbers.js';

/** The command line of a bench script: `--name value` flags, `--switch`es and one count N. */
export interface ScriptArgs {
  /** The value after `--name`, if given. */
  flag(name: string): string | undefined;
  has(name: string): boolean;
  /** The first argument that is neither a flag nor a flag's value, as a count (1e7 allowed). */
  count(fallback: string, min?: number): number;
}

export function scriptArgs(args: readonly string[] = process.argv.slice(2)): ScriptArgs {
  return {
    flag(name) {
      const i = args.indexOf(name);
      return i >= 0 ? args[i + 1] : undefined;
    },
    has: (name) => args.includes(name),
    count(fallback, min = 1) {
      const given = args.find((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1]!.startsWith('--')));
      return parseCount(given ?? fallback, 'N', min, 2 ** 31 - 1);
    },
  };
}
