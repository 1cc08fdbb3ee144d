/**
 * The gang's schedule at its widest, for tests that drive a gang's phases in one thread: tiles of
 * `tile` heaps each, every member's gather as far behind as src/gang/member.ts allows (members - 1
 * tiles between its frozen bound and its tile, each held by another member).
 */

/** The heaps [start, end) of tile j of the chunk [lo, hi). */
export function tileRange(lo: number, hi: number, tile: number, j: number): [number, number] {
  const s = lo + j * tile;
  return [s, Math.min(hi, s + tile)];
}

/** The lowest frozen bound tile j can be gathered with: the start of S_(j - members + 1), or lo. */
export function frozenBound(lo: number, tile: number, members: number, j: number): number {
  return j - members + 1 <= 0 ? lo : lo + (j - members + 1) * tile;
}
