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
