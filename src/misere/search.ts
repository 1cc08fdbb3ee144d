/**
 * Exact misère play of a sum by memoised search over canonical positions (Conway, On Numbers and
 * Games ch. 12). A position is a multiset of items (numbers the caller chooses: heaps, cells,
 * vertices); a move replaces one item by the items its option leaves. Items with no options are
 * dropped, since they never move (a sum is terminal when every item is), and the rest are sorted:
 * every order of the same multiset is one position. Misère: the player who cannot move wins.
 * Pure and synchronous; games with cycles go to loopy-sum.ts instead.
 */

/** The moves of one item: each option is the list of items it leaves (empty: the item is gone). */
export type ItemOptions = (item: number) => Iterable<readonly number[]>;

/** The search stored `budget` positions without an answer: the caller refuses in its own words. */
export class MisereBudgetError extends Error {
  constructor(readonly budget: number) {
    super(`the misère search needs more than ${budget} positions`);
    this.name = 'MisereBudgetError';
  }
}

/** Default bound on stored positions: a few seconds of search (bench/NOTES.md), some 100 MB of memo. */
export const DEFAULT_MISERE_BUDGET = 500_000;

/** A move of a position: the index of the item moved (in the canonical position) and what it leaves. */
export interface ItemMove {
  readonly index: number;
  readonly item: number;
  /** What the move leaves in place of the item, as the game lists it (items that cannot move included). */
  readonly leaves: readonly number[];
  /** The canonical position after the move. */
  readonly next: readonly number[];
}

/** One option of an item: the items it leaves as the game lists them, and without the dead ones, sorted. */
export interface ItemOption {
  readonly leaves: readonly number[];
  readonly canonical: readonly number[];
}

interface Frame {
  readonly key: string;
  readonly moves: Iterator<ItemMove>;
  /** The child whose answer this frame waits for. */
  pending: string | null;
  /** Some move was seen: the position is not terminal. */
  moved: boolean;
}

export class MisereSearch {
  private readonly optionCache = new Map<number, readonly ItemOption[]>();
  private readonly liveCache = new Map<number, boolean>();
  /** Whether the player to move wins (misère), by canonical key. */
  private readonly wins = new Map<string, boolean>();
  /** Misère Grundy values (mex of the options', 1 at a terminal position), by canonical key. */
  private readonly values = new Map<string, number>();

  constructor(
    private readonly itemOptions: ItemOptions,
    readonly budget: number = DEFAULT_MISERE_BUDGET,
  ) {}

  /** Positions stored so far (both memos). */
  get size(): number {
    return this.wins.size + this.values.size;
  }

  /** The canonical form of a multiset of items: items that cannot move dropped, the rest sorted. */
  canonical(items: readonly number[]): number[] {
    return items.filter((i) => this.isLive(i)).sort((a, b) => a - b);
  }

  /** Whether an item has a move at all (looks at its first option only: no recursion). */
  isLive(item: number): boolean {
    let live = this.liveCache.get(item);
    if (live === undefined) {
      live = this.itemOptions(item)[Symbol.iterator]().next().done !== true;
      this.liveCache.set(item, live);
    }
    return live;
  }

  /** The options of one item: what each leaves, as the game lists it and canonical. */
  optionsOf(item: number): readonly ItemOption[] {
    let list = this.optionCache.get(item);
    if (list === undefined) {
      list = Array.from(this.itemOptions(item), (o) => ({ leaves: [...o], canonical: this.canonical(o) }));
      this.optionCache.set(item, list);
    }
    return list;
  }

  /** Every move of a canonical position, in a fixed order (item by item, options in the game's order). */
  *moves(position: readonly number[]): Generator<ItemMove> {
    for (let i = 0; i < position.length; i++) {
      if (i > 0 && position[i] === position[i - 1]) continue; // equal items: equal moves
      const item = position[i]!;
      for (const { leaves, canonical } of this.optionsOf(item)) {
        yield { index: i, item, leaves, next: mergeWithout(position, i, canonical) };
      }
    }
  }

  /** Whether the player to move wins the canonical position under misère play. */
  winsMisere(position: readonly number[]): boolean {
    const rootKey = positionKey(position);
    const known = this.wins.get(rootKey);
    if (known !== undefined) return known;
    const stack: Frame[] = [{ key: rootKey, moves: this.moves(position), pending: null, moved: false }];
    while (stack.length > 0) {
      const f = stack[stack.length - 1]!;
      if (f.pending !== null) {
        const child = this.wins.get(f.pending)!;
        f.pending = null;
        if (!child) {
          this.settleWin(f.key, true);
          stack.pop();
          continue;
        }
      }
      let pushed = false;
      for (let step = f.moves.next(); !step.done; step = f.moves.next()) {
        f.moved = true;
        const key = positionKey(step.value.next);
        const r = this.wins.get(key);
        if (r === false) {
          this.settleWin(f.key, true);
          stack.pop();
          pushed = true;
          break;
        }
        if (r === undefined) {
          f.pending = key;
          stack.push({ key, moves: this.moves(step.value.next), pending: null, moved: false });
          pushed = true;
          break;
        }
      }
      if (pushed) continue;
      // Every move lets the opponent win; with no move at all, the player to move has won.
      this.settleWin(f.key, !f.moved);
      stack.pop();
    }
    return this.wins.get(rootKey)!;
  }

  /** A move to a position the opponent loses, or null when there is none. */
  winningMove(position: readonly number[]): ItemMove | null {
    if (!this.winsMisere(position)) return null;
    for (const m of this.moves(position)) if (!this.winsMisere(m.next)) return m;
    return null;
  }

  /** The misère Grundy value of a canonical position: mex of the options' values, 1 when it has none. */
  misereValue(position: readonly number[]): number {
    const rootKey = positionKey(position);
    const known = this.values.get(rootKey);
    if (known !== undefined) return known;
    interface ValueFrame {
      readonly key: string;
      readonly next: readonly (readonly number[])[];
      at: number;
    }
    const frame = (pos: readonly number[], key: string): ValueFrame => ({
      key,
      next: [...this.moves(pos)].map((m) => m.next),
      at: 0,
    });
    const stack: ValueFrame[] = [frame(position, rootKey)];
    while (stack.length > 0) {
      const f = stack[stack.length - 1]!;
      let waiting = false;
      while (f.at < f.next.length) {
        const pos = f.next[f.at]!;
        const key = positionKey(pos);
        if (this.values.has(key)) {
          f.at++;
          continue;
        }
        stack.push(frame(pos, key));
        waiting = true;
        break;
      }
      if (waiting) continue;
      stack.pop();
      if (this.values.has(f.key)) continue;
      if (f.next.length === 0) {
        this.settleValue(f.key, 1);
        continue;
      }
      const seen = new Set<number>();
      for (const pos of f.next) seen.add(this.values.get(positionKey(pos))!);
      let mex = 0;
      while (seen.has(mex)) mex++;
      this.settleValue(f.key, mex);
    }
    return this.values.get(rootKey)!;
  }

  private settleWin(key: string, win: boolean): void {
    if (this.size >= this.budget) throw new MisereBudgetError(this.budget);
    this.wins.set(key, win);
  }

  private settleValue(key: string, value: number): void {
    if (this.size >= this.budget) throw new MisereBudgetError(this.budget);
    this.values.set(key, value);
  }
}

/**
 * A position's memo key: its items as UTF-16 code units when all are below 0xffff (short keys hash
 * fast), else decimal text after a 0xffff mark, which no code-unit key contains.
 */
export function positionKey(position: readonly number[]): string {
  for (const x of position) if (x >= 0xffff) return `\uffff${position.join(',')}`;
  return String.fromCharCode(...position);
}

/** The position a key stands for (positionKey reversed). */
export function positionOfKey(key: string): number[] {
  if (key.startsWith('\uffff')) return key.slice(1).split(',').map(Number);
  const out = new Array<number>(key.length);
  for (let i = 0; i < key.length; i++) out[i] = key.charCodeAt(i);
  return out;
}

/** The sorted position without its item at `skip`, merged with the sorted `add`. */
function mergeWithout(position: readonly number[], skip: number, add: readonly number[]): number[] {
  const out = new Array<number>(position.length - 1 + add.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < position.length || j < add.length) {
    if (i === skip) {
      i++;
      continue;
    }
    if (j >= add.length || (i < position.length && position[i]! <= add[j]!)) out[k++] = position[i++]!;
    else out[k++] = add[j++]!;
  }
  return out;
}

/**
 * Several games in one search: item = position * games.length + game index, so heaps of
 * different games (or nim heaps beside a game's heaps, for the genus) never mix.
 */
export function combinedItems(games: readonly ((position: number) => Iterable<readonly number[]>)[]): {
  readonly options: ItemOptions;
  item(game: number, position: number): number;
  split(item: number): { readonly game: number; readonly position: number };
} {
  const G = games.length;
  return {
    options: function* (item) {
      const game = item % G;
      for (const o of games[game]!((item - game) / G)) yield o.map((p) => p * G + game);
    },
    item: (game, position) => position * G + game,
    split: (item) => ({ game: item % G, position: (item - (item % G)) / G }),
  };
}

/** Nim heaps as a game of the search: n -> any smaller heap. */
export function* nimOptions(n: number): Iterable<readonly number[]> {
  for (let m = n - 1; m >= 0; m--) yield m === 0 ? [] : [m];
}
