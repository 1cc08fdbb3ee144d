import { mergeSorted, sortedWord, without } from './words.js';
import type { HeapOptions, Quotient } from './quotient-types.js';
import { verifyQuotient, type Failure } from './quotient-verify.js';

export type { HeapOptions, Quotient } from './quotient-types.js';

/**
 * The misère quotient of the sums of heaps 1..n of one heap game, grown heap by heap
 * (docs/misere-quotients.md). The quotient is learned as the minimal automaton that reads a sum
 * heap by heap and answers "P-position?", from outcomes found by game-tree search; each guess is
 * then checked by the theorem the docs state (every sum's class says its outcome), and a sum
 * that refutes it is the next lesson. What is returned has passed that check: it is the quotient.
 */

export interface QuotientLimits {
  /** Refuse a quotient of more elements than this (default 2000). */
  readonly maxOrder?: number;
  /** Refuse a check that visits more states than this (default 2,000,000). */
  readonly maxStates?: number;
  /** Give up after this many outcome searches in all (default 20,000,000): wild games grow. */
  readonly maxSearches?: number;
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

const MEMO_LIMIT = 4_000_000;

/** Heaps h and k whose order matters from class x, seen on `test`. */
interface Twist {
  readonly x: number;
  readonly h: number;
  readonly k: number;
  readonly test: readonly number[];
}

/**
 * Grows the quotient one heap at a time. `resume` continues from a stored quotient of heaps
 * 1..resume.heaps: its tests seed the table, its classes answer sums of those heaps.
 */
export class QuotientBuilder {
  private readonly opts: number[][][] = [[]];
  private n = 0;
  private prev: Quotient | null = null;
  private readonly memo = new Map<string, boolean>();
  private readonly maxOrder: number;
  private readonly maxStates: number;
  private readonly maxSearches: number;
  private readonly deadline: number;
  private S: number[][] = [[]];
  private E: number[][] = [[]];
  private readonly testKeys = new Set<string>(['']);
  private rows: string[] = [];
  private delta: Int32Array[] = [];
  /** Outcome searches run: a measure of work. */
  searches = 0;

  constructor(
    private readonly options: HeapOptions,
    limits: QuotientLimits = {},
    resume?: Quotient,
  ) {
    this.maxOrder = limits.maxOrder ?? 2000;
    this.maxStates = limits.maxStates ?? 2_000_000;
    this.maxSearches = limits.maxSearches ?? 20_000_000;
    this.deadline = limits.maxMillis === undefined ? Number.POSITIVE_INFINITY : performance.now() + limits.maxMillis;
    if (resume) {
      for (let h = 1; h <= resume.heaps; h++) this.addOptions(h);
      this.n = resume.heaps;
      this.prev = resume;
      this.E = [];
      this.testKeys.clear();
      for (const t of resume.tests) this.addTest(t);
    }
  }

  get heaps(): number {
    return this.n;
  }

  /** Add heap n + 1 and return the quotient of heaps 1..n + 1; throws QuotientLimitError. */
  next(): Quotient {
    const n = this.n + 1;
    this.addOptions(n);
    this.n = n;
    for (;;) {
      this.close();
      const twisted = this.nonCommuting();
      if (twisted) {
        this.separate(twisted);
        continue;
      }
      const failure = verifyQuotient(this.hypothesis(), this.opts, this.maxStates);
      if (failure === 'too-many-states') {
        throw new QuotientLimitError(n, `checking the quotient visits more than ${this.maxStates} states`);
      }
      if (failure === null) break;
      this.learn(this.counterexample(failure));
    }
    const q = this.hypothesis();
    this.prev = q;
    return q;
  }

  /** The options of heap h as sorted words of heaps that have moves (a heap with none is 0). */
  private addOptions(h: number): void {
    const seen = new Set<string>();
    const words: number[][] = [];
    for (const tuple of this.options(h)) {
      const word = sortedWord(tuple.filter((part) => part > 0 && (this.opts[part]?.length ?? 0) > 0));
      const key = word.join(',');
      if (!seen.has(key)) {
        seen.add(key);
        words.push(word);
      }
    }
    this.opts[h] = words;
  }

  private live(h: number): boolean {
    return (this.opts[h]?.length ?? 0) > 0;
  }

  /** Whether the sum `word` (sorted, heaps with moves only) is a misère P-position. */
  private isP(word: readonly number[]): boolean {
    if (word.length === 0) return false; // the player to move has no move, and wins
    const prev = this.prev;
    if (prev && word[word.length - 1]! <= prev.heaps) {
      let x = 0;
      for (const h of word) x = prev.mult[x * prev.order + prev.phi[h]!]!;
      return prev.isP[x] === 1;
    }
    const key = String.fromCharCode(...word); // heaps are below 2^16
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    if (++this.searches > this.maxSearches) {
      throw new QuotientLimitError(this.n, `more than ${this.maxSearches} outcome searches`);
    }
    if ((this.searches & 1023) === 0 && performance.now() > this.deadline) {
      throw new QuotientLimitError(this.n, 'out of time');
    }
    // Largest heap first: moving the new heap often leaves a sum the smaller quotient answers at once.
    let p = true;
    for (let i = word.length - 1; i >= 0 && p; i--) {
      if (i < word.length - 1 && word[i] === word[i + 1]) continue;
      const rest = without(word, i);
      for (const o of this.opts[word[i]!]!) {
        if (this.isP(mergeSorted(rest, o))) {
          p = false;
          break;
        }
      }
    }
    if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
    this.memo.set(key, p);
    return p;
  }

  private observe(seq: readonly number[]): boolean {
    return this.isP(sortedWord(seq));
  }

  private rowOf(seq: readonly number[]): string {
    const word = sortedWord(seq);
    let row = '';
    for (const e of this.E) row += this.isP(mergeSorted(word, sortedWord(e))) ? '1' : '0';
    return row;
  }

  private addTest(seq: readonly number[]): void {
    const key = seq.join(',');
    if (this.testKeys.has(key)) return;
    this.testKeys.add(key);
    this.E.push([...seq]);
  }

  /** Make the table closed: every class times every heap is a class. Words stay distinct by row. */
  private close(): void {
    const index = new Map<string, number>();
    this.rows = this.S.map((s) => this.rowOf(s));
    for (const [i, r] of this.rows.entries()) index.set(r, i);
    this.delta = [];
    for (let i = 0; i < this.S.length; i++) {
      const d = new Int32Array(this.n + 1);
      for (let h = 1; h <= this.n; h++) {
        if (!this.live(h)) continue;
        const seq = [...this.S[i]!, h];
        const row = this.rowOf(seq);
        let j = index.get(row);
        if (j === undefined) {
          j = this.S.length;
          if (j >= this.maxOrder) {
            throw new QuotientLimitError(this.n, `the quotient has more than ${this.maxOrder} elements`);
          }
          this.S.push(seq);
          this.rows.push(row);
          index.set(row, j);
        }
        d[h] = j;
      }
      this.delta.push(d);
    }
  }

  private run(from: number, seq: readonly number[]): number {
    let x = from;
    for (const h of seq) x = this.delta[x]![h]!;
    return x;
  }

  /** Two heaps whose order matters from some class: the table is not yet a commutative monoid. */
  private nonCommuting(): Twist | null {
    const m = this.S.length;
    for (let x = 0; x < m; x++) {
      for (let h = 1; h <= this.n; h++) {
        if (!this.live(h)) continue;
        for (let k = h + 1; k <= this.n; k++) {
          if (!this.live(k)) continue;
          const a = this.delta[this.delta[x]![h]!]![k]!;
          const b = this.delta[this.delta[x]![k]!]![h]!;
          if (a === b) continue;
          const ra = this.rows[a]!;
          const rb = this.rows[b]!;
          let j = 0;
          while (ra[j] === rb[j]) j++;
          return { x, h, k, test: this.E[j]! };
        }
      }
    }
    return null;
  }

  /**
   * The classes reached by h then k and by k then h differ on `test`, so S[x] + h + k + test
   * differs in outcome from S[delta(x, h)] + k + test or from S[delta(x, k)] + h + test: the
   * suffix after the first heap tells a word from its class's word, a new test.
   */
  private separate({ x, h, k, test }: Twist): void {
    const whole = this.observe([...this.S[x]!, h, k, ...test]);
    const viaH = this.observe([...this.S[this.delta[x]![h]!]!, k, ...test]);
    this.addTest(whole !== viaH ? [k, ...test] : [h, ...test]);
  }

  private hypothesis(): Quotient {
    const m = this.S.length;
    const mult = new Int32Array(m * m);
    for (let x = 0; x < m; x++) for (let y = 0; y < m; y++) mult[x * m + y] = this.run(x, this.S[y]!);
    const isP = Uint8Array.from(this.rows, (r) => (r[0] === '1' ? 1 : 0));
    const phi = new Int32Array(this.n + 1);
    for (let h = 1; h <= this.n; h++) phi[h] = this.live(h) ? this.delta[0]![h]! : 0;
    return {
      heaps: this.n,
      order: m,
      mult,
      isP,
      phi,
      words: this.S.map((s) => [...s]),
      tests: this.E.map((e) => [...e]),
    };
  }

  private predict(seq: readonly number[]): boolean {
    return this.rows[this.run(0, seq)]![0] === '1';
  }

  /** A sequence of heaps whose outcome the current table predicts wrongly. */
  private counterexample(failure: Failure): number[] {
    const candidates =
      failure.kind === 'p-option' ? [failure.word, failure.option] : [failure.word, ...this.optionsOf(failure.word)];
    for (const seq of candidates) if (this.observe(seq) !== this.predict(seq)) return [...seq];
    throw new Error(`internal error: no counterexample for a ${failure.kind} failure at heap ${this.n}`);
  }

  private optionsOf(word: readonly number[]): number[][] {
    const out: number[][] = [];
    word.forEach((h, i) => {
      const rest = without(word, i);
      for (const o of this.opts[h]!) out.push([...rest, ...o]);
    });
    return out;
  }

  /**
   * Learn from a mispredicted sequence (Rivest and Schapire's split): find where replacing the
   * read prefix by its class's word flips the outcome; the rest is a new test.
   */
  private learn(seq: readonly number[]): void {
    const states = [0];
    for (const h of seq) states.push(this.delta[states[states.length - 1]!]![h]!);
    const alpha = (i: number): boolean => this.observe([...this.S[states[i]!]!, ...seq.slice(i)]);
    const first = alpha(0);
    let lo = 0;
    let hi = seq.length;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (alpha(mid) === first) lo = mid;
      else hi = mid;
    }
    this.addTest(seq.slice(lo + 1));
  }
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
