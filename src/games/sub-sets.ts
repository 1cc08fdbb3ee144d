import { UsageError } from '../errors.js';
import { parseBigInteger } from '../numbers.js';
import { MAX_ELEMENT } from './spec-text.js';

/** The largest bound of an interval: L + R must fit an unsigned 64-bit integer (contest export). */
export const MAX_INTERVAL_BOUND = 10n ** 18n;
/** A union of intervals is listed element by element (kernels, window proof) up to this many elements. */
export const MAX_EXPANDED = 1 << 16;
/** Keys list every element up to this many (every key of a typed list stays as it was); longer sets write runs. */
export const LISTED_KEY_MAX = 64;

/** A set of positive amounts as sorted, disjoint, non-adjacent runs [lo, hi]. */
export type Runs = readonly (readonly [bigint, bigint])[];

/**
 * The amounts of 'sub:1..3,7,10..12': single amounts and intervals L..R, in any order, overlaps
 * and neighbours merged. Bounds up to 10^18, written as `grundy query` reads numbers (1e9, 2^20, 1_000).
 */
export function parseRuns(body: string, spec: string): Runs {
  const ranges: [bigint, bigint][] = [];
  for (const raw of body.split(',')) {
    const item = raw.trim().replace(/_/g, '');
    if (item === '') throw new UsageError(`'${spec}' has an empty subtraction amount (two commas or a trailing comma)`);
    const bounds = item.split('..');
    let lo: bigint;
    let hi: bigint;
    try {
      if (bounds.length > 2 || bounds.some((b) => !/^[\d\s^e+]+$/i.test(b))) throw new Error('not a bound');
      lo = parseBigInteger(bounds[0]!, 'amount');
      hi = bounds.length === 2 ? parseBigInteger(bounds[1]!, 'amount') : lo;
    } catch {
      throw new UsageError(
        `'${raw.trim()}' in '${spec}' is not a positive integer subtraction amount or an interval L..R (sub:1..3,7)`,
      );
    }
    if (lo === 0n)
      throw new UsageError(`0 in '${spec}' is not a valid subtraction amount: amounts are positive integers`);
    if (hi > MAX_INTERVAL_BOUND) {
      throw new UsageError(`${hi} in '${spec}' is too large (the largest subtraction amount is 10^18)`);
    }
    if (hi < lo) throw new UsageError(`interval ${item} in '${spec}' is empty: write it as ${hi}..${lo}`);
    ranges.push([lo, hi]);
  }
  ranges.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const runs: [bigint, bigint][] = [];
  for (const [lo, hi] of ranges) {
    const last = runs[runs.length - 1];
    if (last && lo <= last[1] + 1n) {
      if (hi > last[1]) last[1] = hi;
    } else {
      runs.push([lo, hi]);
    }
  }
  return runs;
}

export function runsCount(runs: Runs): bigint {
  let count = 0n;
  for (const [lo, hi] of runs) count += hi - lo + 1n;
  return count;
}

/** The elements of runs small enough to list (runsCount <= MAX_EXPANDED, every element <= MAX_ELEMENT). */
export function expandRuns(runs: Runs): number[] {
  const out: number[] = [];
  for (const [lo, hi] of runs) for (let s = Number(lo); s <= Number(hi); s++) out.push(s);
  return out;
}

/** Runs of a sorted, de-duplicated element list. */
export function runsOf(set: readonly number[]): Runs {
  const runs: [bigint, bigint][] = [];
  for (const s of set) {
    const last = runs[runs.length - 1];
    if (last && BigInt(s) === last[1] + 1n) last[1] = BigInt(s);
    else runs.push([BigInt(s), BigInt(s)]);
  }
  return runs;
}

/** The runs as written in keys and messages: '1..3,7,10..12'. */
export function formatRuns(runs: Runs): string {
  return runs.map(([lo, hi]) => (lo === hi ? `${lo}` : `${lo}..${hi}`)).join(',');
}

/** Whether runs can become a listed subtraction set for the kernels and the window proof. */
export function expandable(runs: Runs): boolean {
  const last = runs[runs.length - 1];
  return runsCount(runs) <= BigInt(MAX_EXPANDED) && (last === undefined || last[1] <= BigInt(MAX_ELEMENT));
}
