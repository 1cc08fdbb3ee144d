// The subtraction gang's tile kernel (src/kernels/wasm/subtract-blocked.ts describes the phases,
// the memory layout and why WebAssembly): gather and finish for a Uint8 table (gather1, finish1)
// and a Uint16 one (gather2, finish2), plus gathers without the touches of the runs ahead
// (gather1Plain, gather2Plain: bench/gather.ts). Compiled by `npm run asbuild` into
// dist/wasm/subtract.wasm, importing the gang's one shared memory.
//
// Every address and heap is unsigned. Nothing here is static data: a data segment would be
// copied over the shared memory's low bytes (the control block) by every member's instantiation.

/** Control block slots (src/kernels/gang-control.ts GANG.ELEMS, GANG.G), in bytes. */
const ELEMS_AT: u32 = 12 << 2;
const G_AT: u32 = 13 << 2;
const ONES: u64 = 0x0101010101010101;
/** Every PREFETCH_AHEAD elements, touch the runs of the elements PREFETCH_AHEAD to 2 PREFETCH_AHEAD - 1 on. */
const PREFETCH_AHEAD: u32 = 8;
const LINE: u32 = 64;

// @ts-ignore: decorator
@inline
function gAt<T>(G: u32, heap: u32): u32 {
  return G + (heap << alignof<T>());
}

// @ts-ignore: decorator
@inline
function minU(a: u32, b: u32): u32 {
  return select<u32>(a, b, a < b);
}

// @ts-ignore: decorator
@inline
function maxU(a: u32, b: u32): u32 {
  return select<u32>(a, b, a > b);
}

/** One byte of every line of the runs of elements i + 8 .. i + 15 (the list ends with SENTINELs >= e). */
// @ts-ignore: decorator
@inline
function touchAhead<T>(elems: u32, G: u32, i: u32, s: u32, e: u32, F: u32): void {
  let j = i + PREFETCH_AHEAD;
  const jend = j + PREFETCH_AHEAD;
  let x: u32;
  while (j < jend && (x = load<u32>(elems + (j << 2))) < e) {
    const from = maxU(s, x);
    const to = minU(F + x, e);
    if (from < to) {
      let src = gAt<T>(G, from - x);
      const end = gAt<T>(G, to - x);
      while (src < end) {
        // A load kept for its effect on the caches (WebAssembly has no prefetch).
        load<u8>(src);
        src += LINE;
      }
    }
    j++;
  }
}

/**
 * rows (e - s heaps of V bytes, cleared here) get a 1 at every value of an option n - x < F of
 * a heap n in [s, e). Every such value is below V - 1.
 */
// @ts-ignore: decorator
@inline
function gather<T>(s: u32, e: u32, F: u32, V: u32, rows: u32, touch: bool): void {
  const elems = load<u32>(ELEMS_AT);
  const G = load<u32>(G_AT);
  const B: u32 = sizeof<T>();
  memory.fill(rows, 0, (e - s) * V);
  let i: u32 = 0;
  let el: u32;
  // No count check: the list ends with SENTINEL.
  while ((el = load<u32>(elems + (i << 2))) < e) {
    if (touch && (i & (PREFETCH_AHEAD - 1)) == 0) touchAhead<T>(elems, G, i, s, e, F);
    // Heaps n in [s, e) with 0 <= n - x < F: one contiguous run of g per element.
    const from = maxU(s, el);
    const to = minU(F + el, e);
    if (from < to) {
      let src = gAt<T>(G, from - el);
      const end = gAt<T>(G, to - el);
      let row = rows + (from - s) * V;
      // Four heaps a turn: four loads, four stores.
      while (src + 4 * B <= end) {
        store<u8>(row + <u32>load<T>(src), 1);
        store<u8>(row + V + <u32>load<T>(src, B), 1);
        store<u8>(row + (V << 1) + <u32>load<T>(src, 2 * B), 1);
        store<u8>(row + V * 3 + <u32>load<T>(src, 3 * B), 1);
        row += V << 2;
        src += 4 * B;
      }
      while (src < end) {
        store<u8>(row + <u32>load<T>(src), 1);
        row += V;
        src += B;
      }
    }
    i++;
  }
}

/**
 * In order, per heap n of [s, e): mark the options in [F, n), take the mex, store g[n]. Returns
 * the largest value stored, or -(k + 1) when heap s + k has a mex >= vmax - 1 (written to
 * scratch + 4; nothing stored from that heap on). scratch: a stamp counter, then at scratch + 64
 * vmax Int32 stamps for exact mexes.
 */
// @ts-ignore: decorator
@inline
function finish<T>(s: u32, e: u32, F: u32, V: u32, rows: u32, scratch: u32, vmax: u32): i32 {
  const elems = load<u32>(ELEMS_AT);
  const G = load<u32>(G_AT);
  const stamps = scratch + 64;
  let top: u32 = 0;
  for (let n = s; n < e; n++) {
    const row = rows + (n - s) * V;
    let bad = false;
    let i: u32 = 0;
    let el: u32;
    let v: u32;
    // Options in [F, n): elements x <= n - F. Their values may be new maxima, past the row.
    while ((el = load<u32>(elems + (i << 2))) <= n - F) {
      v = <u32>load<T>(gAt<T>(G, n - el));
      if (v >= V - 1) bad = true;
      else store<u8>(row + v, 1);
      i++;
    }
    // The first zero byte, eight at a time; byte V - 1 is never set, so the scan stays in the row.
    v = 0;
    while (load<u64>(row + v) == ONES) v += 8;
    while (load<u8>(row + v) != 0) v++;
    // Without a value past the row, the row holds every option: its first zero is the mex.
    if (bad) {
      // The mex over every option of heap n, with stamps (option values are below vmax - 1).
      const c = load<i32>(scratch) + 1;
      store<i32>(scratch, c);
      i = 0;
      while ((el = load<u32>(elems + (i << 2))) <= n) {
        store<i32>(stamps + (<u32>load<T>(gAt<T>(G, n - el)) << 2), c);
        i++;
      }
      v = 0;
      while (load<i32>(stamps + (v << 2)) == c) v++;
    }
    if (v >= vmax - 1) {
      store<u32>(scratch, v, 4);
      return -1 - <i32>(n - s);
    }
    store<T>(gAt<T>(G, n), <T>v);
    if (v > top) top = v;
  }
  return <i32>top;
}

export function gather1(s: u32, e: u32, F: u32, V: u32, rows: u32): void {
  gather<u8>(s, e, F, V, rows, true);
}

export function finish1(s: u32, e: u32, F: u32, V: u32, rows: u32, scratch: u32, vmax: u32): i32 {
  return finish<u8>(s, e, F, V, rows, scratch, vmax);
}

export function gather2(s: u32, e: u32, F: u32, V: u32, rows: u32): void {
  gather<u16>(s, e, F, V, rows, true);
}

export function finish2(s: u32, e: u32, F: u32, V: u32, rows: u32, scratch: u32, vmax: u32): i32 {
  return finish<u16>(s, e, F, V, rows, scratch, vmax);
}

export function gather1Plain(s: u32, e: u32, F: u32, V: u32, rows: u32): void {
  gather<u8>(s, e, F, V, rows, false);
}

export function gather2Plain(s: u32, e: u32, F: u32, V: u32, rows: u32): void {
  gather<u16>(s, e, F, V, rows, false);
}
