import type { HeapOptions, Quotient } from './quotient-types.js';
import { MAX_TRIAL, powerShape, settleTrial, type Cycle, type Trial } from './quotient-trial.js';
import {
  certifiedLowerBound,
  type Failure,
  heapKinds,
  leastSums,
  type VerifyLimits,
  type VerifyResult,
  verifyQuotient,
} from './quotient-verify.js';

export type { HeapOptions, Quotient } from './quotient-types.js';

/**
 * The misère quotient of the sums of heaps 1..n of one heap game, grown heap by heap in the
 * quotient itself, after Plambeck and Siegel (docs/misere-quotients.md): the options of heap n
 * are sums of smaller heaps, so their classes are products in the quotient Q of heaps 1..n-1.
 * Heap n either falls into a class of Q (a conservative extension), or Q grows: a trial monoid
 * (Q times the powers of a new generator, quotient-trial.ts) gets its P-portion from the mex rule
 * and is minimised; a sum the check refutes it with sets the heaps of that sum free, and the
 * trial is remade. Whatever is returned has passed the check (quotient-verify.ts): it is the
 * quotient.
 */

export interface QuotientLimits {
  /** Refuse a quotient of more elements than this (default 2000). */
  readonly maxOrder?: number;
  /** Refuse a check that queues more states of sums than this (default 2,000,000). */
  readonly maxStates?: number;
  /** Give up after this many milliseconds of work (default: no limit). */
  readonly maxMillis?: number;
}

/** The quotient grew past a limit at `heap`: what was found for heaps 1..heap-1 stands. */
export class QuotientLimitError extends Error {
  constructor(
    readonly heap: number,
    readonly reason: string,
  ) {
    super(`at heap ${heap}: ${reason}`);
    this.name = 'QuotientLimitError';
  }
}

/** Candidates tried for one heap before giving up: each follows a refuted sum. */
const MAX_ROUNDS = 500;
/** Give up when a candidate has this many times the elements the quotient may have. */
const CANDIDATE_FACTOR = 4;

/** The quotient of no heaps: the empty sum alone, not a P-position. */
export const TRIVIAL: Quotient = {
  heaps: 0,
  order: 1,
  mult: Int32Array.of(0),
  isP: Uint8Array.of(0),
  phi: Int32Array.of(0),
  words: [[]],
};

/**
 * Grows the quotient one heap at a time. `resume` continues from a stored quotient of heaps
 * 1..resume.heaps.
 */
export class QuotientBuilder {
  private readonly opts: number[][][] = [[]];
  private q: Quotient = TRIVIAL;
  private readonly maxOrder: number;
  private readonly maxStates: number;
  private readonly deadline: number;

  constructor(
    private readonly options: HeapOptions,
    limits: QuotientLimits = {},
    resume?: Quotient,
  ) {
    this.maxOrder = limits.maxOrder ?? 2000;
    this.maxStates = limits.maxStates ?? 2_000_000;
    this.deadline = limits.maxMillis === undefined ? Number.POSITIVE_INFINITY : performance.now() + limits.maxMillis;
    if (resume) {
      for (let h = 1; h <= resume.heaps; h++) this.addOptions(h);
      this.q = resume;
    }
  }

  get heaps(): number {
    return this.q.heaps;
  }

  /** Add heap n + 1 and return the quotient of heaps 1..n + 1; throws QuotientLimitError. */
  next(): Quotient {
    const n = this.q.heaps + 1;
    this.addOptions(n);
    const prev = this.q;
    const phi = new Int32Array(n + 1);
    phi.set(prev.phi);
    if (this.opts[n]!.length === 0) {
      this.q = { ...prev, heaps: n, phi }; // a heap with no move is the empty sum
      return this.q;
    }
    const same = this.conservative(n, phi);
    this.q = same ?? this.expand(n);
    return this.q;
  }

  /** The options of heap h as sorted words of heaps that have moves (a heap with none is 0). */
  private addOptions(h: number): void {
    const seen = new Set<string>();
    const words: number[][] = [];
    for (const tuple of this.options(h)) {
      const word = tuple.filter((part) => part > 0 && (this.opts[part]?.length ?? 0) > 0).sort((a, b) => a - b);
      const key = word.join(',');
      if (!seen.has(key)) {
        seen.add(key);
        words.push(word);
      }
    }
    this.opts[h] = words;
  }

  private limits(): VerifyLimits {
    return { maxStates: this.maxStates, deadline: this.deadline };
  }

  private check(q: Quotient, n: number): Failure | null {
    if (performance.now() > this.deadline) throw new QuotientLimitError(n, 'out of time');
    const result: VerifyResult = verifyQuotient(q, this.opts, this.limits());
    if (result === 'too-many-states') {
      throw new QuotientLimitError(
        n,
        `checking a candidate quotient (${q.order} elements) queues more than ${this.maxStates} states of sums`,
      );
    }
    if (result === 'out-of-time') throw new QuotientLimitError(n, 'out of time');
    return result;
  }

  /**
   * Heap n in a class x of the quotient so far, when that passes the check. Classes that fail a
   * quick part of it first are skipped: heap n alone, and heap n added to each class's sum of
   * fewest tokens, must obey the mex rule.
   */
  private conservative(n: number, phi: Int32Array): Quotient | null {
    const q = this.q;
    const m = q.order;
    const kinds = heapKinds(q, this.opts);
    const least = leastSums(q, kinds);
    // The option classes of each class's least sum, found along its chain.
    const optionSets: (readonly number[])[] = new Array(m);
    const kindOf = new Map(kinds.map((k) => [k.heap, k]));
    for (const x of least.order) {
      const y = least.parent[x]!;
      if (y < 0) {
        optionSets[x] = [];
        continue;
      }
      const k = kindOf.get(least.heap[x]!)!;
      const set = new Set<number>();
      for (const t of optionSets[y]!) set.add(q.mult[t * m + k.w]!);
      for (const t of k.options) set.add(q.mult[y * m + t]!);
      optionSets[x] = [...set];
    }
    const own = new Set<number>();
    for (const o of this.opts[n]!) {
      let x = 0;
      for (const part of o) x = q.mult[x * m + q.phi[part]!]!;
      own.add(x);
    }
    const isP = (x: number): boolean => q.isP[x] === 1;
    for (let x = 0; x < m; x++) {
      let fits = true;
      for (const r of least.order) {
        const rx = q.mult[r * m + x]!;
        let pOption = false;
        for (const t of own) if (isP(q.mult[r * m + t]!)) pOption = true;
        for (const t of optionSets[r]!) if (isP(q.mult[t * m + x]!)) pOption = true;
        if (isP(rx) === pOption) {
          fits = false;
          break;
        }
      }
      if (!fits) continue;
      phi[n] = x;
      const candidate: Quotient = { ...q, heaps: n, phi: Int32Array.from(phi) };
      if (this.check(candidate, n) === null) return candidate;
    }
    return null;
  }

  /** A larger quotient: heap n generates new elements. */
  private expand(n: number): Quotient {
    const prev = this.q;
    const baseOf = new Int32Array(n + 1);
    baseOf.set(prev.phi);
    const cycleOf = new Int32Array(n + 1).fill(-1);
    cycleOf[n] = 0;
    let q = this.settle(n, { base: prev, cycles: [{ index: 2, period: 2 }], baseOf, cycleOf });
    if (q === null) throw new QuotientLimitError(n, `a trial monoid has more than ${MAX_TRIAL} elements`);
    // A candidate may be larger than the quotient it leads to; one far larger is taken as a sign
    // that the quotient is too large, or infinite.
    const candidates = CANDIDATE_FACTOR * this.maxOrder;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const failure = this.check(q, n);
      if (failure === null) {
        if (q.order > this.maxOrder) {
          throw new QuotientLimitError(n, `the quotient has more than ${this.maxOrder} elements`);
        }
        return q;
      }
      const next = this.recalibrate(n, q, failure);
      if (next.order > candidates) {
        // Sums below the failure are predicted rightly: the classes they tell apart are real.
        let tokens = 0;
        for (const h of failure.word) tokens += h;
        const known = certifiedLowerBound(q, this.opts, tokens);
        if (known > this.maxOrder) {
          throw new QuotientLimitError(n, `the quotient has more than ${this.maxOrder} elements`);
        }
        throw new QuotientLimitError(
          n,
          `candidate quotients grew past ${candidates} elements without passing the check; ` +
            `the quotient has at least ${known} (it may be infinite)`,
        );
      }
      q = next;
    }
    throw new QuotientLimitError(n, `${MAX_ROUNDS} candidate quotients in turn failed the check`);
  }

  private settle(n: number, trial: Trial): Quotient | null {
    if (performance.now() > this.deadline) throw new QuotientLimitError(n, 'out of time');
    return settleTrial(trial, this.opts, MAX_TRIAL);
  }

  /**
   * A trial that gets the refuted sum right: heaps of the sum are set free of q (each generates
   * its own cyclic monoid, long enough for its count in the sum), q keeping the products of the
   * other heaps; the smallest sets of heaps first (larger heaps first among sets of one size),
   * then longer cycles when no set does.
   */
  private recalibrate(n: number, q: Quotient, failure: Failure): Quotient {
    const count = new Map<number, number>();
    for (const h of failure.word) count.set(h, (count.get(h) ?? 0) + 1);
    const heaps = [...count.keys()].sort((a, b) => b - a);
    let tooLarge = false;
    for (let stretch = 0; stretch < 3; stretch++) {
      for (let size = 1; size <= heaps.length; size++) {
        for (const free of combinations(heaps, size)) {
          const baseOf = Int32Array.from(q.phi);
          const cycleOf = new Int32Array(n + 1).fill(-1);
          const cycles: Cycle[] = free.map((h, j) => {
            baseOf[h] = 0;
            cycleOf[h] = j;
            const shape = powerShape(q, q.phi[h]!);
            return {
              // A failure past the cycle's tail: the cycle at least doubles.
              index:
                Math.max(shape.index, count.get(h)!, count.get(h)! > shape.index ? 2 * shape.index : 0) + 2 * stretch,
              period: Math.max(2, shape.period) << stretch,
            };
          });
          const trial = this.settle(n, { base: q, cycles, baseOf, cycleOf });
          if (trial === null) {
            tooLarge = true;
            continue;
          }
          let x = 0;
          for (const h of failure.word) x = trial.mult[x * trial.order + trial.phi[h]!]!;
          if ((trial.isP[x] === 1) !== failure.predictedP) return trial;
        }
      }
    }
    const sum = [...count].map(([h, c]) => (c > 1 ? `${c} x ${h}` : `${h}`)).join(' + ');
    throw new QuotientLimitError(
      n,
      tooLarge
        ? `a trial monoid that gets ${sum} right has more than ${MAX_TRIAL} elements`
        : `no trial monoid got ${sum} right`,
    );
  }
}

/** The subsets of `items` of `size` elements, in lexicographic order of positions. */
function combinations<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  const pick = (from: number, chosen: T[]): void => {
    if (chosen.length === size) {
      out.push([...chosen]);
      return;
    }
    for (let i = from; i <= items.length - (size - chosen.length); i++) {
      chosen.push(items[i]!);
      pick(i + 1, chosen);
      chosen.pop();
    }
  };
  pick(0, []);
  return out;
}

/** The quotient of heaps 1..n for each n up to `heaps`, calling `each` after every heap. */
export function quotientUpTo(
  options: HeapOptions,
  heaps: number,
  limits: QuotientLimits = {},
  each?: (q: Quotient) => boolean | undefined,
): Quotient {
  const builder = new QuotientBuilder(options, limits);
  let q = builder.next();
  if (each?.(q) === true) return q;
  while (builder.heaps < heaps) {
    q = builder.next();
    if (each?.(q) === true) break;
  }
  return q;
}
