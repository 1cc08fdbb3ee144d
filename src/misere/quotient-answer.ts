import type { HeapOptions, Quotient } from './quotient-types.js';
import type { HeapMapPeriod, MoveBound } from './quotient-period.js';

/**
 * Misère outcomes of sums of heaps from a quotient: the class of the sum is the product of its
 * heaps' classes, P exactly when that class is in the P-portion; a winning move from an
 * N-position is an option whose class is in P. Heaps beyond the quotient's heaps are answered
 * only under a proven period (quotient-period.ts), by the heap p below in the same class.
 */

/** A heap's move: `heap` becomes the heaps `to` (none: it is taken away). */
export interface QuotientMove {
  readonly heap: number;
  readonly to: readonly number[];
}

export interface SumAnswer {
  /** The class of the sum (an element of the quotient). */
  readonly element: number;
  readonly outcome: 'P' | 'N';
  /** From an N-position, one move to a P-position; none from a P-position. */
  readonly move: QuotientMove | null;
}

/** Answers sums from one quotient; option classes are found once a heap and kept. */
export class QuotientAnswerer {
  private readonly optionClasses = new Map<number, Map<number, readonly number[]>>();

  constructor(
    private readonly q: Quotient,
    private readonly options: HeapOptions,
    private readonly period: HeapMapPeriod | null,
    private readonly bound: MoveBound | null,
  ) {}

  /** The heap in 1..q.heaps that stands for `n` (n itself when stored), or -1 when none does. */
  standIn(n: number): number {
    if (n <= this.q.heaps) return n;
    const pd = this.period;
    if (!pd?.proven || !this.bound) return -1;
    // Reduce into the last full period stored, past where moves lift (see optionsOf).
    const top = this.q.heaps - pd.period + 1;
    return top + ((((n - top) % pd.period) + pd.period) % pd.period);
  }

  classOf(n: number): number {
    const h = this.standIn(n);
    if (h < 0)
      throw new RangeError(`heap ${n} is beyond the quotient's heaps 1..${this.q.heaps} and no period is proven`);
    return this.q.phi[h]!;
  }

  answer(heaps: readonly number[]): SumAnswer {
    const { q } = this;
    const m = q.order;
    const classes = heaps.map((n) => this.classOf(n));
    // suffix[i]: the class of heaps i..end; the prefix is carried along.
    const suffix = new Int32Array(classes.length + 1);
    for (let i = classes.length - 1; i >= 0; i--) suffix[i] = q.mult[classes[i]! * m + suffix[i + 1]!]!;
    const element = suffix[0]!;
    if (q.isP[element] === 1) return { element, outcome: 'P', move: null };
    let prefix = 0;
    const tried = new Set<string>();
    for (let i = 0; i < heaps.length; i++) {
      const rest = q.mult[prefix * m + suffix[i + 1]!]!;
      const n = heaps[i]!;
      const key = `${n}:${rest}`;
      if (!tried.has(key)) {
        tried.add(key);
        for (const [t, to] of this.optionsOf(n)) {
          if (q.isP[q.mult[rest * m + t]!] === 1) return { element, outcome: 'N', move: { heap: n, to } };
        }
      }
      prefix = q.mult[prefix * m + classes[i]!]!;
    }
    // Only the empty sum (and sums of heaps with no move) has no option: the player to move wins by not moving.
    return { element, outcome: 'N', move: null };
  }

  /** One option of heap n per option class. A stand-in's options lift by adding n - h to the largest part. */
  private optionsOf(n: number): Map<number, readonly number[]> {
    const h = this.standIn(n);
    let byClass = this.optionClasses.get(h);
    if (!byClass) {
      byClass = new Map();
      for (const tuple of this.options(h)) {
        let t = 0;
        for (const part of tuple) t = this.q.mult[t * this.q.order + this.q.phi[part]!]!;
        if (!byClass.has(t)) byClass.set(t, [...tuple]);
      }
      this.optionClasses.set(h, byClass);
    }
    if (h === n) return byClass;
    const lifted = new Map<number, readonly number[]>();
    for (const [t, to] of byClass) {
      const parts = [...to];
      if (parts.length === 0) continue; // taking a whole heap: not an option of a stand-in (h > k)
      let big = 0;
      for (let j = 1; j < parts.length; j++) if (parts[j]! > parts[big]!) big = j;
      parts[big]! += n - h;
      lifted.set(t, parts);
    }
    return lifted;
  }
}
