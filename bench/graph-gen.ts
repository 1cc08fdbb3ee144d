import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * The random game graphs of the C reference's generator (anchors graph_gen.py), same stream:
 * r_k = splitmix64(seed + k * 0x9E3779B97F4A7C15) mod 2^64, edge i from r_{2i+1}, r_{2i+2}
 * (k from 1), a value in [0, N) as ((r >> 32) * N) >> 32. DAG edges join a uniform pair of
 * distinct vertices high -> low; with back = F each is reversed when (r mod 2^32) < F * 2^32.
 * 64-bit words are (hi, lo) pairs of uint32, multiplied in 16-bit pieces (BigInt is ~50x slower).
 */
const GAMMA_HI = 0x9e3779b9;
const GAMMA_LO = 0x7f4a7c15;
const M1_HI = 0xbf58476d;
const M1_LO = 0x1ce4e5b9;
const M2_HI = 0x94d049bb;
const M2_LO = 0x133111eb;
const TWO32 = 4294967296;

let rh = 0;
let rl = 0;

/** (h, l) * (bh, bl) mod 2^64 into (rh, rl). */
function mul64(h: number, l: number, bh: number, bl: number): void {
  const a0 = l & 0xffff;
  const a1 = l >>> 16;
  const b0 = bl & 0xffff;
  const b1 = bl >>> 16;
  const mid = a0 * b1 + a1 * b0;
  const low = a0 * b0 + (mid % 65536) * 65536;
  rl = low >>> 0;
  rh = (a1 * b1 + Math.floor(mid / 65536) + Math.floor(low / TWO32) + Math.imul(h, bl) + Math.imul(l, bh)) >>> 0;
}

/** splitmix64's finalizer of (h, l) into (rh, rl). */
function mix(h: number, l: number): void {
  l = (l ^ ((l >>> 30) | (h << 2))) >>> 0;
  h = (h ^ (h >>> 30)) >>> 0;
  mul64(h, l, M1_HI, M1_LO);
  h = rh;
  l = rl;
  l = (l ^ ((l >>> 27) | (h << 5))) >>> 0;
  h = (h ^ (h >>> 27)) >>> 0;
  mul64(h, l, M2_HI, M2_LO);
  h = rh;
  l = rl;
  rl = (l ^ ((l >>> 31) | (h << 1))) >>> 0;
  rh = (h ^ (h >>> 31)) >>> 0;
}

export interface GenOptions {
  readonly n: number;
  readonly m: number;
  readonly seed: number;
  /** Reversal probability of the DAG edges (0: the DAG itself). */
  readonly back: number;
}

/** Writes the graph in the counted format ("n m" then m lines "u v") to path. */
export function writeRandomGraph(path: string, o: GenOptions): void {
  const { n, m, seed, back } = o;
  if (n < 2 || n >= 2 ** 21) throw new RangeError('need 2 <= n < 2^21 (exact double products)');
  const threshold = Math.floor(back * TWO32);
  let zh = Math.floor(seed / TWO32) >>> 0;
  let zl = seed >>> 0;
  const step = (): void => {
    const s = zl + GAMMA_LO;
    zl = s >>> 0;
    zh = (zh + GAMMA_HI + (s >= TWO32 ? 1 : 0)) >>> 0;
  };
  const fd = openSync(path, 'w');
  const buf = Buffer.allocUnsafe(1 << 20);
  let at = buf.write(`${n} ${m}\n`, 0, 'latin1');
  const digits = new Uint8Array(12);
  const put = (x: number, end: number): void => {
    let k = 0;
    do {
      digits[k++] = 48 + (x % 10);
      x = Math.floor(x / 10);
    } while (x > 0);
    while (k > 0) buf[at++] = digits[--k]!;
    buf[at++] = end;
  };
  for (let i = 0; i < m; i++) {
    step();
    mix(zh, zl);
    const h1 = rh;
    const l1 = rl;
    step();
    mix(zh, zl);
    const a = Math.floor((h1 * n) / TWO32);
    let b = Math.floor((rh * (n - 1)) / TWO32);
    if (b >= a) b++;
    let u = a > b ? a : b;
    let v = a > b ? b : a;
    if (l1 < threshold) [u, v] = [v, u];
    if (at > buf.length - 32) {
      writeSync(fd, buf, 0, at);
      at = 0;
    }
    put(u, 32);
    put(v, 10);
  }
  writeSync(fd, buf, 0, at);
  closeSync(fd);
}
