import { type ItemOptions, MisereBudgetError, MisereSearch, positionKey, positionOfKey } from './search.js';

/**
 * The genus of a game G (Conway, On Numbers and Games ch. 12; Winning Ways ch. 13):
 * g^{γ0 γ1 γ2 ...}, g the normal-play value and γk the misère Grundy value of G + k copies of *2
 * (the misère value: mex of the options' misère values, 1 at a terminal position). The sequence
 * ends with period 2; it is written up to the first pair of that tail: *0 is 0^120, *1 is 1^031,
 * *2 is 2^20, a heap of 25 in Dawson's Kayles 0^31 (its tail is not g and g xor 2).
 */
export interface Genus {
  /** Normal-play value. */
  readonly g: number;
  /** γ0, γ1, ... as computed (at least through the first pair of the repeating tail). */
  readonly gammas: readonly number[];
  /** The first k from which the computed γ alternate with period 2. */
  readonly repeatsFrom: number;
}

/** γk is computed up to this k at most (no game met so far needs more than a few). */
export const MAX_GENUS_K = 64;

/** g^{...}: digits run together when every γ is below 10, else comma-separated. */
export function formatGenus(genus: Genus): string {
  const shown = genus.gammas.slice(0, genus.repeatsFrom + 2);
  const sep = shown.every((v) => v < 10) ? '' : ',';
  return `${genus.g}^${shown.join(sep)}`;
}

/**
 * Tame genus: what a Nim position has. 0^120 and 1^031 (every heap <= 1: the misère value is the
 * normal one xor 1) or g^{g, g xor 2} (some heap >= 2). A game is tame when it and every position
 * it reaches have tame genus; sums of tame games are tame and follow misère Nim (see anti-nim.ts).
 */
export function isTameGenus(genus: Genus): boolean {
  const [a, b, c] = genus.gammas;
  if (genus.repeatsFrom === 0) return a === genus.g && b === (genus.g ^ 2);
  if (genus.repeatsFrom !== 1) return false;
  return (genus.g === 0 && a === 1 && b === 2 && c === 0) || (genus.g === 1 && a === 0 && b === 3 && c === 1);
}

/** Small tame: genus 0^120 or 1^031 (the misère value differs from the normal one). */
export function isSmallGenus(genus: Genus): boolean {
  return genus.gammas[0] !== genus.g;
}

/** A genus from its γ sequence: where the period-2 tail starts. */
export function settleGenus(g: number, gammas: readonly number[]): Genus {
  let from = gammas.length - 2;
  while (from > 0 && gammas[from - 1] === gammas[from + 1]) from--;
  return { g, gammas, repeatsFrom: Math.max(0, from) };
}

/**
 * Genus of positions of one game, by the rule that defines γ from the options (Conway, On Numbers
 * and Games ch. 12): with M(X) the misère value, M(X + *1) = M(X) xor 1 (so *1 + *1 changes no
 * misère value), hence the options of Y + (k+1)*2 give
 *
 *   γ0(Y) = mex γ0(Y') (1 when Y has no option),  γ(k+1)(Y) = mex({γ(k+1)(Y')} ∪ {γk(Y), γk(Y) xor 1})
 *
 * over the options Y' of Y. Level k + 1 depends only on level k over the positions reachable from
 * G, so once a level equals the level two before on all of them, γ repeats with period 2 from
 * there on: that is where the computation stops, proven (docs/misere.md).
 */
export class GenusSearch {
  readonly search: MisereSearch;
  /** Option keys of every position met, by key; positions are canonical multisets of the game's positions. */
  private readonly graph = new Map<string, readonly string[]>();
  /** levels[k]: γk of positions, by key. */
  private readonly levels: Map<string, number>[] = [];

  constructor(options: ItemOptions, budget?: number) {
    this.search = new MisereSearch(options, budget);
  }

  /** The canonical key of a sum of the game's positions. */
  key(parts: readonly number[]): string {
    return positionKey(this.search.canonical(parts));
  }

  /** The misère Grundy value of a sum of the game's positions (γ0). */
  misereValue(parts: readonly number[]): number {
    const order = this.reach(this.search.canonical(parts));
    this.fillLevel(0, order);
    return this.levels[0]!.get(order[order.length - 1]!)!;
  }

  /** The genus of a sum of the game's positions whose normal value is g. */
  genus(parts: readonly number[], g: number): Genus {
    const order = this.reach(this.search.canonical(parts));
    const root = order[order.length - 1]!;
    const gammas: number[] = [];
    for (let k = 0; k <= MAX_GENUS_K; k++) {
      this.fillLevel(k, order);
      gammas.push(this.levels[k]!.get(root)!);
      if (k >= 2 && order.every((y) => this.levels[k]!.get(y) === this.levels[k - 2]!.get(y))) {
        return settleGenus(g, gammas);
      }
    }
    throw new Error(`the genus of ${parts.join('+')} did not settle by k = ${MAX_GENUS_K}`);
  }

  /** Every position reachable from `root`, options before the positions they follow. */
  private reach(root: readonly number[]): string[] {
    const rootKey = positionKey(root);
    const order: string[] = [];
    const seen = new Set<string>([rootKey]);
    const stack: { key: string; pos: readonly number[]; children: string[] | null; at: number }[] = [
      { key: rootKey, pos: root, children: null, at: 0 },
    ];
    const nexts = new Map<string, readonly number[]>();
    while (stack.length > 0) {
      const f = stack[stack.length - 1]!;
      if (f.children === null) {
        const known = this.graph.get(f.key);
        if (known) f.children = [...known];
        else {
          const children: string[] = [];
          for (const m of this.search.moves(f.pos)) {
            const k = positionKey(m.next);
            children.push(k);
            if (!nexts.has(k)) nexts.set(k, m.next);
          }
          if (this.graph.size >= this.search.budget) throw new MisereBudgetError(this.search.budget);
          this.graph.set(f.key, children);
          f.children = children;
        }
      }
      if (f.at < f.children.length) {
        const child = f.children[f.at++]!;
        if (!seen.has(child)) {
          seen.add(child);
          const pos = nexts.get(child) ?? positionOfKey(child);
          stack.push({ key: child, pos, children: null, at: 0 });
        }
        continue;
      }
      stack.pop();
      order.push(f.key);
    }
    return order;
  }

  /** γk of every position of `order` (children first) not yet known. */
  private fillLevel(k: number, order: readonly string[]): void {
    const level = (this.levels[k] ??= new Map());
    const below = k > 0 ? this.levels[k - 1]! : null;
    for (const y of order) {
      if (level.has(y)) continue;
      const seen = new Set<number>();
      for (const c of this.graph.get(y)!) seen.add(level.get(c)!);
      if (below) {
        const prev = below.get(y)!;
        seen.add(prev).add(prev ^ 1);
      } else if (seen.size === 0) {
        level.set(y, 1);
        continue;
      }
      let mex = 0;
      while (seen.has(mex)) mex++;
      level.set(y, mex);
    }
  }
}
