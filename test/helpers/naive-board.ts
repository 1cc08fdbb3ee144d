/**
 * Naive twins of the 2-D games: every option listed explicitly, g = mex of the option values,
 * cells in order of x + y. Independent of src/board and src/games (nothing imported from there).
 */
export type NaiveMoves = (x: number, y: number) => [number, number][];

export function naiveBoard(n: number, moves: NaiveMoves): number[][] {
  const g: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(-1));
  for (let d = 0; d <= 2 * (n - 1); d++) {
    for (let x = Math.max(0, d - n + 1); x <= Math.min(d, n - 1); x++) {
      const y = d - x;
      const seen = new Set<number>();
      for (const [a, b] of moves(x, y)) seen.add(g[a]![b]!);
      let v = 0;
      while (seen.has(v)) v++;
      g[x]![y] = v;
    }
  }
  return g;
}

export const wythoffMoves: NaiveMoves = (x, y) => {
  const out: [number, number][] = [];
  for (let k = 1; k <= x; k++) out.push([x - k, y]);
  for (let k = 1; k <= y; k++) out.push([x, y - k]);
  for (let k = 1; k <= Math.min(x, y); k++) out.push([x - k, y - k]);
  return out;
};

export const rookMoves: NaiveMoves = (x, y) => wythoffMoves(x, y).filter(([a, b]) => a === x || b === y);

export const kingMoves: NaiveMoves = (x, y) =>
  (
    [
      [x - 1, y],
      [x, y - 1],
      [x - 1, y - 1],
    ] as [number, number][]
  ).filter(([a, b]) => a >= 0 && b >= 0);

export function knightMoves(n: number): NaiveMoves {
  return (x, y) =>
    (
      [
        [x - 2, y - 1],
        [x - 2, y + 1],
        [x - 1, y - 2],
        [x + 1, y - 2],
      ] as [number, number][]
    ).filter(([a, b]) => a >= 0 && b >= 0 && a < n && b < n);
}

/** A subtraction game's values g(0..n-1), naively. */
export function naiveSubtraction(n: number, set: readonly number[]): number[] {
  const g: number[] = [];
  for (let h = 0; h < n; h++) {
    const seen = new Set(set.filter((s) => s <= h).map((s) => g[h - s]!));
    let v = 0;
    while (seen.has(v)) v++;
    g.push(v);
  }
  return g;
}

/**
 * The coin-turning product of two subtraction games by its own moves: a move turns
 * {x, x - s} x {y, y - t} (or fewer coins when a part is the whole heap), g = mex of the XORs.
 */
export function naiveProduct(n: number, s1: readonly number[], s2: readonly number[]): number[][] {
  const g: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const turns = (h: number, set: readonly number[]): number[][] =>
    set.filter((s) => s <= h).map((s) => (s === h ? [h] : [h, h - s]));
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) {
      const seen = new Set<number>();
      for (const a of turns(x, s1)) {
        for (const b of turns(y, s2)) {
          let v = 0;
          for (const i of a) for (const j of b) if (i !== x || j !== y) v ^= g[i]![j]!;
          seen.add(v);
        }
      }
      let v = 0;
      while (seen.has(v)) v++;
      g[x]![y] = v;
    }
  }
  return g;
}
