/**
 * The naive twin of coin-turning games (Winning Ways, ch. 14): rows of coins 1..L as bit masks
 * (bit i - 1 = a head on coin i), every move listed from the rules as read here, and g of a
 * whole row by a memoised mex over its moves. No theorem is used: not the nim-sum of heads,
 * not a closed form, not Tartan's product.
 */
export interface NaiveCoinRules {
  /** May a move turn c coins in all (the head going to tails included)? */
  readonly allows: (c: number) => boolean;
  readonly consecutive: boolean;
}

/** The coin sets a move from a head on coin n turns (n included), as bit masks over coins 1..n. */
export function coinMoves(rules: NaiveCoinRules, n: number): number[] {
  const out: number[] = [];
  const head = 1 << (n - 1);
  if (rules.consecutive) {
    for (let c = 1; c <= n; c++) {
      if (!rules.allows(c)) continue;
      let mask = 0;
      for (let m = n - c + 1; m <= n; m++) mask |= 1 << (m - 1);
      out.push(mask);
    }
    return out;
  }
  // Every subset of the coins left of n.
  for (let sub = 0; sub < head; sub++) {
    let bits = 0;
    for (let x = sub; x; x &= x - 1) bits++;
    if (rules.allows(bits + 1)) out.push(sub | head);
  }
  return out;
}

/** g of every row of L coins, by explicit search (a move needs a head where the set's rightmost coin is). */
export function rowValues(rules: NaiveCoinRules, L: number): Int32Array {
  const moves = Array.from({ length: L + 1 }, (_, n) => (n === 0 ? [] : coinMoves(rules, n)));
  const g = new Int32Array(1 << L);
  for (let row = 1; row < 1 << L; row++) {
    const seen = new Set<number>();
    for (let n = 1; n <= L; n++) {
      if (!(row & (1 << (n - 1)))) continue;
      for (const set of moves[n]!) seen.add(g[row ^ set]!);
    }
    let v = 0;
    while (seen.has(v)) v++;
    g[row] = v;
  }
  return g;
}

/**
 * g of every position of the product game on coins (1..X) x (1..Y), by explicit search: a move
 * turns S1 x S2, S1 a move of the first game whose rightmost coin is x, S2 one of the second whose
 * rightmost is y, (x, y) a head. Cells are bit x-1 + X(y-1) of the mask.
 */
export function productValues(a: NaiveCoinRules, b: NaiveCoinRules, X: number, Y: number): Int32Array {
  const cellBit = (x: number, y: number): number => 1 << (x - 1 + X * (y - 1));
  const sets = (r: NaiveCoinRules, n: number): number[][] =>
    coinMoves(r, n).map((mask) => {
      const coins: number[] = [];
      for (let i = 1; i <= n; i++) if (mask & (1 << (i - 1))) coins.push(i);
      return coins;
    });
  const moves: number[][] = [];
  for (let y = 1; y <= Y; y++) {
    for (let x = 1; x <= X; x++) {
      const list: number[] = [];
      for (const s1 of sets(a, x))
        for (const s2 of sets(b, y)) {
          let mask = 0;
          for (const i of s1) for (const j of s2) mask ^= cellBit(i, j);
          list.push(mask);
        }
      moves[x - 1 + X * (y - 1)] = list;
    }
  }
  const size = 1 << (X * Y);
  const g = new Int32Array(size);
  for (let pos = 1; pos < size; pos++) {
    const seen = new Set<number>();
    for (let c = 0; c < X * Y; c++) if (pos & (1 << c)) for (const m of moves[c]!) seen.add(g[pos ^ m]!);
    let v = 0;
    while (seen.has(v)) v++;
    g[pos] = v;
  }
  return g;
}
