import { cellIndexNumber } from '../board/cells.js';
import { formatGenus, GenusSearch, isTameGenus, type Genus } from '../misere/genus.js';
import { misereGraphOutcomes, outcomeName } from '../misere/retrograde.js';
import { MisereSearch } from '../misere/search.js';
import type { MisereRow } from '../store/misere.js';
import type { MisereGame } from './misere-games.js';

/**
 * Misère tables of one game, position by position: what grundy compute --misere stores and
 * grundy query --misere answers. Pure given the game; a search past its budget throws
 * MisereBudgetError and nothing is returned.
 */

/** The genus of the nim heap *n: 0^120, 1^031, n^{n, n xor 2} (Conway, On Numbers and Games ch. 12). */
export function nimGenus(n: number): Genus {
  if (n === 0) return { g: 0, gammas: [1, 2, 0], repeatsFrom: 1 };
  if (n === 1) return { g: 1, gammas: [0, 3, 1], repeatsFrom: 1 };
  return { g: n, gammas: [n, n ^ 2], repeatsFrom: 0 };
}

/** Rows for heaps 0..to-1: outcome, misère value γ0, genus and tameness. */
export function misereHeapRows(game: MisereGame, to: number, budget?: number): MisereRow[] {
  if (game.rules.family === 'nim') {
    return Array.from({ length: to }, (_, n) => rowOf(n, nimGenus(n), true));
  }
  const search = new GenusSearch((n) => game.options(n), budget);
  const g: number[] = [];
  const tame: boolean[] = [];
  const rows: MisereRow[] = [];
  for (let n = 0; n < to; n++) {
    const seen = new Set<number>();
    let optionsTame = true;
    for (const leaves of game.options(n)) {
      let x = 0;
      for (const h of leaves) {
        x ^= g[h]!;
        optionsTame &&= tame[h]!;
      }
      seen.add(x);
    }
    let v = 0;
    while (seen.has(v)) v++;
    g.push(v);
    const genus = search.genus([n], v);
    tame.push(optionsTame && isTameGenus(genus));
    rows.push(rowOf(n, genus, tame[n]!));
  }
  return rows;
}

function rowOf(n: number, genus: Genus, tame: boolean): MisereRow {
  const value = genus.gammas[0]!;
  return { position: n, outcome: value === 0 ? 'P' : 'N', value, genus: formatGenus(genus), tame };
}

/** One token on every vertex of a game graph: P, N or D by retrograde analysis. */
export function misereGraphRows(game: MisereGame): MisereRow[] {
  const outcomes = misereGraphOutcomes(game.graph!);
  return Array.from(outcomes, (o, v) => ({
    position: v,
    outcome: outcomeName(o),
    value: null,
    genus: null,
    tame: null,
  }));
}

/** Every cell (x, y) with x, y < size, by anti-diagonal index: misère outcome and value. */
export function misereBoardRows(game: MisereGame, size: number, budget?: number): MisereRow[] {
  const search = new MisereSearch((c) => game.options(c), budget);
  const rows: MisereRow[] = [];
  for (let d = 0; d <= 2 * (size - 1); d++) {
    for (let x = Math.max(0, d - size + 1); x <= Math.min(d, size - 1); x++) {
      const cell = cellIndexNumber(x, d - x);
      const value = search.misereValue(search.canonical([cell]));
      rows.push({ position: cell, outcome: value === 0 ? 'P' : 'N', value, genus: null, tame: null });
    }
  }
  return rows;
}
