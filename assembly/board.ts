// Line games (Wythoff, the rook) as WebAssembly with SIMD: the algorithm of
// src/board/line-games.ts (computeRowsPipelined on one thread), cell for cell, over one memory
// that src/kernels/wasm/line-games-wasm.ts lays out. Compiled by `npm run asbuild` into
// dist/wasm/board.wasm.
//
// Why WebAssembly: the scan for the first value in none of the row, column and diagonal bitsets
// runs about 0.2 n bits past the largest mex; the JavaScript kernel ORs three 32-bit words a
// step, this one three 128-bit vectors, and a whole 512-bit block (12 loads, one test) once the
// scan reaches a block boundary.
//
// Layout (byte addresses, all 64-aligned): S and D are block-major bitsets (the 64-byte block b
// of line i at ((b n) + i) 64), R the contiguous copy of the current row's line, Z 64 zero bytes
// that stand for the diagonals of the rook, mexS and mexD Int32 per line, G the Uint16 values of
// the packed upper triangle (row x from x n - x (x - 1) / 2).

const IDX: v128 = i32x4(0, 1, 2, 3);

/** The smallest value >= v not in line i of a block-major bitset (n = 1, i = 0: the row copy). */
// @ts-ignore: decorator
@inline
function nextFree(bits: usize, n: i32, i: i32, v: i32): i32 {
  let w = load<i32>(bits + ((<usize>((v >>> 9) * n + i) << 6) + (<usize>((v >>> 5) & 15) << 2)));
  w |= (1 << (v & 31)) - 1;
  while (w == -1) {
    v = (v | 31) + 1;
    w = load<i32>(bits + ((<usize>((v >>> 9) * n + i) << 6) + (<usize>((v >>> 5) & 15) << 2)));
  }
  return (v & ~31) + ctz(~w);
}

/** The first clear bit of a 128-bit chunk known to have one. */
// @ts-ignore: decorator
@inline
function firstClear(u: v128): i32 {
  const lo = ~i64x2.extract_lane(u, 0);
  if (lo != 0) return <i32>ctz(lo);
  return 64 + <i32>ctz(~i64x2.extract_lane(u, 1));
}

/**
 * The smallest v >= st in none of R, line y of S and line d of D (dStride 0 and D = Z: no
 * diagonal): the chunks left in st's block one by one, then whole blocks.
 */
// @ts-ignore: decorator
@inline
function scan(R: usize, S: usize, D: usize, n: i32, dStride: i32, y: i32, d: i32, st: i32): i32 {
  let blk = st >>> 9;
  let r = R + (<usize>blk << 6);
  let s = S + (<usize>(blk * n + y) << 6);
  let e = D + (<usize>(blk * dStride + d) << 6);
  // bits below st in its chunk count as taken
  const w = i32x4.splat((st >>> 5) & 3);
  let m = v128.or(i32x4.lt_s(IDX, w), v128.and(i32x4.eq(IDX, w), i32x4.splat((1 << (st & 31)) - 1)));
  for (let j = (st >>> 7) & 3; j < 4; j++) {
    const o = <usize>j << 4;
    const u = v128.or(v128.or(v128.load(r + o), v128.load(s + o)), v128.or(v128.load(e + o), m));
    if (v128.any_true(v128.not(u))) return (blk << 9) + (j << 7) + firstClear(u);
    m = i32x4.splat(0);
  }
  const sStep = <usize>n << 6;
  const dStep = <usize>dStride << 6;
  while (true) {
    blk++;
    r += 64;
    s += sStep;
    e += dStep;
    const u0 = v128.or(v128.or(v128.load(r), v128.load(s)), v128.load(e));
    const u1 = v128.or(v128.or(v128.load(r, 16), v128.load(s, 16)), v128.load(e, 16));
    const u2 = v128.or(v128.or(v128.load(r, 32), v128.load(s, 32)), v128.load(e, 32));
    const u3 = v128.or(v128.or(v128.load(r, 48), v128.load(s, 48)), v128.load(e, 48));
    if (v128.any_true(v128.not(v128.and(v128.and(u0, u1), v128.and(u2, u3))))) {
      const base = blk << 9;
      if (v128.any_true(v128.not(u0))) return base + firstClear(u0);
      if (v128.any_true(v128.not(u1))) return base + 128 + firstClear(u1);
      if (v128.any_true(v128.not(u2))) return base + 256 + firstClear(u2);
      return base + 384 + firstClear(u3);
    }
  }
  return -1; // not reached: a line holds fewer values than its bits
}

// @ts-ignore: decorator
@inline
function setBit(bits: usize, n: i32, i: i32, v: i32): void {
  const a = bits + ((<usize>((v >>> 9) * n + i) << 6) + (<usize>((v >>> 5) & 15) << 2));
  store<i32>(a, load<i32>(a) | (1 << (v & 31)));
}

/** Rows x0 .. x1 - 1 (cells y >= x), after the rows before x0: see the layout above. */
export function lineRows(
  n: i32,
  diagonal: i32,
  blocks: i32,
  S: usize,
  D: usize,
  Z: usize,
  mexS: usize,
  mexD: usize,
  R: usize,
  G: usize,
  x0: i32,
  x1: i32,
): void {
  const Dz = diagonal ? D : Z;
  const dStride = diagonal ? n : 0;
  for (let x = x0; x < x1; x++) {
    for (let b = 0; b < blocks; b++) {
      memory.copy(R + (<usize>b << 6), S + (<usize>(b * n + x) << 6), 64);
    }
    let mx = load<i32>(mexS + (<usize>x << 2));
    const rowBase = G + ((<usize>(x * n - (x * (x - 1)) / 2 - x)) << 1);
    for (let y = x; y < n; y++) {
      const d = diagonal ? y - x : 0;
      const ms = load<i32>(mexS + (<usize>y << 2));
      const md = diagonal ? load<i32>(mexD + (<usize>d << 2)) : 0;
      let st = mx > ms ? mx : ms;
      if (md > st) st = md;
      const v = scan(R, S, Dz, n, dStride, y, d, st);
      store<u16>(rowBase + (<usize>y << 1), <u16>v);
      const ra = R + (<usize>(v >>> 5) << 2);
      store<i32>(ra, load<i32>(ra) | (1 << (v & 31)));
      if (y != x) setBit(S, n, y, v);
      if (diagonal) setBit(D, n, d, v);
      if (v == mx) mx = nextFree(R, 1, 0, v);
      if (y != x && v == ms) store<i32>(mexS + (<usize>y << 2), nextFree(S, n, y, v));
      if (diagonal && v == md) store<i32>(mexD + (<usize>d << 2), nextFree(D, n, d, v));
    }
    store<i32>(mexS + (<usize>x << 2), mx);
  }
}

// Step games (src/board/step-games.ts, cell for cell): the upper triangle of the king and of the
// knight on the n x n board at G as the store keeps it (src/store/codec.ts packInto): row x of
// n - x values from a byte of its own, 2 bits a value for the king (values <= 3) and 4 for the
// knight (values <= 4), low bits first. Both return the OR of the one-hot values: the largest
// value is its top bit.

/**
 * King, row by row: each cell ORs the one-hot values above, above-left and left. Rows are built
 * a byte a value in two row buffers at A and B (n bytes each), then packed.
 */
export function kingUpper(n: i32, A: usize, B: usize, G: usize): i32 {
  let prev = A;
  let cur = B;
  let out = G;
  let seen: i32 = 0;
  for (let x = 0; x < n; x++) {
    const len = <usize>(n - x);
    let left: i32 = 0;
    if (x == 0) {
      for (let i: usize = 0; i < len; i++) {
        const o = ~left & (left + 1);
        store<u8>(cur + i, <u8>ctz(o));
        left = o;
        seen |= o;
      }
    } else {
      // prev holds g(x - 1, x - 1 ..): g(x - 1, y) at prev + y - x + 1
      let upLeft: i32 = 1 << load<u8>(prev);
      for (let i: usize = 0; i < len; i++) {
        const u: i32 = 1 << load<u8>(prev + i + 1);
        const m = u | upLeft | left;
        const o = ~m & (m + 1);
        store<u8>(cur + i, <u8>ctz(o));
        left = o;
        upLeft = u;
        seen |= o;
      }
    }
    let i: usize = 0;
    for (; i + 4 <= len; i += 4) {
      const w = load<u32>(cur + i);
      store<u8>(out++, <u8>((w & 3) | ((w >>> 6) & 12) | ((w >>> 12) & 48) | ((w >>> 18) & 192)));
    }
    if (i < len) {
      let last: i32 = 0;
      for (let k = 0; i < len; i++, k += 2) last |= <i32>load<u8>(cur + i) << k;
      store<u8>(out++, <u8>last);
    }
    const t = prev;
    prev = cur;
    cur = t;
  }
  return seen;
}

/**
 * Knight, by anti-diagonals s = x + y (every move lowers s by 1 or 3): a ring of RING
 * diagonals of L = n + 32 one-hot bytes (16 of padding each side, 0 = off the board) at R,
 * g(x, s - x) at slot + 16 + x. Each diagonal is computed for x <= y, 16 cells a step, then
 * mirrored; every BATCH diagonals are written into the triangle's rows 64 rows at a time.
 * G must be zeroed: values are ORed in, a nibble each.
 */
export function knightUpper(n: i32, R: usize, G: usize): i32 {
  const RING = 128;
  const BATCH = 64;
  const PAD = 16;
  const L = n + 2 * PAD;
  const one = i8x16.splat(1);
  const last = 2 * n - 1;
  // Row x starts at byte C(n) - C(n - x), C(m) = sum of ceil(k / 2) for k <= m = (m + 1)^2 / 4.
  const Cn = (<i64>(n + 1) * <i64>(n + 1)) >> 2;
  let seen = i8x16.splat(0);
  for (let b0 = 0; b0 < last; b0 += BATCH) {
    const b1 = min(last, b0 + BATCH);
    for (let s = b0; s < b1; s++) {
      const cur = R + <usize>((s & (RING - 1)) * L + PAD);
      const m1 = R + <usize>(((s - 1) & (RING - 1)) * L + PAD);
      const m3 = R + <usize>(((s - 3) & (RING - 1)) * L + PAD);
      memory.fill(cur - PAD, 0, <usize>L); // this slot held diagonal s - RING
      const xa = max(0, s - (n - 1));
      const xm = s >>> 1;
      // Lanes past xm compute garbage; the mirror below overwrites them, and every write stays
      // inside the slot (xm + 16 <= n + PAD).
      for (let x = xa; x <= xm; x += 16) {
        const a = <usize>x;
        // (x-2, y-1), (x-1, y-2) on s - 3; (x-2, y+1), (x+1, y-2) on s - 1
        const m = v128.or(
          v128.or(v128.load(m3 + a - 2), v128.load(m3 + a - 1)),
          v128.or(v128.load(m1 + a - 2), v128.load(m1 + a + 1)),
        );
        v128.store(cur + a, v128.andnot(i8x16.add(m, one), m));
      }
      const xb = min(s, n - 1);
      for (let x = xm + 1; x <= xb; x++) store<u8>(cur + <usize>x, load<u8>(cur + <usize>(s - x)));
      // Lanes past xb (off the board) must read as 0 for the next diagonals.
      memory.fill(cur + <usize>(xb + 1), 0, <usize>(n + PAD - xb - 1));
      for (let x = xa; x <= xm; x += 16) seen = v128.or(seen, v128.load(cur + <usize>x));
    }
    for (let xt = max(0, b0 - (n - 1)); xt < n && 2 * xt < b1; xt += 64) {
      const xe = min(n, xt + 64);
      for (let x = xt; x < xe; x++) {
        const sa = max(b0, 2 * x);
        const sb = min(b1 - 1, x + n - 1);
        const m = <i64>(n - x + 1);
        const row = G + <usize>(Cn - ((m * m) >> 2));
        for (let s = sa; s <= sb; s++) {
          const o = load<u8>(R + <usize>((s & (RING - 1)) * L + PAD + x));
          const i = s - 2 * x;
          const a = row + <usize>(i >>> 1);
          store<u8>(a, load<u8>(a) | (<u8>ctz(<i32>o) << <u8>((i & 1) << 2)));
        }
      }
    }
  }
  // Every lane read above was a cell's value (mirrored) or 0 (off the board): fold the 16 bytes.
  let v = i64x2.extract_lane(seen, 0) | i64x2.extract_lane(seen, 1);
  v |= v >>> 32;
  v |= v >>> 16;
  v |= v >>> 8;
  return <i32>(v & 0xff);
}
