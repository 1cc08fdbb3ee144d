import type { Quotient } from './quotient-types.js';

/**
 * The check that makes a guessed quotient the quotient (docs/misere-quotients.md, "Why the
 * answer is right"). Given Q, its P-portion and the heap map, every sum G of heaps 1..n must
 * satisfy: Φ(G) in P exactly when G is not empty and no option of G has its class in P. Then, by
 * induction over G, Φ(G) in P says G's misère outcome, and since the classes are told apart by
 * outcomes (the learner's rows), Q is the quotient. Two halves:
 *
 * - no P-position has a P option: for every class r, heap h and option class t of h,
 *   not both r·φ(h) and r·t in P (finite: every r is some sum's class);
 * - every other non-empty sum has a P option: searched over the finite states a sum can reach
 *   (below), keeping only the least-armed state of each kind.
 */

/** A sum the guess gets wrong, or could: the learner finds which of its words it mispredicts. */
export type Failure =
  | { readonly kind: 'p-option'; readonly word: readonly number[]; readonly option: readonly number[] }
  | { readonly kind: 'n-stuck'; readonly word: readonly number[] };

/** One kind of heap for the search: its class and the classes of its options (same kind, same moves). */
interface HeapKind {
  readonly heap: number;
  readonly w: number;
  readonly options: Uint32Array;
}

/**
 * A sum as far as the second half is concerned: its class x and, for each class v of a heap in
 * it, the class y of the sum without one such heap and the union u of those heaps' option
 * classes (a bit set). Its options' classes are then y·t for t in u.
 */
interface SumState {
  readonly x: number;
  readonly vs: readonly number[];
  readonly ys: readonly number[];
  readonly us: readonly Uint32Array[];
  readonly parent: number;
  readonly heap: number;
}

export function verifyQuotient(
  q: Quotient,
  opts: readonly (readonly (readonly number[])[])[],
  maxStates: number,
): Failure | 'too-many-states' | null {
  const m = q.order;
  const words = (m + 31) >>> 5;
  const classOf = (word: readonly number[]): number => {
    let x = 0;
    for (const h of word) x = q.mult[x * m + q.phi[h]!]!;
    return x;
  };
  // The option classes of each heap with moves, with one option word per class.
  const kinds = new Map<string, HeapKind>();
  for (let h = 1; h <= q.heaps; h++) {
    const list = opts[h] ?? [];
    if (list.length === 0) continue;
    const seen = new Map<number, readonly number[]>();
    for (const o of list) {
      const t = classOf(o);
      if (!seen.has(t)) seen.set(t, o);
    }
    const w = q.phi[h]!;
    for (let r = 0; r < m; r++) {
      if (q.isP[q.mult[r * m + w]!] !== 1) continue;
      for (const [t, o] of seen) {
        if (q.isP[q.mult[r * m + t]!] === 1)
          return { kind: 'p-option', word: [...q.words[r]!, h], option: [...q.words[r]!, ...o] };
      }
    }
    const ts = [...seen.keys()].sort((a, b) => a - b);
    const key = `${w}:${ts.join(',')}`;
    if (!kinds.has(key)) {
      const options = new Uint32Array(words);
      for (const t of ts) options[t >>> 5]! |= 1 << (t & 31);
      kinds.set(key, { heap: h, w, options });
    }
  }
  // good[y]: the option classes t with y·t in P.
  const good = Array.from({ length: m }, (_, y) => {
    const bits = new Uint32Array(words);
    for (let t = 0; t < m; t++) if (q.isP[q.mult[y * m + t]!] === 1) bits[t >>> 5]! |= 1 << (t & 31);
    return bits;
  });
  const states: SumState[] = [{ x: 0, vs: [], ys: [], us: [], parent: -1, heap: 0 }];
  // Per (x, classes present and their y), the least-armed states kept so far.
  const kept = new Map<string, Uint32Array[][]>();
  const witness = (i: number): number[] => {
    const out: number[] = [];
    for (let s = states[i]!; s.parent >= 0; s = states[s.parent]!) out.push(s.heap);
    return out.reverse();
  };
  for (let i = 0; i < states.length; i++) {
    const s = states[i]!;
    for (const kind of kinds.values()) {
      const next = step(s, kind, i);
      const stuck = q.isP[next.x] !== 1 && next.ys.every((y, j) => !meets(next.us[j]!, good[y]!));
      if (stuck) return { kind: 'n-stuck', word: [...witness(i), kind.heap] };
      const key = `${next.x}|${next.vs.map((v, j) => `${v}:${next.ys[j]}`).join(',')}`;
      const group = kept.get(key);
      if (group?.some((us) => us.every((u, j) => subset(u, next.us[j]!)))) continue;
      if (group) group.push([...next.us]);
      else kept.set(key, [[...next.us]]);
      states.push(next);
      if (states.length > maxStates) return 'too-many-states';
    }
  }
  return null;

  function step(s: SumState, kind: HeapKind, parent: number): SumState {
    const x = q.mult[s.x * m + kind.w]!;
    const vs = [...s.vs];
    const ys = s.ys.map((y) => q.mult[y * m + kind.w]!);
    const us = [...s.us];
    const j = vs.indexOf(kind.w);
    if (j >= 0) {
      ys[j] = s.x;
      us[j] = union(us[j]!, kind.options);
    } else {
      let k = 0;
      while (k < vs.length && vs[k]! < kind.w) k++;
      vs.splice(k, 0, kind.w);
      ys.splice(k, 0, s.x);
      us.splice(k, 0, kind.options);
    }
    return { x, vs, ys, us, parent, heap: kind.heap };
  }
}

function meets(a: Uint32Array, b: Uint32Array): boolean {
  for (let i = 0; i < a.length; i++) if ((a[i]! & b[i]!) !== 0) return true;
  return false;
}

function subset(a: Uint32Array, b: Uint32Array): boolean {
  for (let i = 0; i < a.length; i++) if ((a[i]! & ~b[i]!) !== 0) return false;
  return true;
}

function union(a: Uint32Array, b: Uint32Array): Uint32Array {
  let same = true;
  for (let i = 0; i < a.length && same; i++) if ((a[i]! | b[i]!) !== a[i]) same = false;
  if (same) return a;
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! | b[i]!;
  return out;
}
