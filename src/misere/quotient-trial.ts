import type { Quotient } from './quotient-types.js';
import { TokenQueue } from './token-queue.js';

/**
 * A trial monoid for the next quotient (docs/misere-quotients.md, "How it is computed"), after
 * Plambeck and Siegel: a known quotient (the base, its multiplication only) times cyclic monoids,
 * one for the new heap and one for each heap set free of the base. Its P-portion is not guessed
 * but derived by the mex rule: a sum is a P-position exactly when it has a move and none of its
 * options is one. Each element of the trial gets the outcome of its sum of fewest tokens, whose
 * options (fewer tokens still) were decided before it. The trial is then minimised: elements
 * that no sum of heaps tells apart are merged. The result is a candidate; quotient-verify.ts
 * decides whether it is the quotient.
 */

/** A cyclic monoid a^0..a^(index+period-1) with a^(index+period) = a^index. */
export interface Cycle {
  readonly index: number;
  readonly period: number;
}

export interface Trial {
  /** The base monoid: its order and multiplication are used, its P-portion is derived anew. */
  readonly base: Quotient;
  readonly cycles: readonly Cycle[];
  /** Each heap 0..n: its element of the base when cycleOf is -1. */
  readonly baseOf: Int32Array;
  /** Each heap 0..n: the cycle it generates, or -1. */
  readonly cycleOf: Int32Array;
}

/** A trial larger than this many elements is refused. */
export const MAX_TRIAL = 1 << 22;

/** The minimised trial; null when it would have more than `maxElements` elements before minimising. */
export function settleTrial(
  trial: Trial,
  opts: readonly (readonly (readonly number[])[])[],
  maxElements: number,
): Quotient | null {
  const { base, cycles } = trial;
  const B = base.order;
  const sizes = cycles.map((c) => c.index + c.period);
  let total = B;
  for (const s of sizes) total *= s;
  if (total > maxElements) return null;
  const n = trial.baseOf.length - 1;

  const product = (a: number, b: number): number => {
    const ba = a % B;
    const bb = b % B;
    let ra = (a - ba) / B;
    let rb = (b - bb) / B;
    let out = base.mult[ba * B + bb]!;
    let scale = B;
    for (let j = 0; j < cycles.length; j++) {
      const s = sizes[j]!;
      const ca = ra % s;
      const cb = rb % s;
      ra = (ra - ca) / s;
      rb = (rb - cb) / s;
      let c = ca + cb;
      if (c >= s) {
        const { index, period } = cycles[j]!;
        c = index + ((c - index) % period);
      }
      out += scale * c;
      scale *= s;
    }
    return out;
  };

  // Each live heap's element, the classes of its options, and one heap per kind.
  const element = new Int32Array(n + 1);
  let scale = B;
  const cycleScale = sizes.map((s) => {
    const here = scale;
    scale *= s;
    return here;
  });
  for (let h = 1; h <= n; h++) {
    const j = trial.cycleOf[h]!;
    element[h] = j >= 0 ? cycleScale[j]! : trial.baseOf[h]!;
  }
  const kinds: { heap: number; w: number; options: number[] }[] = [];
  const seenKinds = new Set<string>();
  for (let h = 1; h <= n; h++) {
    const list = opts[h] ?? [];
    if (list.length === 0) continue;
    const ts = new Set<number>();
    for (const o of list) {
      let x = 0;
      for (const part of o) x = product(x, element[part]!);
      ts.add(x);
    }
    const options = [...ts].sort((a, b) => a - b);
    const key = `${element[h]}:${options.join(',')}`;
    if (seenKinds.has(key)) continue;
    seenKinds.add(key);
    kinds.push({ heap: h, w: element[h]!, options });
  }

  // Least sums by tokens; each element's outcome by the mex rule on its least sum's options.
  const NONE = 0x7fffffff;
  const dist = new Int32Array(total).fill(NONE);
  const from = new Int32Array(total).fill(-1);
  const via = new Int32Array(total);
  const index = new Int32Array(total).fill(-1);
  const reached: number[] = [];
  const optionSets: Int32Array[] = [];
  const isP: number[] = [];
  const queue = new TokenQueue();
  dist[0] = 0;
  queue.push(0, 0);
  while (queue.size > 0) {
    const { tokens, item: x } = queue.pop();
    if (index[x]! >= 0) continue;
    index[x] = reached.length;
    reached.push(x);
    const y = from[x]!;
    let set: Int32Array;
    let p = 0;
    if (y < 0) {
      set = new Int32Array(0); // the empty sum: no move, the player to move wins
    } else {
      const h = via[x]!;
      const kind = kinds.find((k) => k.heap === h)!;
      const ts = new Set<number>();
      for (const t of optionSets[index[y]!]!) ts.add(product(t, kind.w));
      for (const t of kind.options) ts.add(product(y, t));
      set = Int32Array.from(ts);
      p = 1;
      for (const t of set) {
        const i = index[t]!;
        if (i < 0) throw new Error('internal error: an option of a least sum was not decided before it');
        if (isP[i] === 1) {
          p = 0;
          break;
        }
      }
    }
    optionSets.push(set);
    isP.push(p);
    for (const k of kinds) {
      const z = product(x, k.w);
      if (tokens + k.heap < dist[z]!) {
        dist[z] = tokens + k.heap;
        from[z] = x;
        via[z] = k.heap;
        queue.push(tokens + k.heap, z);
      }
    }
  }

  // Minimise (Moore's refinement): merge elements that no product of heaps tells apart.
  const R = reached.length;
  const gens = [...new Set(kinds.map((k) => k.w))];
  const G = gens.length;
  const step = new Int32Array(R * G);
  for (let i = 0; i < R; i++) for (let g = 0; g < G; g++) step[i * G + g] = index[product(reached[i]!, gens[g]!)]!;
  // Refine one generator at a time: a block splits by the blocks its elements go to.
  let block = Int32Array.from(isP);
  let blocks = new Set(isP).size;
  for (let stable = 0, g = 0; stable < G; g = (g + 1) % G) {
    const ids = new Map<number, number>();
    const next = new Int32Array(R);
    for (let i = 0; i < R; i++) {
      const key = block[i]! * blocks + block[step[i * G + g]!]!;
      let id = ids.get(key);
      if (id === undefined) {
        id = ids.size;
        ids.set(key, id);
      }
      next[i] = id;
    }
    block = next;
    stable = ids.size === blocks ? stable + 1 : 0;
    blocks = ids.size;
  }

  // Classes numbered in the order their least sums were found (the empty sum's first).
  const number = new Int32Array(blocks).fill(-1);
  const reps: number[] = [];
  for (let i = 0; i < R; i++) {
    const b = block[i]!;
    if (number[b] === -1) {
      number[b] = reps.length;
      reps.push(i);
    }
  }
  const m = reps.length;
  const classOf = (x: number): number => number[block[index[x]!]!]!;
  const mult = new Int32Array(m * m);
  for (let a = 0; a < m; a++) {
    for (let b = a; b < m; b++) {
      const c = classOf(product(reached[reps[a]!]!, reached[reps[b]!]!));
      mult[a * m + b] = c;
      mult[b * m + a] = c;
    }
  }
  const phi = new Int32Array(n + 1);
  for (let h = 1; h <= n; h++) if ((opts[h] ?? []).length > 0) phi[h] = classOf(element[h]!);
  const words = reps.map((i) => {
    const word: number[] = [];
    for (let x = reached[i]!; from[x]! >= 0; x = from[x]!) word.push(via[x]!);
    return word.sort((a, b) => a - b);
  });
  return { heaps: n, order: m, mult, isP: Uint8Array.from(reps, (i) => isP[i]!), phi, words };
}

/** The powers of x: x^index = x^(index+period), index and period least. */
export function powerShape(q: Quotient, x: number): Cycle {
  const seen = new Map<number, number>();
  let y = 0;
  for (let k = 0; ; k++) {
    const at = seen.get(y);
    if (at !== undefined) return { index: at, period: k - at };
    seen.set(y, k);
    y = q.mult[y * q.order + x]!;
  }
}
