import { UsageError } from '../errors.js';
import { parseBigInteger } from '../numbers.js';

/** A position written as a list of heaps, '[3,0,5]' (or '3 0 5' inside the brackets); at most 4096. */
export function readHeapList(token: string, game: string, what: string): bigint[] {
  const text = token.trim();
  const m = /^\[(.*)\]$/s.exec(text);
  if (!m)
    throw new UsageError(`'${text}' is not a position of ${game}; write its ${what} in brackets, e.g. ${game}@[3,0,5]`);
  const items = m[1]!.split(/[\s,]+/).filter((s) => s !== '');
  if (items.length > 4096)
    throw new UsageError(`a position of ${game} has at most 4096 ${what}; this one has ${items.length}`);
  return items.map((s) => {
    const v = parseBigInteger(s, `a heap of ${game}`);
    if (v < 0n) throw new UsageError(`${s} in '${text}' is negative; heaps are >= 0`);
    return v;
  });
}

export function formatHeapList(heaps: readonly bigint[]): string {
  return `[${heaps.join(',')}]`;
}
