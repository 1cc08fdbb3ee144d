/** The modulus of the anchors' checksum (shared anchors/common.h): n enters as n mod 1000003 + 1. */
export const CHECKSUM_MODULUS = 1000003;

/**
 * sum of g(n) * (n mod 1000003 + 1) over n < count: the checksum the C reference programs print,
 * so a table computed here and one computed there can be compared by a single number. Each term
 * is below 2^52 (values < 2^32, weights <= 1000003 < 2^20), so a float accumulator flushed into
 * a BigInt before it reaches 2^52 stays exact.
 */
export function heapChecksum(g: ArrayLike<number>, count = g.length): bigint {
  let total = 0n;
  let acc = 0;
  let r = 0;
  for (let n = 0; n < count; n++) {
    acc += g[n]! * (r + 1);
    if (++r === CHECKSUM_MODULUS) r = 0;
    if (acc >= 2 ** 52) {
      total += BigInt(acc);
      acc = 0;
    }
  }
  return total + BigInt(acc);
}

/**
 * A checksum of a list of non-negative integers (answers of a batch of queries, counts):
 * the same weighting as heapChecksum, over BigInts so that huge counts are taken whole.
 */
export function listChecksum(items: Iterable<bigint | number>): bigint {
  let total = 0n;
  let r = 0;
  for (const item of items) {
    total += BigInt(item) * BigInt(r + 1);
    if (++r === CHECKSUM_MODULUS) r = 0;
  }
  return total;
}
