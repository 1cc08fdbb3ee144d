import { locateStore } from '../api/store.js';
import { parseCount } from '../numbers.js';

/** Options every command takes. */
export interface GlobalArgs {
  db?: string;
  json?: boolean;
  verbose?: boolean;
}

/** The store option of a library call: --db when given. */
export function dbOption(args: GlobalArgs): { db?: string } {
  return args.db !== undefined ? { db: args.db } : {};
}

/** The store a command reads, said on stderr (text output only: --json carries it as a field). */
export function announceStore(args: GlobalArgs, store: { readonly path: string } | null): void {
  if (args.json) return;
  const path = store?.path ?? locateStore(args.db).path;
  process.stderr.write(`grundy: store ${path}${store ? '' : ' (not created yet)'}\n`);
}

export { quoteSpec } from '../api/game.js';

/** What eval and count say before computing a missing table on the fly. */
export function onTheFly(key: string, to: number, untilProven = false): string {
  return untilProven
    ? `${key} is not stored far enough: computing and storing it until its period is proven (at most ` +
        `g(0..${to - 1}))`
    : `${key} is not stored far enough: computing and storing g(0..${to - 1})`;
}

/** --max-positions N as the misère search budget option ({} when not given). */
export function maxPositions(text: string | undefined): { budget?: number } {
  return text === undefined ? {} : { budget: parseCount(text, '--max-positions', 1, 1e9) };
}
