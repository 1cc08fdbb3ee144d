import { NotComputedError } from '../errors.js';
import { parseCount } from '../numbers.js';
import { parseRules } from '../games/registry.js';
import type { Rules } from '../rules/types.js';
import { resolveDbPath } from '../store/database.js';
import { locateStore } from '../store/location.js';
import { Store, type GameRow } from '../store/store.js';

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

export function openForWrite(args: GlobalArgs): Store {
  return Store.openForWrite(resolveDbPath(args.db));
}

export function openForRead(args: GlobalArgs): Store | null {
  return Store.openForRead(resolveDbPath(args.db));
}

/** The store a command reads, said on stderr (text output only: --json carries it as a field). */
export function announceStore(args: GlobalArgs, store: { readonly path: string } | null): void {
  if (args.json) return;
  const path = store?.path ?? locateStore(args.db).path;
  process.stderr.write(`grundy: store ${path}${store ? '' : ' (not created yet)'}\n`);
}

/**
 * A stored game named by its exact key (so a custom module's key works after the file moved)
 * or by any spelling of its rules.
 */
export function findStoredGame(
  store: Store | null,
  spec: string,
): { key: string; rules: Rules | null; game: GameRow | undefined } {
  const byKey = store?.getGame(spec.trim());
  if (byKey) return { key: byKey.key, rules: null, game: byKey };
  const rules = parseRules(spec);
  return { key: rules.key, rules, game: store?.getGame(rules.key) };
}

/** The stored game, or exit 3 with the command that would compute it. */
export function requireStoredGame(store: Store | null, spec: string): GameRow {
  const found = findStoredGame(store, spec);
  if (!found.game || found.game.computed === 0) {
    throw new NotComputedError(`${found.key} has no stored values; run: grundy compute ${quoteSpec(spec)}`);
  }
  return found.game;
}

export function quoteSpec(spec: string): string {
  return /^[\w.:,@#/+-]+$/.test(spec) ? spec : `'${spec.replace(/'/g, "'\\''")}'`;
}

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
