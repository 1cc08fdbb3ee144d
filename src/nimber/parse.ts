import { UsageError } from '../errors.js';
import { parseBigInteger } from '../numbers.js';
import { NIMBER_LIMIT } from './arith.js';

/** A nimber operand below 2^64: decimal (1_000, 1e6, 2^40 as elsewhere) or 0x hex. */
export function parseNimber(text: string, what: string): bigint {
  const value = parseUnbounded(text, what);
  if (value >= NIMBER_LIMIT) {
    throw new UsageError(
      `${what} '${text.trim()}' is 2^64 or more; nimbers here are below 2^64 (at most 0xffffffffffffffff)`,
    );
  }
  return value;
}

/** A non-negative integer of any size, decimal or 0x hex (exponents of nimPow). */
export function parseUnbounded(text: string, what: string): bigint {
  const t = text.trim().replace(/_/g, '');
  if (/^0x[0-9a-f]+$/i.test(t)) return BigInt(t);
  if (/^-/.test(t)) throw new UsageError(`${what} '${text.trim()}' is negative; nimbers are >= 0`);
  if (/^0x/i.test(t)) throw new UsageError(`${what} '${text.trim()}' is not a hex number (write e.g. 0xff)`);
  return parseBigInteger(text, what);
}
