import { familyOf, heapFamily } from '../games/registry.js';
import type { Values } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import type { SweepGame } from './enumerate.js';
import type { BatchResults, GameResult } from '../store/sweep-results.js';

/**
 * A batch crosses the thread boundary as a few typed arrays rather than thousands of small
 * objects: structured-cloning one object per game cost more main-thread time than solving the
 * games (profiled on the 34,220-set sweep).
 */
export type BatchGames =
  | {
      /** Finite sets: game i has the elements elements[offsets[i]..offsets[i+1]). */
      readonly kind: 'sets';
      /** The family (one with a set form) every game of the batch belongs to. */
      readonly family: string;
      readonly ords: Int32Array;
      readonly offsets: Int32Array;
      readonly elements: Int32Array;
    }
  | { readonly kind: 'rules'; readonly ords: Int32Array; readonly rules: readonly Rules[] };

export function packGames(games: readonly SweepGame[]): BatchGames {
  const ords = Int32Array.from(games, (g) => g.ord);
  const first = games[0]?.rules;
  const family = first && heapFamily(first);
  const form = family?.sets;
  if (family && form && games.every((g) => familyOf(g.rules) === family)) {
    const sets = games.map((g) => form.of(g.rules));
    const offsets = new Int32Array(games.length + 1);
    for (let i = 0; i < sets.length; i++) offsets[i + 1] = offsets[i]! + sets[i]!.length;
    const elements = new Int32Array(offsets[games.length]!);
    for (let i = 0; i < sets.length; i++) elements.set(sets[i]!, offsets[i]!);
    return { kind: 'sets', family: family.id, ords, offsets, elements };
  }
  return { kind: 'rules', ords, rules: games.map((g) => g.rules) };
}

export function batchLength(games: BatchGames): number {
  return games.ords.length;
}

/** Collects rows into BatchResults columns (worker side, and tests). */
export class BatchResultsBuilder {
  private n = 0;
  private readonly r: {
    ords: Int32Array;
    status: Uint8Array;
    preperiod: Float64Array;
    period: Float64Array;
    saltus: Float64Array;
    checkedTo: Float64Array;
    maxValue: Float64Array;
    computed: Float64Array;
    elapsedMs: Float64Array;
    criterion: Int32Array;
  };
  private readonly criteria: string[] = [''];
  private readonly criterionIndex = new Map<string, number>([['', 0]]);
  private readonly values: Values[] = [];

  constructor(capacity: number) {
    this.r = {
      ords: new Int32Array(capacity),
      status: new Uint8Array(capacity),
      preperiod: new Float64Array(capacity),
      period: new Float64Array(capacity),
      saltus: new Float64Array(capacity),
      checkedTo: new Float64Array(capacity),
      maxValue: new Float64Array(capacity),
      computed: new Float64Array(capacity),
      elapsedMs: new Float64Array(capacity),
      criterion: new Int32Array(capacity),
    };
  }

  get length(): number {
    return this.n;
  }

  push(row: GameResult): void {
    const i = this.n++;
    const r = this.r;
    const p = row.periodicity;
    r.ords[i] = row.ord;
    r.status[i] = p ? (p.proven ? 2 : 1) : 0;
    if (p) {
      r.preperiod[i] = p.preperiod;
      r.period[i] = p.period;
      r.saltus[i] = p.saltus;
      r.checkedTo[i] = p.checkedTo;
      let c = this.criterionIndex.get(p.criterion);
      if (c === undefined) {
        c = this.criteria.push(p.criterion) - 1;
        this.criterionIndex.set(p.criterion, c);
      }
      r.criterion[i] = c;
    }
    r.maxValue[i] = row.maxValue;
    r.computed[i] = row.computed;
    r.elapsedMs[i] = row.elapsedMs;
    if (row.values) this.values.push(row.values);
  }

  finish(): BatchResults {
    const n = this.n;
    const r = this.r;
    return {
      ords: r.ords.slice(0, n),
      status: r.status.slice(0, n),
      preperiod: r.preperiod.slice(0, n),
      period: r.period.slice(0, n),
      saltus: r.saltus.slice(0, n),
      checkedTo: r.checkedTo.slice(0, n),
      maxValue: r.maxValue.slice(0, n),
      computed: r.computed.slice(0, n),
      elapsedMs: r.elapsedMs.slice(0, n),
      criterion: r.criterion.slice(0, n),
      criteria: this.criteria,
      ...(this.values.length === n && n > 0 ? { values: this.values } : {}),
    };
  }
}

export function packResults(rows: readonly GameResult[]): BatchResults {
  const b = new BatchResultsBuilder(rows.length);
  for (const row of rows) b.push(row);
  return b.finish();
}

export { periodicityAt, resultAt, type BatchResults, type GameResult } from '../store/sweep-results.js';
