/**
 * The nimber field beyond products: square roots, multiplicative orders and discrete logarithms
 * (src/nimber/) of COUNT seeded random 64-bit nimbers (splitmix64, as bench/nimber.ts), each a
 * rate per second and the xor of the answers as a checksum. Logarithms are to the standard
 * generator, whose tables are built once (timed apart); the first CHECK are verified (g^x = a).
 *
 *   node dist/bench/nimber-field.js [COUNT] [SEED]
 */
import { performance } from 'node:perf_hooks';
import { nimPow, nimSqrt } from '../src/nimber/arith.js';
import { nimLogBase } from '../src/nimber/log.js';
import { nimGenerator, nimOrder } from '../src/nimber/order.js';
import { splitMix64Pairs } from './splitmix64.js';

const count = Number(process.argv[2] ?? 1e5);
const seed = BigInt(process.argv[3] ?? 1);
const CHECK = 1000;

const hi = new Uint32Array(count);
const lo = new Uint32Array(count);
splitMix64Pairs(seed, hi, lo, new Uint32Array(count), new Uint32Array(count));
// Zero has no order or logarithm; splitmix64 gives it with probability 2^-64, but make sure.
const values = Array.from({ length: count }, (_, i) => (BigInt(hi[i]!) << 32n) | BigInt(lo[i]!) || 1n);

function timed(name: string, f: (a: bigint) => bigint): bigint[] {
  // Warm-up on a prefix so the timed run is the optimised code.
  for (let i = 0; i < Math.min(count, 2000); i++) f(values[i]!);
  const t = performance.now();
  const out = values.map(f);
  const s = (performance.now() - t) / 1000;
  const xor = out.reduce((x, y) => x ^ y, 0n);
  console.log(
    `ts   nimber_${name} count=${count} seed=${seed} xor=${xor} time_s=${s.toFixed(3)} per_s=${Math.round(count / s)}`,
  );
  return out;
}

timed('sqrt', nimSqrt);
timed('order', nimOrder);
const g = nimGenerator();
const t0 = performance.now();
const base = nimLogBase(g);
console.log(`ts   nimber_log_tables base=${g} time_s=${((performance.now() - t0) / 1000).toFixed(3)}`);
const logs = timed('log', (a) => base.log(a));
for (let i = 0; i < Math.min(count, CHECK); i++) {
  if (nimPow(g, logs[i]!) !== values[i]) throw new Error(`log of ${values[i]} is wrong: ${logs[i]}`);
}
console.log(`     checked g^log(a) = a for the first ${Math.min(count, CHECK)}`);
