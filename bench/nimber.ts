/**
 * Nim multiplication of 10^7 (or COUNT) seeded random 64-bit pairs: products per second of the
 * batch kernel (src/nimber/fast.ts), and the xor of all products as a checksum. With the C
 * reference programs built (ANCHORS=DIR or a second argument), runs `nimber bench COUNT SEED tab8`
 * in the same run and compares checksums and speed.
 *
 *   node dist/bench/nimber.js [COUNT] [ANCHORS_DIR] [SEED]
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { nimMulMany } from '../src/nimber/fast.js';
import { splitMix64Pairs } from './splitmix64.js';

const count = Number(process.argv[2] ?? 1e7);
const anchors = process.argv[3] ?? process.env.ANCHORS;
const seed = BigInt(process.argv[4] ?? 1);

function pairs(n: number): { aHi: Uint32Array; aLo: Uint32Array; bHi: Uint32Array; bLo: Uint32Array } {
  const aHi = new Uint32Array(n);
  const aLo = new Uint32Array(n);
  const bHi = new Uint32Array(n);
  const bLo = new Uint32Array(n);
  splitMix64Pairs(seed, aHi, aLo, bHi, bLo);
  return { aHi, aLo, bHi, bLo };
}

const t0 = performance.now();
const { aHi, aLo, bHi, bLo } = pairs(count);
const tGen = performance.now() - t0;
const outHi = new Uint32Array(count);
const outLo = new Uint32Array(count);
// Touch the outputs first: the first write to a fresh page is a page fault, not nim multiplication.
outHi.fill(1);
outLo.fill(1);
// Warm-up on a prefix so the timed run is the optimised kernel (V8 tiers up in steps).
for (const n of [10_000, 100_000, 1_000_000]) nimMulMany(aHi, aLo, bHi, bLo, outHi, outLo, Math.min(count, n));
const t1 = performance.now();
nimMulMany(aHi, aLo, bHi, bLo, outHi, outLo, count);
const tMul = performance.now() - t1;
let xh = 0;
let xl = 0;
for (let i = 0; i < count; i++) {
  xh ^= outHi[i]!;
  xl ^= outLo[i]!;
}
const checksum = ((BigInt(xh >>> 0) << 32n) | BigInt(xl >>> 0)).toString();
const rate = count / (tMul / 1000);
console.log(
  `ts   nimber_mul count=${count} seed=${seed} xor=${checksum} time_s=${(tMul / 1000).toFixed(3)} ` +
    `products/s=${(rate / 1e6).toFixed(1)}M (generator ${(tGen / 1000).toFixed(3)} s, not counted)`,
);
if (anchors) {
  const program = join(anchors, 'nimber');
  if (!existsSync(program)) throw new Error(`${program} is missing: build the C reference programs there`);
  for (const variant of ['tab8', 'kara', 'clmul']) {
    const out = execFileSync(program, ['bench', String(count), String(seed), variant], { encoding: 'utf8' });
    const xor = /xor=(\d+)/.exec(out)?.[1];
    const secs = Number(/time_s=([\d.]+)/.exec(out)?.[1]);
    console.log(
      `c    nimber_mul variant=${variant} xor=${xor} time_s=${secs.toFixed(3)} ` +
        `checksum ${xor === checksum ? 'equal' : 'DIFFERENT'}; ts/c time ratio ${(tMul / 1000 / secs).toFixed(2)}`,
    );
  }
}
