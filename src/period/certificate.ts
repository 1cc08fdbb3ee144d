import type { Periodicity } from './detect.js';

/**
 * g(n) from a proven certificate (README: Periodicity):
 * g(n) = g(e + ((n - e) mod p)) + s * floor((n - e) / p) for n >= e, with n a BigInt so that
 * positions far beyond 2^53 are exact. `base(i)` reads a stored value with i < e + p.
 */
export function valueByCertificate(cert: Periodicity, n: bigint, base: (i: number) => number): bigint {
  const e = BigInt(cert.preperiod);
  const p = BigInt(cert.period);
  if (n < e) return BigInt(base(Number(n)));
  const offset = n - e;
  const i = Number(e + (offset % p));
  return BigInt(base(i)) + BigInt(cert.saltus) * (offset / p);
}
