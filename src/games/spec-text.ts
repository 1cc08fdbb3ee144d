import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';

/** The largest subtraction amount we accept: kernels index with int32. */
export const MAX_ELEMENT = 2 ** 31 - 1;

/** Sorted, de-duplicated positive integers from "4,1,3,3". */
export function parseIntegerList(body: string, spec: string, what: string): number[] {
  const values = new Set<number>();
  for (const raw of body.split(',')) {
    const item = raw.trim().replace(/_/g, '');
    if (item === '') throw new UsageError(`'${spec}' has an empty ${what} (two commas or a trailing comma)`);
    if (!/^\d+$/.test(item)) throw new UsageError(`'${raw.trim()}' in '${spec}' is not a positive integer ${what}`);
    const value = Number(item);
    if (value === 0) throw new UsageError(`0 in '${spec}' is not a valid ${what}: amounts are positive integers`);
    if (!Number.isSafeInteger(value) || value > MAX_ELEMENT) {
      throw new UsageError(`${item} in '${spec}' is too large (the largest ${what} is ${MAX_ELEMENT})`);
    }
    values.add(value);
  }
  return [...values].sort((a, b) => a - b);
}

/** Options "remove s" for each s of an ascending list: heap tuples, the empty heap left out. */
export function* removals(n: number, amounts: Iterable<number>): Generator<readonly number[]> {
  for (const s of amounts) {
    if (s > n) return;
    yield s === n ? [] : [n - s];
  }
}

/**
 * The file a module spec names, read whole (its content hash goes into the game's key, so an
 * edited module is a new game). `example` is how to write the spec, `what` names the file in
 * the error.
 */
export function readModuleFile(
  body: string,
  spec: string,
  cwd: string,
  example: string,
  what: string,
): { path: string; content: Buffer } {
  if (body === '') throw new UsageError(`'${spec}' names no file; write ${example}`);
  const path = resolve(cwd, body);
  try {
    if (!statSync(path).isFile()) throw new Error('not a file');
    return { path, content: readFileSync(path) };
  } catch {
    throw new UsageError(`${what} not found or not readable: ${path}`);
  }
}
