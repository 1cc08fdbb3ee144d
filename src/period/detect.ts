import { searchTail } from './tail-match.js';
import { reversedZ, type Escapes } from './z-function.js';

/** A periodicity claim: g(n + period) = g(n) + saltus for every n >= preperiod. */
export interface Periodicity {
  readonly preperiod: number;
  readonly period: number;
  readonly saltus: number;
  readonly proven: boolean;
  /** The proof criterion that proves it (README: Periodicity), or 'observed'. */
  readonly criterion: string;
  /** How many values (g(0..checkedTo-1)) the claim was checked on. */
  readonly checkedTo: number;
}

/**
 * How a family's periodicity is proven from a finite prefix (README: Periodicity):
 * 'suffix' criteria hold once g(j) = g(j - p) for every j in [E(L), L), with E(L) the latest
 * start the theorem allows for L values.
 */
export type ProofCriterion =
  | { readonly kind: 'window'; readonly k: number; readonly label: string }
  | { readonly kind: 'take-break'; readonly k: number; readonly h: number; readonly label: string }
  | { readonly kind: 'nim'; readonly label: string }
  /**
   * A theorem gives the values (Lasker's Nim): g(n + period) = g(n) + saltus for n >= preperiod.
   * Proven when the arithmetic period found is exactly that one.
   */
  | {
      readonly kind: 'formula';
      readonly preperiod: number;
      readonly period: number;
      readonly saltus: number;
      readonly label: string;
    };

/** What a detector is told about the game: the family answers it (games/registry.ts periodDetector). */
export interface PeriodRule {
  /** How a period is proven, or null when it is only ever observed. */
  readonly criterion: ProofCriterion | null;
  /** Values grow without bound: periodicity is arithmetic (with a saltus). */
  readonly arithmetic: boolean;
}

/** The latest start E such that a match over [E, L) proves the period, or -1. */
function proofStart(criterion: ProofCriterion, L: number): number {
  switch (criterion.kind) {
    case 'window':
      return L - Math.max(1, criterion.k);
    case 'take-break':
      // h*e + h*p + k <= L  <=>  e + p <= floor((L - k) / h)
      return Math.floor((L - criterion.k) / criterion.h);
    case 'nim':
    case 'formula':
      return -1;
  }
}

/** Reusable scratch for the Z-function: checks run often during a long compute. */
export class PeriodDetector {
  private z: Int32Array = new Int32Array(0);
  private diffs: Int32Array = new Int32Array(0);

  readonly criterion: ProofCriterion | null;
  private readonly arithmetic: boolean;

  constructor(rule: PeriodRule) {
    this.criterion = rule.criterion;
    this.arithmetic = rule.arithmetic;
  }

  /**
   * The least period (then the least preperiod) that the first L values support: proven when
   * the family's criterion holds, else observed when the repeating tail covers at least half
   * of the data and three periods; null when neither.
   */
  detect(g: ArrayLike<number>, L: number, escapes?: Escapes): Periodicity | null {
    if (L < 2) return null;
    if (this.arithmetic) return this.detectArithmetic(g, L);
    const crit = this.criterion;
    const E = crit ? proofStart(crit, L) : -1;
    const found = searchTail(g, L, E, undefined, escapes);
    if (found) {
      if (found.proven) {
        const { period: p, z } = found.proven;
        return {
          preperiod: Math.max(0, L - z - p),
          period: p,
          saltus: 0,
          proven: true,
          criterion: crit!.label,
          checkedTo: L,
        };
      }
      if (!found.observed) return null;
      const { period: p, z } = found.observed;
      return {
        preperiod: Math.max(0, L - z - p),
        period: p,
        saltus: 0,
        proven: false,
        criterion: 'observed',
        checkedTo: L,
      };
    }
    return this.detectByZ(g, L, escapes);
  }

  /** The same answer as detect() through the Z-function: linear time whatever the sequence. */
  detectByZ(g: ArrayLike<number>, L: number, escapes?: Escapes): Periodicity | null {
    if (L < 2) return null;
    if (this.arithmetic) return this.detectArithmetic(g, L);
    this.z = reversedZ(g, L, this.z.length >= L ? this.z : new Int32Array(L), escapes);
    const z = this.z;
    const crit = this.criterion;
    if (crit && crit.kind !== 'nim' && crit.kind !== 'formula') {
      const E = proofStart(crit, L);
      const need = L - E;
      for (let p = 1; p <= E; p++) {
        if (z[p]! >= need) {
          return {
            preperiod: Math.max(0, L - z[p]! - p),
            period: p,
            saltus: 0,
            proven: true,
            criterion: crit.label,
            checkedTo: L,
          };
        }
      }
    }
    const observed = observedPeriod(z, L);
    return observed ? { ...observed, saltus: 0, proven: false, criterion: 'observed', checkedTo: L } : null;
  }

  /** g(n + p) = g(n) + s  <=>  the first differences are periodic with period p. */
  private detectArithmetic(g: ArrayLike<number>, L: number): Periodicity | null {
    const D = L - 1;
    if (this.diffs.length < D) this.diffs = new Int32Array(D);
    const d = this.diffs;
    for (let n = 1; n < L; n++) d[n - 1] = g[n]! - g[n - 1]!;
    this.z = reversedZ(d, D, this.z.length >= D ? this.z : new Int32Array(D));
    const found = observedPeriod(this.z, D);
    if (!found) return null;
    // d index i is the step from g(i) to g(i+1): periodic differences from index e make g
    // arithmetic-periodic from n = e.
    const { preperiod: e, period: p } = found;
    const saltus = g[e + p]! - g[e]!;
    const c = this.criterion;
    const theorem = c?.kind === 'nim' ? { preperiod: 0, period: 1, saltus: 1 } : c?.kind === 'formula' ? c : null;
    const theoremProof =
      theorem !== null && e === theorem.preperiod && p === theorem.period && saltus === theorem.saltus;
    return {
      preperiod: e,
      period: p,
      saltus,
      proven: theoremProof,
      criterion: theoremProof ? this.criterion!.label : 'observed',
      checkedTo: L,
    };
  }
}

/** Least p whose repeating tail spans at least half of the L values and three periods. */
function observedPeriod(z: Int32Array, L: number): { preperiod: number; period: number } | null {
  for (let p = 1; 3 * p <= L; p++) {
    const run = z[p]! + p;
    if (z[p]! >= 2 * p && 2 * run >= L) return { preperiod: Math.max(0, L - run), period: p };
  }
  return null;
}
