import { UsageError } from '../errors.js';
import { parseCount } from '../numbers.js';

/** Longest parameter accepted: a game spec, a number or a position longer than this is refused. */
export const MAX_PARAM = 2000;

/** A query parameter given at most once, at most MAX_PARAM characters; undefined when absent. */
export function optional(query: unknown, name: string): string | undefined {
  const v = (query as Record<string, unknown> | undefined)?.[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new UsageError(`parameter ${name} must be given once`);
  if (v.length > MAX_PARAM) throw new UsageError(`parameter ${name} is longer than ${MAX_PARAM} characters`);
  return v;
}

/** A query parameter that must be given and not blank. */
export function param(query: unknown, name: string): string {
  const v = optional(query, name);
  if (v === undefined || v.trim() === '') throw new UsageError(`parameter ${name} is missing`);
  return v;
}

/** An optional whole number in [min, max]; blank counts as absent (an emptied form box). */
export function optionalCount(query: unknown, name: string, min: number, max?: number): number | undefined {
  const v = optional(query, name);
  if (v === undefined || v.trim() === '') return undefined;
  return parseCount(v, name, min, max);
}

/** One of the listed words; `fallback` when absent. */
export function choice<T extends string>(query: unknown, name: string, options: readonly T[], fallback: T): T {
  const v = optional(query, name);
  if (v === undefined || v === '') return fallback;
  if (!(options as readonly string[]).includes(v))
    throw new UsageError(`parameter ${name} '${v.slice(0, 40)}' is not one of ${options.join(', ')}`);
  return v as T;
}

/** Positions one query answers at most (a range a..b). */
export const MAX_QUERY = 10_000;

/** A query's n: a range a..b of more than MAX_QUERY positions is refused before any is read. */
export function checkQueryRange(n: string): void {
  const range = /^(.+?)\.\.(.+)$/.exec(n);
  if (!range) return;
  const a = BigInt(parseCount(range[1]!, 'range start'));
  const b = BigInt(parseCount(range[2]!, 'range end'));
  if (b >= a && b - a >= BigInt(MAX_QUERY))
    throw new UsageError(`range ${n} has more than ${MAX_QUERY} values; split it`);
}
