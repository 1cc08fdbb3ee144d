import { INFINITE, kSet, type GraphValues } from './gsg.js';
import type { Graph } from './csr.js';

/** A generalized Sprague-Grundy value: a finite nimber, or infinity(K) with K sorted. */
export type GValue = number | { readonly infinite: readonly number[] };

/** P: the player to move loses; N: wins; D: neither can force a win (a draw). */
export type Outcome = 'P' | 'N' | 'D';

export function vertexValue(gv: GraphValues, v: number): GValue {
  const x = gv.values[v]!;
  return x === INFINITE ? { infinite: Array.from(kSet(gv, v)) } : x;
}

export function outcomeOf(x: GValue): Outcome {
  if (typeof x === 'number') return x === 0 ? 'P' : 'N';
  return x.infinite.includes(0) ? 'N' : 'D';
}

/** "3", "inf{}", "inf{0,2}". */
export function formatValue(x: GValue): string {
  return typeof x === 'number' ? String(x) : `inf{${x.infinite.join(',')}}`;
}

/**
 * Smith's sum rules: a + b = a xor b; a + infinity(K) = infinity(K xor a); two infinite
 * summands give infinity({}), a draw (neither token can be forced to a finite value).
 */
export function sumValues(list: readonly GValue[]): GValue {
  let nim = 0;
  let inf: readonly number[] | null = null;
  for (const x of list) {
    if (typeof x === 'number') nim ^= x;
    else if (inf === null) inf = x.infinite;
    else return { infinite: [] };
  }
  if (inf === null) return nim;
  const shift = nim;
  return { infinite: inf.map((k) => k ^ shift).sort((a, b) => a - b) };
}

/** A move in a sum: token `component` goes to vertex `to`. */
export interface SumMove {
  readonly component: number;
  readonly to: number;
}

export interface MoveAdvice {
  readonly outcome: Outcome;
  /** N: every move to a P-position; D: every move that keeps the draw; P: none (all lose). */
  readonly moves: readonly SumMove[];
}

/**
 * The good moves of a sum of tokens on one graph (one token: a single position). Each
 * candidate's value is the sum of the other tokens (prefix and suffix sums) plus its option.
 */
export function bestMoves(g: Graph, gv: GraphValues, tokens: readonly number[]): MoveAdvice {
  const vals = tokens.map((v) => vertexValue(gv, v));
  const outcome = outcomeOf(sumValues(vals));
  if (outcome === 'P') return { outcome, moves: [] };
  const want: Outcome = outcome === 'N' ? 'P' : 'D';
  const prefix: GValue[] = [0];
  for (const x of vals) prefix.push(sumValues([prefix[prefix.length - 1]!, x]));
  const suffix: GValue[] = new Array<GValue>(vals.length + 1).fill(0);
  for (let i = vals.length - 1; i >= 0; i--) suffix[i] = sumValues([vals[i]!, suffix[i + 1]!]);
  const moves: SumMove[] = [];
  tokens.forEach((v, component) => {
    const rest = sumValues([prefix[component]!, suffix[component + 1]!]);
    for (let e = g.outOffsets[v]!; e < g.outOffsets[v + 1]!; e++) {
      const to = g.outTargets[e]!;
      if (outcomeOf(sumValues([rest, vertexValue(gv, to)])) === want) moves.push({ component, to });
    }
  });
  return { outcome, moves };
}

/** The good moves from one vertex: to a P-position if it wins, keeping the draw if it draws. */
export function bestMovesFrom(g: Graph, gv: GraphValues, v: number): MoveAdvice {
  return bestMoves(g, gv, [v]);
}
