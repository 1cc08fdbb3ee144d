import { UsageError } from './errors.js';

/**
 * An integer with thousands separators: 1234567 as "1,234,567" (a number is rounded first).
 * Not toLocaleString('en-US'): its first call loads ICU's number formats, 15-20 ms of a
 * command's start (the compute command's help text alone made one).
 */
export function fmtInt(n: number | bigint): string {
  const whole = typeof n === 'bigint' ? n : Math.round(n);
  // A number from 10^21 on prints in exponent form; its integer digits come from BigInt.
  const text =
    typeof whole === 'number' && Number.isFinite(whole) && Math.abs(whole) >= 1e21
      ? BigInt(whole).toString()
      : String(whole);
  return text.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Numbers as people type them: 1000000, 1_000_000, 1e6, 2^20, 10^18. Exact: "1.5e3" is 1500,
 * "1.5" is refused. Returns a BigInt so callers choose their own range.
 */
export function parseBigInteger(text: string, what: string): bigint {
  const raw = text.trim();
  const t = raw.replace(/_/g, '').toLowerCase();
  if (t === '') throw new UsageError(`${what} is empty; write a non-negative integer such as 1000, 1e6 or 2^20`);
  let m = /^(\d+)$/.exec(t);
  if (m) return BigInt(m[1]!);
  m = /^(\d+)\^(\d+)$/.exec(t);
  if (m) {
    const exp = Number(m[2]);
    if (exp > 4096) throw new UsageError(`${what} '${raw}' is too large`);
    return BigInt(m[1]!) ** BigInt(exp);
  }
  m = /^(\d+)(?:\.(\d*))?e\+?(\d+)$/.exec(t);
  if (m) {
    const intPart = m[1]!;
    const frac = (m[2] ?? '').replace(/0+$/, '');
    const exp = Number(m[3]);
    if (exp > 4096) throw new UsageError(`${what} '${raw}' is too large`);
    if (frac.length > exp) throw new UsageError(`${what} '${raw}' is not an integer`);
    return BigInt(intPart + frac) * 10n ** BigInt(exp - frac.length);
  }
  if (/^-/.test(t)) throw new UsageError(`${what} '${raw}' is negative; it must be >= 0`);
  throw new UsageError(`${what} '${raw}' is not a non-negative integer (write e.g. 1000, 1_000_000, 1e6 or 2^20)`);
}

/** A count that must be a safe JavaScript number within [min, max]. */
export function parseCount(text: string | number, what: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const value = parseBigInteger(String(text), what);
  if (value < BigInt(min)) throw new UsageError(`${what} ${text} is too small; it must be at least ${min}`);
  if (value > BigInt(max)) throw new UsageError(`${what} ${text} is too large; it must be at most ${max}`);
  return Number(value);
}

/** The n of a query: one number, or an inclusive range a..b of at most `maxRange` values. */
export function parsePositions(items: readonly string[], maxRange = 1_000_000): bigint[] {
  const out: bigint[] = [];
  for (const item of items) {
    const range = /^(.+?)\.\.(.+)$/.exec(item.trim());
    if (range) {
      const a = parseBigInteger(range[1]!, 'range start');
      const b = parseBigInteger(range[2]!, 'range end');
      if (b < a) throw new UsageError(`range ${item} is empty: its end is below its start`);
      if (b - a + 1n > BigInt(maxRange))
        throw new UsageError(`range ${item} has more than ${maxRange} values; split it`);
      for (let n = a; n <= b; n++) out.push(n);
    } else {
      out.push(parseBigInteger(item, 'n'));
    }
    if (out.length > maxRange) throw new UsageError(`more than ${maxRange} positions in one query; split it`);
  }
  return out;
}
