/**
 * When the heap map of a quotient repeats (docs/misere-quotients.md, "Stabilisation").
 * φ(n + p) = φ(n) for e <= n <= N - p is a fact about heaps 1..N. It is a proof for every heap
 * when the game's moves take at most k tokens and leave at most h heaps and N >= h(e + p) + k:
 * then every heap beyond N has the class and the option classes of the heap p below it (the
 * argument of Guy and Smith's periodicity theorem, applied to classes), so the check that made
 * Q the quotient of heaps 1..N covers every heap, and Q is the quotient of all heaps.
 */

/** How far a move reaches: at most k tokens taken, at most h heaps left (null: no bound). */
export interface MoveBound {
  readonly k: number;
  readonly h: number;
}

export interface HeapMapPeriod {
  readonly preperiod: number;
  readonly period: number;
  /** True when the bound above proves it for every heap; else observed on heaps 1..N only. */
  readonly proven: boolean;
}

/** The heap N from which `bound` proves a period p with preperiod e. */
export function proofHeap(bound: MoveBound, preperiod: number, period: number): number {
  return bound.h * (preperiod + period) + bound.k;
}

/**
 * The least period of phi(1..N) (phi[0] is heap 0, ignored) with its least preperiod (at least 1):
 * proven when the bound allows, else observed when the repeating part covers half the heaps and
 * three periods; null when neither.
 */
export function heapMapPeriod(phi: ArrayLike<number>, bound: MoveBound | null): HeapMapPeriod | null {
  const N = phi.length - 1;
  let observed: HeapMapPeriod | null = null;
  for (let p = 1; p <= N; p++) {
    let e = N - p + 1;
    while (e > 1 && phi[e - 1 + p] === phi[e - 1]) e--;
    if (e + p > N) continue;
    if (bound && N >= proofHeap(bound, e, p)) return { preperiod: e, period: p, proven: true };
    const tail = N - e + 1;
    if (observed === null && tail >= 3 * p && 2 * tail >= N) observed = { preperiod: e, period: p, proven: false };
  }
  return observed;
}
