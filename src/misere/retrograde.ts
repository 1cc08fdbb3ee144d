import type { Graph } from '../graph/csr.js';
import { type ItemMove, type ItemOptions, MisereBudgetError, MisereSearch, positionKey } from './search.js';

/**
 * Misère outcomes where play may cycle, by retrograde analysis: a position with no move is won by
 * the player to move (N), a position with a move to a P-position is N, one whose every move goes
 * to an N-position is P, and what is left is a draw (D), as in normal play.
 */
export type LoopyOutcome = 'P' | 'N' | 'D';

const P = 0;
const N = 1;
const D = 2;
const OUTCOMES: readonly LoopyOutcome[] = ['P', 'N', 'D'];

/** The misère outcome of one token on every vertex of a game graph: 0 P, 1 N, 2 D. */
export function misereGraphOutcomes(graph: Graph): Uint8Array {
  const { n, outOffsets, inOffsets, inSources } = graph;
  const outcome = new Uint8Array(n).fill(D);
  const left = new Int32Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let u = 0; u < n; u++) {
    left[u] = outOffsets[u + 1]! - outOffsets[u]!;
    if (left[u] === 0) {
      outcome[u] = N;
      queue[tail++] = u;
    }
  }
  for (let head = 0; head < tail; head++) {
    const v = queue[head]!;
    for (let e = inOffsets[v]!; e < inOffsets[v + 1]!; e++) {
      const u = inSources[e]!;
      if (outcome[u] !== D) continue;
      if (outcome[v] === P) {
        outcome[u] = N;
        queue[tail++] = u;
      } else if (--left[u]! === 0) {
        outcome[u] = P;
        queue[tail++] = u;
      }
    }
  }
  return outcome;
}

export function outcomeName(code: number): LoopyOutcome {
  return OUTCOMES[code]!;
}

/** The outcome of a sum that may cycle, and a best move: to a P-position (N), to a D-position (D). */
export interface LoopySumResult {
  readonly outcome: LoopyOutcome;
  readonly move: ItemMove | null;
  /** Positions explored. */
  readonly positions: number;
}

/**
 * The misère outcome of a sum of items whose moves may cycle: every position reachable from
 * `start` is explored (at most `budget`, else MisereBudgetError), then labelled backwards.
 */
export function solveLoopySum(options: ItemOptions, start: readonly number[], budget: number): LoopySumResult {
  const search = new MisereSearch(options, budget);
  const root = search.canonical(start);
  const ids = new Map<string, number>([[positionKey(root), 0]]);
  const positions: (readonly number[])[] = [root];
  const succ: number[][] = [];
  for (let id = 0; id < positions.length; id++) {
    const out: number[] = [];
    for (const m of search.moves(positions[id]!)) {
      const key = positionKey(m.next);
      let to = ids.get(key);
      if (to === undefined) {
        if (positions.length >= budget) throw new MisereBudgetError(budget);
        to = positions.length;
        ids.set(key, to);
        positions.push(m.next);
      }
      out.push(to);
    }
    succ.push(out);
  }
  const count = positions.length;
  const offsets = new Int32Array(count + 1);
  for (let u = 0; u < count; u++) offsets[u + 1] = offsets[u]! + succ[u]!.length;
  const targets = new Int32Array(offsets[count]!);
  for (let u = 0, at = 0; u < count; u++) for (const v of succ[u]!) targets[at++] = v;
  const graph = reverse(count, offsets, targets);
  const outcome = misereGraphOutcomes(graph);
  const code = outcome[0]!;
  let move: ItemMove | null = null;
  if (code !== P) {
    const want = code === N ? P : D;
    for (const m of search.moves(root)) {
      if (outcome[ids.get(positionKey(m.next))!] === want) {
        move = m;
        break;
      }
    }
  }
  return { outcome: outcomeName(code), move, positions: count };
}

function reverse(n: number, outOffsets: Int32Array, outTargets: Int32Array): Graph {
  const inOffsets = new Int32Array(n + 1);
  for (const v of outTargets) inOffsets[v + 1] = inOffsets[v + 1]! + 1;
  for (let u = 0; u < n; u++) inOffsets[u + 1] = inOffsets[u + 1]! + inOffsets[u]!;
  const cursor = inOffsets.slice(0, n);
  const inSources = new Int32Array(outTargets.length);
  for (let u = 0; u < n; u++) {
    for (let e = outOffsets[u]!; e < outOffsets[u + 1]!; e++) inSources[cursor[outTargets[e]!]!++] = u;
  }
  return { n, m: outTargets.length, outOffsets, outTargets, inOffsets, inSources };
}
