import { combinedItems, MisereSearch, nimOptions, type ItemOptions } from './search.js';

/**
 * The genus of a game G (Conway, On Numbers and Games ch. 12; Winning Ways ch. 13):
 * g^{γ0 γ1 γ2 ...}, g the normal-play value and γk the misère Grundy value of G + k copies of *2
 * (the misère value: mex of the options' misère values, 1 at a terminal position). The sequence
 * ends alternating g and g xor 2; it is written up to the first pair of that tail:
 * *0 is 0^120, *1 is 1^031, *2 is 2^20.
 */
export interface Genus {
  /** Normal-play value. */
  readonly g: number;
  /** γ0, γ1, ... as computed (at least through the first pair of the repeating tail). */
  readonly gammas: readonly number[];
  /** The first k from which the computed γ alternate with period 2. */
  readonly repeatsFrom: number;
}

/** γk is computed up to this k at most; a sequence not settled by then is refused. */
export const MAX_GENUS_K = 16;

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
 * Whether γ0..γK shows its final tail: the last four alternate between g and g xor 2 (in either
 * phase: Kayles' heap of 5 is 4^146). Conway shows the sequence ends in such an alternation; four
 * steps of it are where this computation stops (docs/misere.md).
 */
export function genusSettled(g: number, gammas: readonly number[]): boolean {
  const K = gammas.length - 1;
  if (K < 3) return false;
  const a = gammas[K]!;
  const b = gammas[K - 1]!;
  return gammas[K - 2] === a && gammas[K - 3] === b && ((a === g && b === (g ^ 2)) || (b === g && a === (g ^ 2)));
}

/**
 * Genus of positions of one game by exact search: positions are multisets of the game's
 * positions, with nim heaps *1 and *2 beside them. One instance keeps its memo across calls, so
 * the genus of heaps 0..N shares the work.
 */
export class GenusSearch {
  private readonly items: ReturnType<typeof combinedItems>;
  readonly search: MisereSearch;

  constructor(options: ItemOptions, budget?: number) {
    this.items = combinedItems([options, nimOptions]);
    this.search = new MisereSearch(this.items.options, budget);
  }

  /** The canonical search position of some of the game's positions plus `twos` heaps *2. */
  position(parts: readonly number[], twos = 0): number[] {
    const items = parts.map((p) => this.items.item(0, p));
    for (let k = 0; k < twos; k++) items.push(this.items.item(1, 2));
    return this.search.canonical(items);
  }

  /** The misère Grundy value of a sum of the game's positions. */
  misereValue(parts: readonly number[]): number {
    return this.search.misereValue(this.position(parts));
  }

  /** The genus of a sum of the game's positions whose normal value is g. */
  genus(parts: readonly number[], g: number): Genus {
    const gammas: number[] = [];
    for (let k = 0; k <= MAX_GENUS_K; k++) {
      gammas.push(this.search.misereValue(this.position(parts, k)));
      if (genusSettled(g, gammas)) return settleGenus(g, gammas);
    }
    throw new Error(`the genus of ${parts.join('+')} did not settle by k = ${MAX_GENUS_K}`);
  }
}
